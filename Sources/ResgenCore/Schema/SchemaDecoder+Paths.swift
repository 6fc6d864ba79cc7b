/// A resource's `paths:` (further paths of its collection).
extension SchemaDecoder {
    /// Reads one entry of `paths:`: `inProject: { parent: Project, path: tasks, operations: [list] }`.
    func decodePath(_ entry: RawNode.Entry, context: String) -> ResourcePathDecl {
        var decl = ResourcePathDecl(name: name(entry))
        guard var reader = MappingReader(entry.value, shape: .resourcePath, context: context, diagnostics: diagnostics) else { return decl }
        decl.path = reader.string("path")
        decl.parent = reader.string("parent")
        decl.operations = reader.strings("operations") ?? []
        decl.description = reader.string("description")?.value
        decl.acceptsIncludes = reader.strings("acceptsIncludes")
        reader.finish()
        return decl
    }
}
