import Foundation
import ResgenCore

/// Writes diagnostics and error messages to standard error, in the compiler's format.
enum DiagnosticPrinter {
    /// Prints everything `collector` received, sorted by location, one diagnostic (with its notes) per
    /// entry.
    static func print(_ collector: CollectingDiagnosticCollector) {
        for diagnostic in collector.sorted {
            printToStandardError(diagnostic.description)
        }
    }

    /// Prints `error: <message>`.
    static func printError(_ message: String) {
        printToStandardError("error: \(message)")
    }

    /// Writes `text` and a newline to standard error, unbuffered, so it interleaves correctly with
    /// anything the process prints to standard output.
    static func printToStandardError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
