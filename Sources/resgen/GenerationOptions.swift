import Foundation
import ArgumentParser
import ResgenCore

extension Config.AccessLevel: ExpressibleByArgument {}

/// The options `generate` and `check` share, so both render exactly the same files.
struct GenerationOptions: ParsableArguments {
    @Argument(help: "A schema file (.yml, .yaml, .json), or a directory whose schema files form one API.")
    var schema: String

    @Option(name: .long, help: "The directory the generated Swift files go into.")
    var output: String

    @Option(name: .long, help: "The access level of the generated declarations.")
    var access: Config.AccessLevel = .public

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A directory of <name>.mustache files that replace the embedded templates of the same name.",
            discussion: "Start from 'resgen templates export <dir>'."
        )
    )
    var templates: String?

    /// Reads the schema and the template overrides and runs the pipeline; prints the diagnostics
    /// (sorted) to standard error whether or not it succeeds.
    ///
    /// - Returns: The generated files, sorted by name.
    /// - Throws: ``CLIError`` for unreadable inputs, `DiagnosticsError` for schema errors.
    func generateFiles() throws -> [GeneratedFile] {
        let diagnostics = CollectingDiagnosticCollector()
        defer { DiagnosticPrinter.print(diagnostics) }
        let inputs = try SchemaInputs.read(schema)
        var templateSet = TemplateSet.defaults
        if let templates {
            templateSet = templateSet.overriding(
                with: try TemplateFolder.read(templates),
                folder: templates,
                diagnostics: diagnostics
            )
        }
        let files = try Pipeline.generate(
            inputs: inputs,
            config: Config(accessLevel: access),
            templates: templateSet,
            diagnostics: diagnostics
        )
        return files.sorted { $0.name < $1.name }
    }

    /// The `resgen generate` command line that brings `output` up to date, for `check`'s message.
    var generateCommandLine: String {
        var words = ["resgen", "generate", schema, "--output", output]
        if access != .public { words += ["--access", access.rawValue] }
        if let templates { words += ["--templates", templates] }
        return words.map(shellQuoted).joined(separator: " ")
    }
}

/// `word`, single-quoted when a shell would otherwise split or expand it.
private func shellQuoted(_ word: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+=:,@%")
    if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
    return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
