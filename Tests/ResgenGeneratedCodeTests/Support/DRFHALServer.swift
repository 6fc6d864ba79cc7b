import Foundation

/// The drf-hal-json server `Tests/Servers/drf_hal/server.py` (Django REST framework with drf-hal-json's
/// serializers, renderer and pagination), running from the venv `make drf-hal-server` creates
/// (`.venv-drf-hal/`), on a free loopback port for as long as this value lives.
///
/// Without the venv the tests that need it are skipped with a printed notice, or fail when the
/// environment variable `CI` is set. The server exits by itself when this process's end of its stdin
/// pipe closes.
final class DRFHALServer: Sendable {
    /// The running script (see `Tests/Support/ServerProcess.swift`).
    private let server: ServerProcess
    /// Where the server listens.
    var baseURL: URL { server.baseURL }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ResgenGeneratedCodeTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let python = root.appendingPathComponent(".venv-drf-hal/bin/python")
    static let script = root.appendingPathComponent("Tests/Servers/drf_hal/server.py")

    /// Whether the server's tests run: when the venv is there, and always on CI (where a missing venv
    /// must fail them).
    static let isAvailable: Bool = {
        if FileManager.default.isExecutableFile(atPath: python.path) { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        print("note: .venv-drf-hal/ is missing (run `make drf-hal-server`); skipping the tests against the drf-hal-json server")
        return false
    }()

    /// One server for the suites that only read (its writes are refused or not kept by the tests).
    static func shared() async throws -> DRFHALServer { try await sharedStart.value }
    private static let sharedStart = Task { try await start() }

    /// Starts a server and waits until it listens.
    static func start() async throws -> DRFHALServer {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ServerProcess.StartError(description: "\(python.path) is missing; `make drf-hal-server` creates it")
        }
        return DRFHALServer(server: try await ServerProcess.start(python: python, script: script, arguments: [], name: "the drf-hal-json server"))
    }

    private init(server: ServerProcess) { self.server = server }

    func url(_ path: String) -> URL { server.url(path) }
}
