import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The fastapi-jsonapi server of `Tests/Servers/fastapi_jsonapi` (the library API: books, authors,
/// genres), on a free loopback port with a freshly seeded SQLite database, for as long as this value
/// lives.
///
/// It runs with `.venv-fastapi-jsonapi/bin/python` (made by `make fastapi-jsonapi-server`, which
/// `make test` runs first). Without the venv the tests that need it are skipped with a printed
/// notice — or fail when the environment variable `CI` is set, so CI can never pass by skipping them.
final class FastAPIJSONAPIServer: Sendable {
    /// The running script (see `Tests/Support/ServerProcess.swift`).
    private let server: ServerProcess
    /// Where the server listens, e.g. `http://127.0.0.1:40123`.
    var baseURL: URL { server.baseURL }

    static let script = JSONAPIServer.root.appendingPathComponent("Tests/Servers/fastapi_jsonapi/server.py")
    static let python = JSONAPIServer.root.appendingPathComponent(".venv-fastapi-jsonapi/bin/python")

    /// Whether the server tests run: the venv exists, or we are on CI (where its absence must fail).
    static let isAvailable: Bool = {
        if FileManager.default.isExecutableFile(atPath: python.path) { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        print("note: \(python.path) is missing (run `make fastapi-jsonapi-server`); skipping the fastapi-jsonapi server tests")
        return false
    }()

    /// A server for tests that only read the seeded data.
    static func readOnly() async throws -> FastAPIJSONAPIServer { try await readOnlyStart.value }
    private static let readOnlyStart = Task { try await start() }

    /// A server for the (serialized) tests that write.
    static func writable() async throws -> FastAPIJSONAPIServer { try await writableStart.value }
    private static let writableStart = Task { try await start() }

    /// A server for the write-reply suite, which writes beside the serialized suite above.
    static func writableForReplyTests() async throws -> FastAPIJSONAPIServer { try await replyStart.value }
    private static let replyStart = Task { try await start() }

    static func start() async throws -> FastAPIJSONAPIServer {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ServerProcess.StartError(description: "\(python.path) is missing; run `make fastapi-jsonapi-server`")
        }
        let server = try await ServerProcess.start(python: python, script: script, name: "the fastapi-jsonapi server")
        return FastAPIJSONAPIServer(server: server)
    }

    private init(server: ServerProcess) { self.server = server }

    /// One request the server answered (its `/_stats` log; `/_…` endpoints are not logged).
    struct LoggedRequest: Decodable, Equatable, Sendable {
        let method: String
        let path: String
        let status: Int
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

    /// The password the server stored for an author (the API accepts it but never sends it back).
    func password(ofAuthor id: Int) async throws -> String? {
        struct Stored: Decodable { let password: String? }
        let (data, _) = try await URLSession.shared.data(from: server.url("/_password/\(id)"))
        return try JSONDecoder().decode(Stored.self, from: data).password
    }

    /// Stops the server and waits for it to exit; calling it again does nothing.
    func stop() async { await server.stop() }
}
