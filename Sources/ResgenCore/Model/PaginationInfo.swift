/// A resource's validated `pagination:`: how its collection pages when a page has no `next` link.
public struct PaginationInfo: Hashable, Sendable {
    /// Which parameter moves from page to page, with the parameters' names.
    public enum Style: Hashable, Sendable {
        /// `page[number]=2`; the size parameter; the first page's number.
        case pageNumber(page: String, size: String, firstPage: Int)
        /// `page[offset]=20`; the limit parameter.
        case offset(offset: String, limit: String)
        /// `page[cursor]=…`; the path in `meta` of the next cursor; the size parameter.
        case cursor(parameter: String, next: [String], size: String)
    }

    /// The style.
    public var style: Style
    /// The page size every request asks for, if declared.
    public var pageSize: Int?
    /// Paths in `meta` (object keys, in order).
    public var hasNext: [String]?
    public var totalPages: [String]?
    public var count: [String]?
    /// The schema key path (`resources.Event.pagination`), for the generated remark.
    public var keyPath: String
}
