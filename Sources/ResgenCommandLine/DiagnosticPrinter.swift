import Foundation
import ResgenCore

/// Writes diagnostics and error messages to standard error, in the compiler's format, with control
/// characters escaped (``TerminalText``).
package enum DiagnosticPrinter {
    /// Prints everything `collector` received, sorted by location, one diagnostic (with its notes) per
    /// entry.
    static func print(_ collector: CollectingDiagnosticCollector) {
        for diagnostic in collector.sorted {
            printToStandardError(lines(of: diagnostic).joined(separator: "\n"))
        }
    }

    /// The lines of `diagnostic` and its notes: each one line, whatever its message or file name holds
    /// (a line break in a schema key is escaped like any other control character).
    static func lines(of diagnostic: Diagnostic) -> [String] {
        let line = Diagnostic(diagnostic.severity, diagnostic.message, at: diagnostic.location).description
        return [TerminalText.line(line)] + diagnostic.notes.flatMap(lines(of:))
    }

    /// Prints `error: <message>`.
    package static func printError(_ message: String) {
        printToStandardError("error: \(message)")
    }

    /// Writes `text` (escaped) and a newline to standard error, unbuffered, so it interleaves correctly
    /// with anything the process prints to standard output.
    package static func printToStandardError(_ text: String) {
        FileHandle.standardError.write(Data((TerminalText.escaped(text) + "\n").utf8))
    }
}
