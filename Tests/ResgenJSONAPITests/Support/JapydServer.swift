import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The japyd server of `Tests/Servers/japyd` (30 events, paged by `page[number]`/`page[size]` with no
/// pagination links, only `meta.pagination` and `meta.count`), on a free loopback port for as long as
/// this value lives.
///
/// It runs with `.venv-japyd/bin/python` (made by `make japyd-server`, which `make test` runs first).
/// Without the venv the tests that need it are skipped with a printed notice — or fail when the
/// environment variable `CI` is set, so CI can never pass by skipping them.
final class JapydServer: Sendable {
    /// The running script (see `ServerProcess.swift`).
    private let server: ServerProcess
    /// Where the server listens, e.g. `http://127.0.0.1:40123`.
    var baseURL: URL { server.baseURL }

    static let script = JSONAPIServer.root.appendingPathComponent("Tests/Servers/japyd/server.py")
    static let python = JSONAPIServer.root.appendingPathComponent(".venv-japyd/bin/python")

    /// Whether the server tests run: the venv exists, or we are on CI (where its absence must fail).
    static let isAvailable: Bool = {
        if FileManager.default.isExecutableFile(atPath: python.path) { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        print("note: \(python.path) is missing (run `make japyd-server`); skipping the japyd server tests")
        return false
    }()

    /// The one server the (serialized) suite shares.
    static func shared() async throws -> JapydServer { try await sharedStart.value }
    private static let sharedStart = Task { try await start() }

    static func start() async throws -> JapydServer {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ServerProcess.StartError(description: "\(python.path) is missing; run `make japyd-server`")
        }
        return JapydServer(server: try await ServerProcess.start(python: python, script: script, name: "the japyd server"))
    }

    private init(server: ServerProcess) { self.server = server }

    /// One request the server answered.
    struct LoggedRequest: Decodable, Equatable, Sendable {
        let method: String
        /// The path and query as sent.
        let target: String
        let status: Int
    }

    /// Clears the request log.
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
}
