import ArgumentParser
import ResgenCore

/// `resgen validate`: checks schemas and prints their diagnostics, writing nothing.
package struct ValidateCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check schemas for errors without generating anything.",
        discussion: """
            Each argument is validated as one API: a schema file on its own, or a directory whose \
            schema files together form the API. Every problem of every schema is reported.
            """
    )

    @Argument(help: "Schema files (.yml, .yaml, .json) or directories of them; each is one API.")
    var schemas: [String]

    package func validate() throws {
        guard !schemas.isEmpty else { throw ValidationError("Missing expected argument '<schemas> ...'") }
    }

    package func run() throws {
        try reportingErrors {
            let diagnostics = CollectingDiagnosticCollector()
            var fileCount = 0
            var failed = false
            var inputErrors: [CLIError] = []
            for schema in schemas {
                let inputs: [InputFile]
                switch Result(catching: { () throws(CLIError) in try SchemaInputs.read(schema) }) {
                case .success(let files): inputs = files
                case .failure(let error):
                    inputErrors.append(error)
                    continue
                }
                fileCount += inputs.count
                do {
                    _ = try Pipeline.validate(inputs: inputs, diagnostics: diagnostics)
                } catch is DiagnosticsError {
                    failed = true
                }
            }
            DiagnosticPrinter.print(diagnostics)
            for error in inputErrors { DiagnosticPrinter.printError(error.description) }
            if failed || !inputErrors.isEmpty { throw ExitCode.failure }
            let files = "\(fileCount) file\(fileCount == 1 ? "" : "s")"
            let warnings = diagnostics.diagnostics.count { $0.severity == .warning }
            // Warnings were printed above; the summary must not contradict them.
            TerminalText.print(warnings == 0 ? "no problems found in \(files)" : "no errors in \(files), \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
    }
}
