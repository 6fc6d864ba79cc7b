import Foundation
import ResgenCore

/// Target `pipeline`: the whole generator (`Pipeline.generate`: load, decode, validate, translate,
/// render) on one schema file.
///
/// The input is the file (`schema.yml`). Whatever it holds, the pipeline must not trap; it must return
/// files or throw `DiagnosticsError` after emitting an error; every error and warning (and every note
/// that has a location) must point inside the file: the input's path, a line it has and a column
/// within that line's UTF-8 bytes (or just past them). With ``FuzzOptions/timeLimit``, an input of at
/// most 64 KB must be done within that much CPU time. With ``FuzzOptions/typecheck``, a sample of the
/// generated sources is typechecked against `ResgenRuntime` (``Typechecker``).
enum PipelineHarness {
    static let target = FuzzTarget(name: "pipeline", summary: "the schema pipeline: no trap, located diagnostics, time, generated code typechecks") {
        input, options throws(Finding) in
        if let (kind, message) = check(input, options) { throw Finding(target: "pipeline", kind: kind, message: message) }
    }

    static let path = "schema.yml"

    /// The kind of the first finding and its message, or `nil`.
    static func check(_ input: Data, _ options: FuzzOptions) -> (String, String)? {
        let file = InputFile(path: path, contents: [UInt8](input))
        let collector = CollectingDiagnosticCollector()
        let start = ThreadCPUClock.now()
        let result = Result { try Pipeline.generate(inputs: [file], config: Config(), templates: .defaults, diagnostics: collector) }
        let elapsed = ThreadCPUClock.now() - start
        if let limit = options.timeLimit, input.count <= options.timedInputLimit, elapsed > limit {
            return ("slow", "took \(elapsed) of CPU time for \(input.count) bytes (limit \(limit))")
        }
        if let finding = Lines(file.contents).locationFinding(in: collector.diagnostics, path: path) { return finding }
        switch result {
        case .success(let files):
            guard !collector.hasErrors else { return ("error-and-files", "generated \(files.count) files after an error: \(collector.diagnostics)") }
            // Swift's lexer ends a `///` comment at a CR as at an LF: a CR from the schema would start code.
            if let file = files.first(where: { $0.contents.utf8.contains(0x0D) }) { return ("carriage-return", "\(file.name) contains a carriage return") }
            if options.typecheck.selects(input) {
                do {
                    if let errors = try Typechecker.errors(in: files) { return ("typecheck", "generated code does not typecheck:\n\(errors)") }
                } catch {
                    return ("typecheck-unavailable", "cannot typecheck: \(error)")
                }
            }
        case .failure(let error as DiagnosticsError):
            guard collector.hasErrors else { return ("silent-error", "threw \(error) without emitting an error") }
        case .failure(let error):
            return ("throw", "threw \(type(of: error)) \(error) instead of DiagnosticsError")
        }
        return nil
    }

    /// The lines of a file as YAML reads them (LF, CR LF, CR, NEL, LS and PS end a line), for
    /// checking locations.
    struct Lines {
        /// The UTF-8 length of each line.
        var lengths: [Int] = []

        init(_ bytes: [UInt8]) {
            var length = 0
            var index = 0
            func endLine(skipping count: Int) {
                lengths.append(length)
                length = 0
                index += count
            }
            while index < bytes.count {
                switch bytes[index] {
                case 0x0A: endLine(skipping: 1)
                case 0x0D: endLine(skipping: index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1)
                case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: endLine(skipping: 2)
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    endLine(skipping: 3)
                default:
                    length += 1
                    index += 1
                }
            }
            lengths.append(length)
        }

        /// The first diagnostic of `diagnostics` (or note of one) that breaks the location rule, as a finding's
        /// kind and message: an error or warning without a location (`unlocated`), or any item located outside
        /// this file (`outside`); nil when every one points inside it.
        func locationFinding(in diagnostics: [Diagnostic], path: String) -> (String, String)? {
            for diagnostic in diagnostics {
                for item in [diagnostic] + diagnostic.notes {
                    guard let location = item.location else {
                        if item.severity == .note { continue }
                        return ("unlocated", "\(item.severity) without a location: \(item)")
                    }
                    if let problem = problem(with: location, path: path) { return ("outside", "\(item): \(problem)") }
                }
            }
            return nil
        }

        /// Why `location` is not inside the file, or `nil`.
        func problem(with location: SourceLocation, path: String) -> String? {
            guard location.file == path else { return "the location names '\(location.file)', not '\(path)'" }
            guard (1...lengths.count).contains(location.line) else { return "line \(location.line) of a file of \(lengths.count) lines" }
            let length = lengths[location.line - 1]
            guard (1...length + 1).contains(location.column) else { return "column \(location.column) of a line of \(length) bytes" }
            return nil
        }
    }
}

/// The CPU time of the calling thread: what the pipeline costs, whatever else the machine runs.
enum ThreadCPUClock {
    static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
