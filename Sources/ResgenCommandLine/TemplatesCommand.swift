import ArgumentParser
import ResgenTemplates

/// `resgen templates`: the embedded templates, as a starting point for overrides.
package struct TemplatesCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List or export the embedded Mustache templates.",
        discussion: """
            To change the generated code, export the templates, edit the ones you need (delete the \
            others) and pass the folder to 'generate' and 'check' with --templates.
            """,
        subcommands: [ExportTemplatesCommand.self, ListTemplatesCommand.self]
    )
}

/// `resgen templates export <dir>`.
package struct ExportTemplatesCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every embedded template to a directory as <name>.mustache.",
        discussion: "Creates the directory if needed; a file that already has the same contents is not rewritten."
    )

    @Argument(help: "The directory to write the templates into.")
    var directory: String

    package func run() throws {
        try reportingErrors {
            try FileWriter.createDirectory(directory)
            let templates = EmbeddedTemplates.all.sorted { $0.key < $1.key }
            var written = 0
            for (name, text) in templates {
                let path = FilePath.join(directory, "\(name).mustache")
                if try FileWriter.write(Array(text.utf8), to: path) == .written { written += 1 }
            }
            TerminalText.print(String(describing: WriteSummary(written: written, total: templates.count, noun: "template", directory: directory)))
        }
    }
}

/// `resgen templates list`.
package struct ListTemplatesCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the names of the embedded templates, one per line."
    )

    package func run() {
        for name in EmbeddedTemplates.all.keys.sorted() { TerminalText.print(name) }
    }
}
