import Foundation
import ResgenProcessLaunch

/// Runs `swiftc -typecheck` on Swift snippets against the `ResgenRuntime` module that this test bundle
/// was built with, to prove that code which must not compile does not.
///
/// The compiler is found through `$SWIFTC`, then `PATH`, then `/opt/swift/usr/bin`; the module directory
/// through `$RESGEN_RUNTIME_MODULE_DIR`, then by searching upwards from the test executable (SwiftPM puts
/// it in `.build/<triple>/debug/Modules`), then below this package's `.build`.
struct Typecheck {
    /// One diagnostic that the compiler printed.
    struct Diagnostic: CustomStringConvertible {
        /// The file's last path component, for example `snippet.swift`.
        var file: String
        /// The 1-based line.
        var line: Int
        /// `error`, `warning` or `note`.
        var severity: String
        /// The message.
        var message: String

        var description: String { "\(file):\(line): \(severity): \(message)" }
    }

    /// What one compiler run produced.
    struct Result {
        /// The compiler's exit status; 0 when the sources typecheck.
        var status: Int32
        /// Everything the compiler printed.
        var output: String

        /// The diagnostics parsed from ``output``.
        var diagnostics: [Diagnostic] {
            output.split(separator: "\n").compactMap { Typecheck.parseDiagnostic(String($0)) }
        }

        /// The errors reported in a file.
        func errors(in file: String) -> [Diagnostic] {
            diagnostics.filter { $0.severity == "error" && $0.file == file }
        }
    }

    /// Failures of the harness itself, as opposed to expected compile errors.
    struct HarnessError: Error, CustomStringConvertible {
        var description: String
    }

    /// Typechecks a snippet in Swift 6 mode, as a library, together with extra source files.
    ///
    /// - Parameters:
    ///   - snippet: The Swift source, written to `snippet.swift` in a fresh temporary directory.
    ///   - extraSources: Further files passed to the same compiler run, for example shared fixtures.
    ///   - extraArguments: Further compiler arguments (a C module's search path, say).
    /// - Returns: The exit status and output.
    /// - Throws: ``HarnessError`` if the compiler or the module cannot be found.
    static func run(_ snippet: String, extraSources: [URL] = [], extraArguments: [String] = []) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("resgen-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("snippet.swift")
        try snippet.write(to: file, atomically: true, encoding: .utf8)

        let (executable, prefixArguments) = try compiler()
        return try await runProcess(
            executable,
            prefixArguments + [
                "-typecheck", "-parse-as-library", "-swift-version", "6",
                "-I", try moduleDirectory().path,
                "-module-cache-path", directory.appendingPathComponent("ModuleCache").path,
                file.path,
            ] + extraArguments + extraSources.map(\.path))
    }

    /// Runs `executable` with `arguments` and returns its exit status and its output (stdout and stderr
    /// together): how every test here runs the compiler and its tools.
    ///
    /// The compiler can run for minutes on a loaded machine, so the waiting happens on a
    /// ``DedicatedThread``, not on a cooperative thread other tests need, and the run takes one of the
    /// ``ProcessSlots``.
    static func runProcess(_ executable: URL, _ arguments: [String]) async throws -> Result {
        try await ProcessSlots.shared.withSlot { try await runProcessNow(executable, arguments) }
    }

    /// ``runProcess(_:_:)`` once it holds a slot.
    private static func runProcessNow(_ executable: URL, _ arguments: [String]) async throws -> Result {
        try await DedicatedThread.run {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let output = try CapturedOutput()
            process.standardOutput = output.handle
            process.standardError = output.handle
            try ProcessLaunch.run(process)
            process.waitUntilExit()
            return Result(status: process.terminationStatus, output: String(decoding: output.contents(), as: UTF8.self))
        }
    }

    /// The compiler executable and the arguments that come before swiftc's own.
    static func compiler() throws -> (URL, [String]) {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["SWIFTC"], !path.isEmpty { return (URL(fileURLWithPath: path), []) }
        #if os(macOS)
            return (URL(fileURLWithPath: "/usr/bin/xcrun"), ["swiftc"])
        #else
            let searchPath = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/opt/swift/usr/bin"]
            for directory in searchPath {
                let candidate = URL(fileURLWithPath: directory).appendingPathComponent("swiftc")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return (candidate, []) }
            }
            throw HarnessError(description: "swiftc not found in PATH or /opt/swift/usr/bin; set SWIFTC")
        #endif
    }

    /// The directory that holds `ResgenRuntime.swiftmodule`.
    static func moduleDirectory(packageFile: String = #filePath) throws -> URL {
        let fileManager = FileManager.default
        func holdsModule(_ directory: URL) -> Bool {
            fileManager.fileExists(atPath: directory.appendingPathComponent("ResgenRuntime.swiftmodule").path)
        }
        if let path = ProcessInfo.processInfo.environment["RESGEN_RUNTIME_MODULE_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }

        // Upwards from the test executable: .build/<triple>/debug/<bundle>[/Contents/MacOS/<binary>].
        var starts: [URL] = []
        if let executable = Bundle.main.executableURL { starts.append(executable) }
        starts.append(URL(fileURLWithPath: CommandLine.arguments[0]))
        starts.append(Bundle.main.bundleURL)
        for start in starts {
            var directory = start.resolvingSymlinksInPath().deletingLastPathComponent()
            while directory.path != "/" && !directory.path.isEmpty {
                for candidate in [directory.appendingPathComponent("Modules"), directory] where holdsModule(candidate) {
                    return candidate
                }
                directory = directory.deletingLastPathComponent()
            }
        }

        // Below this package's build directory, when the tests run from elsewhere (Xcode's xctest host).
        let packageRoot = URL(fileURLWithPath: packageFile)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let build = packageRoot.appendingPathComponent(".build")
        var candidates = [build.appendingPathComponent("debug/Modules"), build.appendingPathComponent("debug")]
        for triple in (try? fileManager.contentsOfDirectory(atPath: build.path)) ?? [] {
            candidates.append(build.appendingPathComponent("\(triple)/debug/Modules"))
        }
        if let found = candidates.first(where: holdsModule) { return found }
        throw HarnessError(description: "ResgenRuntime.swiftmodule not found; set RESGEN_RUNTIME_MODULE_DIR")
    }

    /// Parses a line such as `/tmp/x/snippet.swift:12:7: error: message`.
    static func parseDiagnostic(_ line: String) -> Diagnostic? {
        let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, let lineNumber = Int(parts[1]), Int(parts[2]) != nil else { return nil }
        let severity = parts[3].trimmingCharacters(in: .whitespaces)
        guard ["error", "warning", "note"].contains(severity) else { return nil }
        return Diagnostic(
            file: URL(fileURLWithPath: String(parts[0])).lastPathComponent,
            line: lineNumber,
            severity: severity,
            message: parts[4].trimmingCharacters(in: .whitespaces)
        )
    }
}
