import Foundation

/// The whole generator, chained: schema files → (load) ``RawNode``s → (decode and validate)
/// ``ResourceModel`` → (translate) render contexts → (render) ``GeneratedFile``s.
///
/// Every stage is pure; no file is read or written here. The CLI, the plugins and the tests all call
/// these functions, so what the tests check is what users run.
public enum Pipeline {
    /// Validates the schema given by `inputs` and renders it.
    ///
    /// - Parameters:
    ///   - inputs: The schema files of one API (one file, or every file of a schema directory).
    ///   - config: Access level and other consumer settings.
    ///   - templates: The templates to render with (embedded defaults, possibly overridden).
    ///   - diagnostics: Receives every error, warning and note.
    /// - Returns: The fixed set of files for the API, sorted by name.
    /// - Throws: ``DiagnosticsError`` when the schema has errors, or a template cannot be rendered (a
    ///   construct the renderer does not implement, at its file and line); they went to `diagnostics`.
    public static func generate(
        inputs: [InputFile],
        config: Config,
        templates: TemplateSet,
        diagnostics: any DiagnosticCollector
    ) throws -> [GeneratedFile] {
        let context = try renderContext(inputs: inputs, config: config, templates: templates, diagnostics: diagnostics)
        do {
            return try Renderer(templates: templates).render(context, filePrefix: config.filePrefix, resourceFiles: config.resourceFiles)
        } catch let error as TemplateErrors {
            for problem in error.errors { diagnostics.emit(problem.diagnostic(file: templates.files[problem.template])) }
            throw DiagnosticsError(errorCount: error.errors.count)
        }
    }

    /// Validates and translates: what the templates will be given.
    ///
    /// - Throws: ``DiagnosticsError`` when the schema has errors (they went to `diagnostics`).
    public static func renderContext(
        inputs: [InputFile],
        config: Config,
        templates: TemplateSet,
        diagnostics: any DiagnosticCollector
    ) throws -> APIContext {
        let model = try validate(inputs: inputs, templates: templates, diagnostics: diagnostics)
        let hash = InputHash.compute(inputs: inputs, config: config, templates: templates)
        return Translator(model: model, config: config, inputHash: hash).translate()
    }

    /// Loads, decodes and validates the schema given by `inputs`.
    ///
    /// - Parameter templates: The templates the schema will be rendered with: the names their code
    ///   uses cannot be the schema's (see ``GeneratedNames``).
    /// - Throws: ``DiagnosticsError`` when the schema has errors (they went to `diagnostics`).
    public static func validate(inputs: [InputFile], templates: TemplateSet = .defaults, diagnostics: any DiagnosticCollector) throws -> ResourceModel {
        let counter = CountingCollector(forwardingTo: diagnostics)
        guard !inputs.isEmpty else {
            counter.emit(.error("no schema files given; a schema is one or more .yml, .yaml or .json files", at: nil))
            throw DiagnosticsError(errorCount: 1)
        }
        var documents: [RawNode] = []
        for input in inputs.sorted(by: { $0.path < $1.path }) {
            let errorsBefore = counter.errorCount
            if let document = YAMLLoader.load(input, diagnostics: counter) {
                documents.append(document)
            } else if counter.errorCount == errorsBefore {
                // No document at all (an empty file, only comments): an empty schema file, so that a
                // diagnostic about what it lacks can still name it.
                documents.append(RawNode(.scalar("", plain: true), at: SourceLocation(file: input.path, line: 1, column: 1)))
            }
        }
        // A file that did not parse would only cause follow-on errors (a missing 'api' block, unknown types).
        if documents.count < inputs.count, counter.errorCount > 0 { throw DiagnosticsError(errorCount: counter.errorCount) }
        let schema = SchemaDecoder(diagnostics: counter).decode(documents)
        let model = Validator(diagnostics: counter, templates: templates).validate(schema)
        if counter.errorCount > 0 { throw DiagnosticsError(errorCount: counter.errorCount) }
        return model
    }

    /// The render contexts as sorted JSON, for template authors (`resgen dump-context`).
    public static func dumpContext(inputs: [InputFile], config: Config, templates: TemplateSet = .defaults, diagnostics: any DiagnosticCollector) throws -> String {
        let context = try renderContext(inputs: inputs, config: config, templates: templates, diagnostics: diagnostics)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(context), as: UTF8.self)
    }

    /// The file names the API named by the schema will generate with `resourceFiles` resource files,
    /// for build plugins that must declare outputs before running.
    ///
    /// - Throws: ``DiagnosticsError`` when the schema has errors (they went to `diagnostics`).
    public static func outputFileNames(
        inputs: [InputFile],
        resourceFiles: Int = Config.defaultResourceFiles,
        diagnostics: any DiagnosticCollector
    ) throws -> [String] {
        let model = try validate(inputs: inputs, diagnostics: diagnostics)
        return Renderer.fileNames(prefix: model.api.name, resourceFiles: resourceFiles)
    }

    /// The file names generated with `--file-prefix filePrefix` and `--resource-files resourceFiles`
    /// (config keys `filePrefix` and `resourceFiles`), sorted: what the build plugin declares as its
    /// outputs, known without reading the schema.
    public static func outputFileNames(filePrefix: String, resourceFiles: Int = Config.defaultResourceFiles) -> [String] {
        Renderer.fileNames(prefix: filePrefix, resourceFiles: resourceFiles)
    }
}
