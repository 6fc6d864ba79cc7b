/// A resource's `pagination:` (pages without links).
extension SchemaDecoder {
    /// Reads `pagination: { style: pageNumber, page: page, size: per_page, hasNext: pagination.has_next }`.
    func decodePagination(_ node: RawNode?, keyLocation: SourceLocation?, context: String) -> PaginationDecl? {
        guard let node, let keyLocation, !node.isNull else { return nil }
        guard var reader = MappingReader(node, shape: .pagination, context: context, diagnostics: diagnostics) else { return nil }
        var decl = PaginationDecl(keyLocation: keyLocation)
        decl.style = reader.string("style")
        for key in PaginationDecl.parameterKeys {
            decl.parameters[key] = reader.string(key)
        }
        decl.firstPage = reader.string("firstPage")
        decl.pageSize = reader.string("pageSize")
        for key in PaginationDecl.metaPathKeys {
            decl.metaPaths[key] = reader.string(key)
        }
        reader.finish()
        return decl
    }
}
