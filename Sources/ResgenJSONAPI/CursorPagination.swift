import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// What a page says under the JSON:API cursor pagination profile
/// (http://jsonapi.org/profiles/ethanresnick/cursor-pagination/): each item's cursor, whether a range
/// request was cut short, and the collection's size when the server tells it.
///
/// A page has one (``Page/cursorPagination``) when its `meta.page` or any item's `meta.page.cursor`
/// is there; the members the profile defines are read when they have the profile's types and ignored
/// otherwise (the profile calls other values unrecognized). Ask for such pages with
/// ``Client/pages(_:cursor:query:direction:maximumPages:)``.
public struct CursorPagination: Hashable, Sendable {
    /// The profile's URI, as the profile names itself (`http:`); servers that write it with `https:`
    /// are recognized too (``isProfile(_:)``).
    public static let profile = URL(string: "http://jsonapi.org/profiles/ethanresnick/cursor-pagination/")!

    /// Whether `uri` names this profile, with either scheme.
    public static func isProfile(_ uri: URL) -> Bool {
        Self.withoutScheme(uri.absoluteString) == Self.withoutScheme(profile.absoluteString)
    }

    /// The cursor of each item (`meta.page.cursor` of its resource object), in the page's order; nil
    /// for an item the server sent without one. Paginate from an item with
    /// ``CursorPageRequest/after(_:size:)`` or ``CursorPageRequest/before(_:size:)``.
    public var itemCursors: [String?]
    /// `meta.page.rangeTruncated`: the page answers a range request (`page[after]` and `page[before]`)
    /// with fewer items than the range holds (the used page size was reached). False when absent.
    public var rangeTruncated: Bool
    /// `meta.page.total`: how many items the whole collection has, when the server says.
    public var total: Int?
    /// `meta.page.estimatedTotal.bestGuess`: the server's estimate of that, when it gives one.
    public var estimatedTotal: Int?

    /// Creates the values.
    public init(itemCursors: [String?] = [], rangeTruncated: Bool = false, total: Int? = nil, estimatedTotal: Int? = nil) {
        self.itemCursors = itemCursors
        self.rangeTruncated = rangeTruncated
        self.total = total
        self.estimatedTotal = estimatedTotal
    }

    /// The cursor of the first item, to page backward from it.
    public var firstCursor: String? { itemCursors.first ?? nil }
    /// The cursor of the last item, to page forward from it.
    public var lastCursor: String? { itemCursors.last ?? nil }

    /// The profile's values in a page's top-level `meta` and its items' `meta`; nil when there are none.
    init?(meta: JSONValue?, itemMeta: [JSONValue?]) {
        let cursors = itemMeta.map { $0?["page"]?["cursor"]?.stringValue }
        let page = meta?["page"]
        guard case .object = page else {
            guard cursors.contains(where: { $0 != nil }) else { return nil }
            self.init(itemCursors: cursors)
            return
        }
        var truncated = false
        if case .bool(let value)? = page?["rangeTruncated"] { truncated = value }
        self.init(
            itemCursors: cursors, rangeTruncated: truncated, total: Self.integer(page?["total"]),
            estimatedTotal: Self.integer(page?["estimatedTotal"]?["bestGuess"]))
    }

    /// An integral JSON number as an `Int`; nil for anything else.
    static func integer(_ value: JSONValue?) -> Int? {
        guard case .number(let number)? = value, number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    private static func withoutScheme(_ uri: String) -> Substring {
        guard let colon = uri.firstIndex(of: ":") else { return Substring(uri) }
        return uri[uri.index(after: colon)...]
    }
}
