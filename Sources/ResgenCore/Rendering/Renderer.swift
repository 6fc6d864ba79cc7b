struct Renderer {
    let templates: TemplateSet
    func render(_ contexts: FileContexts) throws -> [GeneratedFile] { [] }
}
