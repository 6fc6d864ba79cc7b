import Foundation

/// The djangorestframework-jsonapi server of `Tests/Servers/jsonapi`, on a free loopback port with a
/// freshly seeded SQLite database in a temporary directory, for as long as this value lives.
///
/// It runs with `.venv-jsonapi/bin/python` (made by `make jsonapi-server`, which `make test` runs
/// first). Without the venv the tests that need it are skipped with a printed notice — or fail when
/// the environment variable `CI` is set, so CI can never pass by skipping them. The server's stdin
/// is a pipe this process holds: when the test process dies, the server exits too.
final class JSONAPIServer: Sendable {
    /// The running script (see `Tests/Support/ServerProcess.swift`).
    private let server: ServerProcess
    /// Where the server listens, e.g. `http://127.0.0.1:40123`.
    var baseURL: URL { server.baseURL }
    /// The port it listens on.
    var port: Int { server.port }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ResgenJSONAPITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
    static let script = root.appendingPathComponent("Tests/Servers/jsonapi/server.py")
    static let python = root.appendingPathComponent(".venv-jsonapi/bin/python")

    /// Whether the server tests run: the venv exists, or we are on CI (where its absence must fail).
    static let isAvailable: Bool = {
        if FileManager.default.isExecutableFile(atPath: python.path) { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        print("note: \(python.path) is missing (run `make jsonapi-server`); skipping the JSON:API server tests")
        return false
    }()

    /// A server for tests that only read the seeded data.
    static func readOnly() async throws -> JSONAPIServer { try await readOnlyStart.value }
    private static let readOnlyStart = Task { try await start() }

    /// A server for the (serialized) tests that write.
    static func writable() async throws -> JSONAPIServer { try await writableStart.value }
    private static let writableStart = Task { try await start() }

    /// A second server for another suite that writes: suites run in parallel, and two writing to one
    /// SQLite database meet its write lock (a 500 under load) and each other's rows.
    static func writableForFidelityTests() async throws -> JSONAPIServer { try await fidelityStart.value }
    private static let fidelityStart = Task { try await start() }

    /// A server for the write-reply suite (its own database, as for the fidelity tests).
    static func writableForReplyTests() async throws -> JSONAPIServer { try await replyStart.value }
    private static let replyStart = Task { try await start() }

    /// A server for the profile suite's writes (its own database, as for the fidelity tests).
    static func writableForProfileTests() async throws -> JSONAPIServer { try await profileStart.value }
    private static let profileStart = Task { try await start() }

    /// A server for the conditional-request suite's writes (its own database, as for the fidelity tests).
    static func writableForConditionalTests() async throws -> JSONAPIServer { try await conditionalStart.value }
    private static let conditionalStart = Task { try await start() }

    /// A server whose answers go through Django's `GZipMiddleware` (`server.py --gzip`): a compressed
    /// answer's `ETag` is weak.
    static func gzipped() async throws -> JSONAPIServer { try await gzipStart.value }
    private static let gzipStart = Task { try await start(arguments: ["--gzip"]) }

    /// A server whose conditional requests are drf-extensions' (`server.py --drf-extensions`,
    /// `press/extensions.py`): tags from the model's values, `428` for a write without `If-Match`.
    static func withDRFExtensions() async throws -> JSONAPIServer { try await extensionsStart.value }
    private static let extensionsStart = Task { try await start(arguments: ["--drf-extensions"]) }

    static func start(arguments: [String] = []) async throws -> JSONAPIServer {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ServerProcess.StartError(description: "\(python.path) is missing; run `make jsonapi-server`")
        }
        return JSONAPIServer(server: try await ServerProcess.start(python: python, script: script, arguments: arguments, name: "the JSON:API server"))
    }

    /// A server on `port` (0: a free one) over the database in `data`, seeded only when it holds none:
    /// stopped and started again with the same two, it is the same server with the same data.
    static func start(data: URL, port: Int = 0) async throws -> JSONAPIServer {
        try await start(arguments: ["--data", data.path, "--port", String(port)])
    }

    private init(server: ServerProcess) { self.server = server }

    /// Stops the server and waits for it to exit; calling it again does nothing.
    func stop() async { await server.stop() }
}
