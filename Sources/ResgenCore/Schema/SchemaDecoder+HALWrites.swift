/// Reads `write:` (a relationship's) and `relationshipWrites:` (the API's default): how a HAL server
/// takes a relationship in a request body.
extension SchemaDecoder {
    /// `link`, `uri`, `id`, `none`, or `{ uri: <property> }` / `{ id: <property> }`; null counts as absent.
    func decodeHALWrite(_ node: RawNode?, context: String, allowsProperty: Bool) -> HALWriteDecl? {
        guard let node, !node.isNull else { return nil }
        let choices = HALWriteDecl.Form.allCases.map(\.rawValue)
        if node.scalar != nil {
            guard let text = ScalarReader.string(node, what: "'\(context)'", diagnostics: diagnostics) else { return nil }
            guard let form = HALWriteDecl.Form(rawValue: text.value) else {
                let hint = Suggestion.hint(for: text.value, in: choices)
                let forms = allowsProperty ? "'link', 'uri', 'id', 'none', '{ uri: <property> }' or '{ id: <property> }'" : "'link', 'uri', 'id' or 'none'"
                diagnostics.emit(.error("unknown relationship write form '\(text.value)'\(hint.isEmpty ? "; use \(forms)" : hint)", at: text.location))
                return nil
            }
            return HALWriteDecl(form: form, location: text.location)
        }
        guard allowsProperty else {
            diagnostics.emit(.error("expected 'link', 'uri', 'id' or 'none' for '\(context)', found \(node.kindDescription)", at: node.location))
            return nil
        }
        guard var reader = MappingReader(node, shape: .halWrite, context: context, diagnostics: diagnostics) else { return nil }
        defer { reader.finish() }
        let uri = reader.string("uri")
        let id = reader.string("id")
        switch (uri, id) {
        case (let property?, nil): return HALWriteDecl(form: .uri, property: property, location: node.location)
        case (nil, let property?): return HALWriteDecl(form: .id, property: property, location: node.location)
        case (_?, let id?):
            diagnostics.emit(.error("'\(context)' has both 'uri' and 'id'; keep one", at: id.location))
            return nil
        case (nil, nil):
            diagnostics.emit(.error("'\(context)' needs 'uri' or 'id' naming the property that holds the relationship", at: node.location))
            return nil
        }
    }
}
