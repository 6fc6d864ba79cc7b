import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fastapi-hypermodel server `Tests/Servers/hal/server.py`, running from the venv `make hal-server`
/// creates (`.venv-hal/`), on a free loopback port for as long as this value lives.
///
/// Without the venv the tests that need it are skipped with a printed notice, or fail when the
/// environment variable `CI` is set. The server exits by itself when this process's end of its stdin
/// pipe closes.
final class HALServer: Sendable {
    /// The running script (see `Tests/Support/ServerProcess.swift`).
    private let server: ServerProcess
    /// Where the server listens.
    var baseURL: URL { server.baseURL }
    /// The port it listens on (a restart with `--port` binds it again).
    var port: Int { server.port }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ResgenGeneratedCodeTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let python = root.appendingPathComponent(".venv-hal/bin/python")
    static let script = root.appendingPathComponent("Tests/Servers/hal/server.py")

    /// Whether the server's tests run: when the venv is there, and always on CI (where a missing venv
    /// must fail them).
    static let isAvailable: Bool = {
        if FileManager.default.isExecutableFile(atPath: python.path) { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        print("note: .venv-hal/ is missing (run `make hal-server`); skipping the tests against the real HAL server")
        return false
    }()

    /// One server for the suites that only read, or create their own data.
    static func shared() async throws -> HALServer { try await sharedStart.value }
    private static let sharedStart = Task { try await start() }

    /// Starts a server and waits until it listens.
    static func start(arguments: [String] = []) async throws -> HALServer {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ServerProcess.StartError(description: "\(python.path) is missing; `make hal-server` creates it")
        }
        return HALServer(server: try await ServerProcess.start(python: python, script: script, arguments: arguments, name: "the HAL server"))
    }

    /// A server on `port` (0: a free one) whose data is kept in the file `data` (seeded only when the
    /// file is absent): stopped and started again with the same two, it is the same server with the same
    /// data. `arguments` are passed too (`--contacts N`, say).
    static func start(data: URL, port: Int = 0, arguments: [String] = []) async throws -> HALServer {
        try await start(arguments: arguments + ["--data", data.path, "--port", String(port)])
    }

    private init(server: ServerProcess) { self.server = server }

    func url(_ path: String) -> URL { server.url(path) }

    /// Stops the server and waits for it to exit; calling it again does nothing.
    func stop() async { await server.stop() }

    /// How often the server saw each path (with query) since the last ``resetStats()``.
    func stats() async throws -> [String: Int] {
        let (data, _) = try await URLSession.shared.data(from: url("/_stats"))
        struct Stats: Decodable { var requests: [String: Int] }
        return try JSONDecoder().decode(Stats.self, from: data).requests
    }

    func resetStats() async throws {
        var request = URLRequest(url: url("/_reset"))
        request.httpMethod = "POST"
        _ = try await URLSession.shared.data(for: request)
    }
}
