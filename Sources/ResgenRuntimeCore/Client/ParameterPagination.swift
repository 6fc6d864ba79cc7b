import Foundation

/// How a collection pages when its pages carry no `next` link: by query parameters, with the page's
/// `meta` saying when to stop.
///
/// Some servers write no pagination links at all, only page state in `meta`
/// (`{"pagination": {"page": 2, "per_page": 10, "has_next": true}, "count": 30}`). A schema's
/// `pagination:` declares how such a collection pages, and generated code hands it to the runtime
/// (``ParameterPaginated``); ``Client/pages(_:query:maximumPages:)`` then goes on by parameters after a
/// page without pagination links. A `next` link, when a page has one, is always followed as given, a
/// `last` link is walked toward, and a walk whose pages had `next` links (or a page with `prev` or
/// `first`) ends at the first page without `next`: parameters are for servers that write no links.
///
/// After a page without links the walk stops when any of these says so, in this order:
/// - the page has no items;
/// - ``hasNext`` is `false` in the page's `meta`;
/// - ``count`` is reached (the items up to this page: the page's offset plus its items, or its number
///   times its size, else the items read so far);
/// - ``totalPages`` is reached (the page number, else the pages read so far);
/// - ``Style-swift.enum/cursor(parameter:next:size:)``'s next cursor is absent, `null` or empty.
///
/// Otherwise the next request is the page's own URL with one parameter changed (the number plus one,
/// the offset plus the page's items, or the next cursor), every other query item kept as the URL
/// spells it. A URL is never requested twice in one walk, and a computed page with the same items as
/// the page before it (a server that ignores the parameter) ends the walk without being returned.
public struct ParameterPagination: Hashable, Sendable {
    /// Which parameter moves from page to page.
    public enum Style: Hashable, Sendable {
        /// `page=2&per_page=10`: the page number (pages numbered from `firstPage`) and, optionally, a
        /// size parameter.
        case pageNumber(page: String, size: String?, firstPage: Int)
        /// `offset=20&limit=10`: the index of the page's first item and, optionally, a limit
        /// parameter. The next offset is this one plus the number of items this page had.
        case offset(offset: String, limit: String?)
        /// `cursor=abc`: the next page's cursor, read from the page's `meta` at `next`, and,
        /// optionally, a size parameter.
        case cursor(parameter: String, next: [String], size: String?)
    }

    /// Which parameter moves from page to page.
    public var style: Style
    /// The page size, sent in the size (or limit) parameter of every request when the caller's query
    /// does not already carry it; nil leaves the size to the server.
    public var pageSize: Int?
    /// Where in `meta` a boolean says whether there is a page after this one (`["pagination",
    /// "has_next"]`).
    public var hasNext: [String]?
    /// Where in `meta` the number of pages is.
    public var totalPages: [String]?
    /// Where in `meta` the number of items in the whole collection is.
    public var count: [String]?

    /// Creates a pagination rule.
    ///
    /// - Parameters:
    ///   - style: Which parameter moves from page to page.
    ///   - pageSize: The page size every request asks for, or nil.
    ///   - hasNext: The path in `meta` of a boolean "there is a next page", or nil.
    ///   - totalPages: The path in `meta` of the number of pages, or nil.
    ///   - count: The path in `meta` of the number of items, or nil.
    public init(_ style: Style, pageSize: Int? = nil, hasNext: [String]? = nil, totalPages: [String]? = nil, count: [String]? = nil) {
        self.style = style
        self.pageSize = pageSize
        self.hasNext = hasNext
        self.totalPages = totalPages
        self.count = count
    }

    /// The size (or limit) parameter, if the style has one.
    var sizeParameter: String? {
        switch style {
        case .pageNumber(_, let size, _): size
        case .offset(_, let limit): limit
        case .cursor(_, _, let size): size
        }
    }

    /// `url` with the size parameter set to ``pageSize`` when it does not carry one yet.
    func firstURL(_ url: URL) -> URL {
        guard let pageSize, let name = sizeParameter, URLQueryEditing.value(of: name, in: url) == nil else { return url }
        return URLQueryEditing.setting(name, to: String(pageSize), in: url) ?? url
    }

    /// The URL of the page after `page`, or nil when the page's `meta` (or its emptiness) says it is
    /// the last; `itemsRead` and `pagesRead` count `page` in.
    func url(after page: PageFacts, itemsRead: Int, pagesRead: Int) -> URL? {
        guard page.itemCount > 0 else { return nil }
        if let hasNext, let value = Self.value(at: hasNext, in: page.meta), Self.isFalse(value) { return nil }
        let size = sizeParameter.flatMap { URLQueryEditing.value(of: $0, in: page.url).flatMap(Int.init) } ?? pageSize
        switch style {
        case .pageNumber(let name, _, let firstPage):
            let number = URLQueryEditing.value(of: name, in: page.url).flatMap(Int.init) ?? firstPage
            let ordinal = number - firstPage + 1
            if let total = integer(at: count, in: page.meta) {
                let reached = size.map { ordinal * $0 } ?? itemsRead
                if reached >= total { return nil }
            }
            if let pages = integer(at: totalPages, in: page.meta), ordinal >= pages { return nil }
            return URLQueryEditing.setting(name, to: String(number + 1), in: page.url)
        case .offset(let name, _):
            let offset = URLQueryEditing.value(of: name, in: page.url).flatMap(Int.init) ?? 0
            let next = offset + page.itemCount
            if let total = integer(at: count, in: page.meta), next >= total { return nil }
            if let pages = integer(at: totalPages, in: page.meta) {
                let ordinal = size.map { ($0 > 0 ? (next + $0 - 1) / $0 : pagesRead) } ?? pagesRead
                if ordinal >= pages { return nil }
            }
            return URLQueryEditing.setting(name, to: String(next), in: page.url)
        case .cursor(let name, let nextPath, _):
            if let total = integer(at: count, in: page.meta), itemsRead >= total { return nil }
            if let pages = integer(at: totalPages, in: page.meta), pagesRead >= pages { return nil }
            guard let cursor = Self.value(at: nextPath, in: page.meta).flatMap(Self.text), !cursor.isEmpty else { return nil }
            return URLQueryEditing.setting(name, to: cursor, in: page.url)
        }
    }

    /// The whole number at `path` in `meta` (a JSON number or a numeric string), if any.
    private func integer(at path: [String]?, in meta: JSONValue?) -> Int? {
        guard let path, let value = Self.value(at: path, in: meta) else { return nil }
        switch value {
        case .number(let number): return number.isFinite && number >= 0 && number < 1e15 ? Int(number) : nil
        case .string(let text): return Int(text)
        default: return nil
        }
    }

    /// The member at `path` (object keys; an array's element by its decimal index).
    static func value(at path: [String], in meta: JSONValue?) -> JSONValue? {
        var value = meta
        for key in path {
            switch value {
            case .object(let object)?: value = object[key]
            case .array(let array)?: value = Int(key).flatMap { array.indices.contains($0) ? array[$0] : nil }
            default: return nil
            }
        }
        return value
    }

    /// Whether `value` says "no": `false`, `0`, `"false"`, or `null`.
    private static func isFalse(_ value: JSONValue) -> Bool {
        switch value {
        case .bool(let flag): !flag
        case .number(let number): number == 0
        case .string(let text): text.lowercased() == "false"
        case .null: true
        default: false
        }
    }

    /// A cursor's text: a string, or a number written as an integer when it is one.
    private static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .number(let number):
            return number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        default: return nil
        }
    }
}

/// What the walk knows of one page, whatever its item type.
struct PageFacts {
    var url: URL
    var itemCount: Int
    var meta: JSONValue?
}

/// A resource whose collection pages by query parameters when a page has no `next` link (schema
/// `pagination:`); see ``ParameterPagination``.
public protocol ParameterPaginated {
    /// How the resource's collections page without `next` links.
    static var parameterPagination: ParameterPagination { get }
}
