/// A resource's `pagination:` as data for `Templates/ResourcePaths.mustache`: the
/// `ParameterPaginated` conformance that hands the runtime how the collection pages without `next`
/// links. Keys start with `pagination` so none falls through to the resource's.
public struct PaginationContext: Encodable, Hashable, Sendable {
    /// As ``ResourceContext/access``.
    public var access: String
    /// The conformance's doc comment lines.
    public var paginationDoc: [String]
    /// Which style: exactly one is true.
    public var paginationIsPageNumber: Bool
    public var paginationIsOffset: Bool
    public var paginationIsCursor: Bool
    /// The parameter names as string literals (those of the style; nil otherwise).
    public var paginationPageLiteral: String?
    public var paginationSizeLiteral: String?
    public var paginationOffsetLiteral: String?
    public var paginationLimitLiteral: String?
    public var paginationCursorLiteral: String?
    /// pageNumber: the first page's number.
    public var paginationFirstPage: String?
    /// cursor: the path in `meta` of the next cursor, as an array literal.
    public var paginationNextCursorLiteral: String?
    /// Whether any of ``paginationArguments`` follows the style.
    public var paginationHasArguments: Bool
    /// The declared optional arguments, in the initializer's order.
    public var paginationArguments: [PaginationArgumentContext]
}

/// One labelled argument of `ParameterPagination(_:pageSize:hasNext:totalPages:count:)`.
public struct PaginationArgumentContext: Encodable, Hashable, Sendable {
    /// The label: `pageSize`, `hasNext`, `totalPages` or `count`.
    public var paginationArgumentLabel: String
    /// The value as Swift: `10`, `["pagination", "has_next"]`.
    public var paginationArgumentValue: String
    /// Whether it is the last argument (no comma after it).
    public var paginationArgumentIsLast: Bool
}
