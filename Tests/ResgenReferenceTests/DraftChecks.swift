import Testing

@testable import ResgenCore

/// What every drafted schema must do, whichever tool wrote it (`resgen infer`, `resgen import-openapi`):
/// validate without an error or a warning, give no empty value object, and generate.
enum DraftChecks {
    /// Records an issue for each way `text`, the draft of golden `name` for API `apiName`, falls short.
    static func expectValidatesAndGenerates(_ text: String, name: String, apiName: String) throws {
        let diagnostics = CollectingDiagnosticCollector()
        let model = try Pipeline.validate(inputs: [InputFile(path: "\(name)/draft.yml", text: text)], diagnostics: diagnostics)
        #expect(!diagnostics.hasErrors)
        // Nor warns: a warning about a draft is about something the tool wrote wrong (an unknown key is a
        // member the generated code silently lacks, as objects' fields once were).
        let warnings = diagnostics.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.isEmpty, "the validator warned about the draft: \(warnings.map(\.description))")
        // Every value object has the members the samples showed: none comes out an empty struct.
        for object in model.objects { #expect(!object.attributes.isEmpty, "objects.\(object.name) has no attributes") }
        // And generates: a draft is a start for `resgen generate`, unions included.
        let generation = CollectingDiagnosticCollector()
        let files = try Pipeline.generate(
            inputs: [InputFile(path: "\(name)/draft.yml", text: text)], config: Config(), templates: .defaults, diagnostics: generation)
        #expect(!generation.hasErrors)
        #expect(files.contains { $0.name == "\(apiName)+Models.swift" && !$0.contents.isEmpty })
    }
}
