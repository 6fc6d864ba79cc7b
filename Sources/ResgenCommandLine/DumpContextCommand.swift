import ArgumentParser
import ResgenCore

/// `resgen dump-context`: prints what the templates receive, for template authors.
package struct DumpContextCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "dump-context",
        abstract: "Print the data the templates are rendered with, as sorted JSON.",
        discussion: "Useful when writing template overrides: every key a template can use is in this output."
    )

    @Argument(help: "A schema file (.yml, .yaml, .json), or a directory whose schema files form one API.")
    var schema: String

    @Option(name: .long, help: "The access level of the generated declarations.")
    var access: Config.AccessLevel = .public

    package func run() throws {
        try reportingErrors {
            let diagnostics = CollectingDiagnosticCollector()
            let json: String
            do {
                defer { DiagnosticPrinter.print(diagnostics) }
                let inputs = try SchemaInputs.read(schema)
                json = try Pipeline.dumpContext(
                    inputs: inputs,
                    config: Config(accessLevel: access),
                    diagnostics: diagnostics
                )
            }
            TerminalText.printJSON(json, terminator: json.hasSuffix("\n") ? "" : "\n")
        }
    }
}
