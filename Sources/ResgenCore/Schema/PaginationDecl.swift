/// A resource's `pagination:`: how its collection pages when a page has no `next` link (issue 49),
/// as written. The ``Validator`` checks the style, which keys it allows, the numbers and the paths
/// into `meta`.
public struct PaginationDecl: Hashable, Sendable {
    /// `style`: `pageNumber`, `offset` or `cursor`.
    public var style: Located<String>?
    /// Query parameter names: `page`, `size` (pageNumber, cursor), `offset`, `limit` (offset),
    /// `cursor` (cursor); keyed by the schema key.
    public var parameters: [String: Located<String>] = [:]
    /// `firstPage` (pageNumber) and `pageSize`, as written.
    public var firstPage: Located<String>?
    public var pageSize: Located<String>?
    /// Paths into the page's `meta` (dotted, or JSON pointers), keyed by the schema key: `hasNext`,
    /// `totalPages`, `count`, `nextCursor`.
    public var metaPaths: [String: Located<String>] = [:]
    /// Where the `pagination` key is.
    public var keyLocation: SourceLocation

    /// Creates an empty declaration at `keyLocation`.
    public init(keyLocation: SourceLocation) {
        self.keyLocation = keyLocation
    }

    /// The query parameter keys, in the order the schema language lists them.
    public static let parameterKeys = ["page", "size", "offset", "limit", "cursor"]
    /// The keys that hold a path into `meta`.
    public static let metaPathKeys = ["hasNext", "totalPages", "count", "nextCursor"]
}
