/// A resource's `pagination:` → its `ParameterPaginated` conformance.
extension Translator {
    /// `context` with the pagination of `resource`, when it declares one.
    func addingPagination(of resource: ResourceInfo, to context: ResourceContext) -> ResourceContext {
        guard let pagination = resource.pagination else { return context }
        var context = context
        var result = PaginationContext(
            access: access,
            paginationDoc: SwiftSyntax.docLines(
                "How the collection of ``\(resource.name)`` pages when a page has no `next` link: by query parameters, until the page's `meta` or an empty page says it was the last.",
                remark: pagination.keyPath),
            paginationIsPageNumber: false, paginationIsOffset: false, paginationIsCursor: false,
            paginationHasArguments: false, paginationArguments: [])
        switch pagination.style {
        case .pageNumber(let page, let size, let firstPage):
            result.paginationIsPageNumber = true
            result.paginationPageLiteral = SwiftSyntax.stringLiteral(page)
            result.paginationSizeLiteral = SwiftSyntax.stringLiteral(size)
            result.paginationFirstPage = String(firstPage)
        case .offset(let offset, let limit):
            result.paginationIsOffset = true
            result.paginationOffsetLiteral = SwiftSyntax.stringLiteral(offset)
            result.paginationLimitLiteral = SwiftSyntax.stringLiteral(limit)
        case .cursor(let parameter, let next, let size):
            result.paginationIsCursor = true
            result.paginationCursorLiteral = SwiftSyntax.stringLiteral(parameter)
            result.paginationNextCursorLiteral = Self.keysLiteral(next)
            result.paginationSizeLiteral = SwiftSyntax.stringLiteral(size)
        }
        let arguments: [(String, String?)] = [
            ("pageSize", pagination.pageSize.map(String.init)),
            ("hasNext", pagination.hasNext.map(Self.keysLiteral)),
            ("totalPages", pagination.totalPages.map(Self.keysLiteral)),
            ("count", pagination.count.map(Self.keysLiteral)),
        ]
        let given = arguments.compactMap { label, value in value.map { (label, $0) } }
        result.paginationArguments = given.enumerated().map { index, argument in
            PaginationArgumentContext(paginationArgumentLabel: argument.0, paginationArgumentValue: argument.1, paginationArgumentIsLast: index == given.count - 1)
        }
        result.paginationHasArguments = !given.isEmpty
        context.pagination = result
        return context
    }

    /// `["pagination", "has_next"]`.
    private static func keysLiteral(_ keys: [String]) -> String {
        "[" + keys.map(SwiftSyntax.stringLiteral).joined(separator: ", ") + "]"
    }
}
