import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The safrs server of `Tests/Servers/safrs` (the clinic API: appointments, doctors, patients), on a
/// free loopback port with a freshly seeded SQLite database, for as long as this value lives.
///
/// It runs with `.venv-safrs/bin/python` (made by `make safrs-server`, which `make test` runs first).
/// Without the venv the tests that need it are skipped with a printed notice — or fail when the
/// environment variable `CI` is set, so CI can never pass by skipping them.
final class SafrsServer: Sendable {
    /// The running script (see `Tests/Support/ServerProcess.swift`).
    private let server: ServerProcess
    /// The API's root, e.g. `http://127.0.0.1:40123/api` (safrs serves its resources below `/api`).
    var baseURL: URL { server.baseURL.appendingPathComponent("api") }

    static let script = JSONAPIServer.root.appendingPathComponent("Tests/Servers/safrs/server.py")
    static let python = JSONAPIServer.root.appendingPathComponent(".venv-safrs/bin/python")

    /// Whether the server tests run: the venv exists, or we are on CI (where its absence must fail).
    static let isAvailable: Bool = {
        if FileManager.default.isExecutableFile(atPath: python.path) { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        print("note: \(python.path) is missing (run `make safrs-server`); skipping the safrs server tests")
        return false
    }()

    /// The server of the (serialized) safrs suites: each test resets it first.
    static func shared() async throws -> SafrsServer { try await sharedStart.value }
    private static let sharedStart = Task { try await start() }

    static func start() async throws -> SafrsServer {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ServerProcess.StartError(description: "\(python.path) is missing; run `make safrs-server`")
        }
        return SafrsServer(server: try await ServerProcess.start(python: python, script: script, name: "the safrs server"))
    }

    private init(server: ServerProcess) { self.server = server }

    /// One request the server answered: its method, the request target exactly as it came on the request
    /// line, and the status (its `/_stats` log; `/_…` endpoints are not logged).
    struct LoggedRequest: Decodable, Equatable, Sendable, CustomStringConvertible {
        let method: String
        let target: String
        let status: Int
        var description: String { "\(method) \(target) → \(status)" }
    }

    /// Re-seeds the database and clears the request log.
    func reset() async throws {
        var request = URLRequest(url: server.url("/_reset"))
        request.httpMethod = "POST"
        _ = try await URLSession.shared.data(for: request)
    }

    /// Every request since the last `reset()`, in order.
    func requests() async throws -> [LoggedRequest] {
        struct Stats: Decodable { let requests: [LoggedRequest] }
        let (data, _) = try await URLSession.shared.data(from: server.url("/_stats"))
        return try JSONDecoder().decode(Stats.self, from: data).requests
    }

    /// Stops the server and waits for it to exit; calling it again does nothing.
    func stop() async { await server.stop() }
}
