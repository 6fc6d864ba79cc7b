/// The `entry:` block (the API's entry point).
extension SchemaDecoder {
    /// Reads `entry: { path: /, links: { search: { rel: "ea:find", templated: true } } }`.
    func decodeEntry(_ node: RawNode) -> EntryDecl? {
        var entry = EntryDecl(location: node.location)
        guard var reader = MappingReader(node, shape: .entry, context: "entry", diagnostics: diagnostics) else { return nil }
        entry.path = reader.string("path")
        entry.description = reader.string("description")?.value
        forEachEntry(reader.value("links"), context: "entry.links") { entry.links.append(decodeLink($0, context: "entry.links.\($0.key)")) }
        reader.finish()
        return entry
    }
}
