import Foundation
import ResgenProcessLaunch

/// The Python test server `Tests/Servers/echo_server.py`, running on a free loopback port for as
/// long as this value lives.
///
/// The server's stdin is a pipe this process holds: if the test process dies, the pipe closes and
/// the server exits by itself. `python3` is looked up on `PATH`; without it, tests that need the
/// server are skipped with a printed notice, or fail when the environment variable `CI` is set.
final class LoopbackServer: Sendable {
    /// The running script (see `Tests/Support/ServerProcess.swift`).
    private let server: ServerProcess
    /// Where the server listens, e.g. `http://127.0.0.1:40123`.
    var baseURL: URL { server.baseURL }
    /// The port the server bound.
    var port: Int { server.port }

    typealias StartError = ServerProcess.StartError

    /// The server script, found from this file's path (no bundle resources needed).
    static let scriptURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ResgenRuntimeTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Servers/echo_server.py")

    /// `python3` from `PATH`, if there is one.
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// Whether tests that need the server should run: when `python3` is there, and always on CI
    /// (where a missing `python3` must fail the tests, not skip them).
    static let isAvailable: Bool = {
        if python != nil { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        print("note: python3 is not on PATH; skipping the tests that need the loopback HTTP server")
        return false
    }()

    /// One server for the whole test run, for tests that do not depend on its counters being fresh
    /// (starting Python takes ~0.2 s). It exits with the test process, when its stdin closes.
    static func shared() async throws -> LoopbackServer {
        try await sharedStart.value
    }

    private static let sharedStart = Task { try await start() }

    /// Starts a server and waits until it listens.
    ///
    /// - Throws: `StartError` when `python3` is missing or the server does not report its port.
    static func start() async throws -> LoopbackServer {
        guard let python else {
            throw StartError(description: "python3 is not on PATH; the loopback HTTP server cannot start")
        }
        return LoopbackServer(server: try await ServerProcess.start(python: python, script: scriptURL, name: "the loopback server"))
    }

    private init(server: ServerProcess) { self.server = server }

    /// The URL of `path` (which may carry a query) on this server.
    func url(_ path: String) -> URL { server.url(path) }

    /// Stops the server and waits for it to exit; calling it again does nothing.
    func stop() async { await server.stop() }

    /// Asks the server to exit without waiting (for `defer`); calling it again does nothing.
    func terminate() { server.terminate() }

    /// The SHA-256 of the file at `url`, in lowercase hex, as the server computes digests (Foundation
    /// on Linux has no SHA-256 and the tests do not depend on swift-crypto).
    static func sha256(of url: URL) async throws -> String {
        guard let python else { throw StartError(description: "python3 is not on PATH") }
        let process = Process()
        process.executableURL = python
        process.arguments = [
            "-c", "import hashlib, sys; print(hashlib.file_digest(open(sys.argv[1], 'rb'), 'sha256').hexdigest())",
            url.path,
        ]
        let stdout = try CapturedOutput()  // a file, not a pipe (see CapturedOutput)
        process.standardOutput = stdout.handle
        try ProcessLaunch.run(process)
        let output = await DedicatedThread.run {
            process.waitUntilExit()
            return stdout.contents()
        }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
