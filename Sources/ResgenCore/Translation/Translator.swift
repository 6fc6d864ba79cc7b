struct FileContexts { var jsonDescription: String { "{}" } }
struct Translator {
    let model: ResourceModel
    let config: Config
    let inputs: [InputFile]
    func translate() -> FileContexts { FileContexts() }
}
