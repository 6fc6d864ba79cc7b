import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// Where a cursor-paginated walk starts (the JSON:API cursor pagination profile): `page[size]`,
/// `page[after]` and `page[before]`.
///
/// ```swift
/// for try await page in client.pages(Article.list(), cursor: .first(size: 20)) { … }
/// let older = client.pages(Article.list(), cursor: .before(cursor, size: 20), direction: .backward)
/// ```
///
/// With both cursors it is a range request: the pages hold the items between them and no more.
public struct CursorPageRequest: Hashable, Sendable {
    /// `page[size]`: how many items a page should hold; the server's default when nil. It must be
    /// positive: a server answers `page[size]=0` with an invalid-parameter error.
    public var size: Int?
    /// `page[after]`: the page starts right after the item this cursor falls on.
    public var after: String?
    /// `page[before]`: the page ends right before the item this cursor falls on.
    public var before: String?

    /// Creates the request.
    public init(size: Int? = nil, after: String? = nil, before: String? = nil) {
        self.size = size
        self.after = after
        self.before = before
    }

    /// The first page (neither cursor).
    public static func first(size: Int? = nil) -> CursorPageRequest { CursorPageRequest(size: size) }

    /// The page after `cursor` (an item cursor, ``CursorPagination/itemCursors``).
    public static func after(_ cursor: String, size: Int? = nil) -> CursorPageRequest { CursorPageRequest(size: size, after: cursor) }

    /// The page before `cursor`.
    public static func before(_ cursor: String, size: Int? = nil) -> CursorPageRequest { CursorPageRequest(size: size, before: cursor) }

    /// The items strictly between two cursors (a range request), `size` at a time.
    public static func between(after: String, before: String, size: Int? = nil) -> CursorPageRequest {
        CursorPageRequest(size: size, after: after, before: before)
    }

    /// Whether both cursors are given: a range request, whose pages end at `page[before]`.
    public var isRange: Bool { after != nil && before != nil }

    /// `page[size]`, `page[after]` and `page[before]`, for those that are set.
    public var queryItems: [QueryItem] {
        var items: [QueryItem] = []
        if let size { items.append(QueryItem(name: "page[size]", value: String(size))) }
        if let after { items.append(QueryItem(name: "page[after]", value: after)) }
        if let before { items.append(QueryItem(name: "page[before]", value: before)) }
        return items
    }
}
