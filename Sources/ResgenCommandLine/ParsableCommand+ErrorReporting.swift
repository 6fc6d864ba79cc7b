import ArgumentParser
import ResgenCore

extension ParsableCommand {
    /// Runs `body` and turns its failures into the CLI's exit codes: schema errors (already printed as
    /// diagnostics) and file errors (printed here as `error: …`) exit with 1. `ExitCode`s and
    /// ArgumentParser's own errors (usage errors exit with 64) pass through unchanged.
    package func reportingErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch is DiagnosticsError {
            throw ExitCode.failure
        } catch let error as CLIError {
            DiagnosticPrinter.printError(error.description)
            throw ExitCode.failure
        } catch let error as ExitCode {
            throw error
        } catch let error as ValidationError {
            throw error
        } catch {
            DiagnosticPrinter.printError(String(describing: error))
            throw ExitCode.failure
        }
    }
}
