struct Schema {}
struct SchemaDecoder {
    let diagnostics: any DiagnosticCollector
    func decode(_ documents: [RawNode]) -> Schema { Schema() }
}
