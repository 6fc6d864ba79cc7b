import ArgumentParser
import ResgenCore

/// `resgen generate`: renders a schema and writes the files that changed.
package struct GenerateCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift sources from a schema.",
        discussion: """
            Creates the output directory if needed. A file whose contents would not change is not \
            rewritten (its modification time stays, so nothing rebuilds); a file that changes is replaced \
            atomically. A file an earlier resgen generated there with the same prefix that this run \
            does not generate (its first line is resgen's notice) is removed, since it would declare \
            the API's types a second time; other files in the output directory are left alone.
            """
    )

    @OptionGroup var options: GenerationOptions

    package func run() throws {
        try reportingErrors {
            let files = try options.generateFiles()
            // Check every name before writing anything, so a bad name cannot leave a half-updated set.
            let paths = try files.map { file throws(CLIError) in
                try FilePath.outputPath(for: file.name, in: options.output)
            }
            try FileWriter.createDirectory(options.output)
            var written = 0
            for (file, path) in zip(files, paths) {
                if let parent = FilePath.parent(of: path) { try FileWriter.createDirectory(parent) }
                if try FileWriter.write(Array(file.contents.utf8), to: path) == .written { written += 1 }
            }
            let obsolete = try ObsoleteFiles.names(in: options.output, generated: files.map(\.name))
            for name in obsolete { try FileWriter.remove(FilePath.join(options.output, name)) }
            TerminalText.print(String(describing: WriteSummary(written: written, total: files.count, noun: "file", directory: options.output)))
            if !obsolete.isEmpty {
                TerminalText.print("removed \(obsolete.count) file\(obsolete.count == 1 ? "" : "s") an earlier resgen generated: \(obsolete.joined(separator: ", "))")
            }
        }
    }
}
