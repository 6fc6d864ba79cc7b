import Foundation
import ResgenRuntime

/// `Tests/Servers/scripted_server.py` on a free port of a loopback address: it answers the routes a test
/// gives it and logs every request it saw, header fields included — one origin per instance, so a test
/// can see what crossed to which origin.
///
/// `python3` is looked up on `PATH`; without it (or on a system where 127.0.0.2 is not a loopback
/// address), the tests are skipped with a printed notice, or fail when `CI` is set.
final class ScriptedServer: Sendable {
    private let server: ServerProcess
    /// `http://<host>:<port>`.
    var baseURL: URL { server.baseURL }

    /// One request as the server logged it.
    struct Logged: Decodable, Sendable {
        var method: String
        var target: String
        var headers: [[String]]
        /// The length of the request's body.
        var length: Int
        /// The request's body as text.
        var body: String?

        /// The fields as `(lowercased name, value)`.
        var fields: [(name: String, value: String)] { headers.compactMap { $0.count == 2 ? ($0[0].lowercased(), $0[1]) : nil } }
    }

    /// One scripted answer.
    struct Route: Encodable, Sendable {
        var status = 200
        var headers: [String: String] = [:]
        var body = ""
    }

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ResgenGeneratedCodeTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Servers/scripted_server.py")

    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Starts a server on `host`.
    static func start(host: String) async throws -> ScriptedServer {
        guard let python else { throw ServerProcess.StartError(description: "python3 is not on PATH") }
        return ScriptedServer(server: try await ServerProcess.start(python: python, script: script, arguments: [host], host: host, name: "the scripted server on \(host)"))
    }

    /// The client the test talks to the server's control endpoints with.
    private let control: Client

    private init(server: ServerProcess) {
        self.server = server
        self.control = Client(baseURL: server.baseURL)
    }

    /// `path` (with any query) on this server.
    func url(_ path: String) -> URL { server.url(path) }

    /// Adds routes: a key matches the request target (path and query, as sent), else every request to
    /// that path.
    func script(_ routes: [String: Route]) async throws {
        _ = try await control.request(.post, url("/_routes"), body: .raw(try JSONEncoder().encode(routes), contentType: "application/json"))
    }

    /// Every request logged so far whose target starts with `prefix`.
    func log(under prefix: String) async throws -> [Logged] {
        let raw = try await control.request(.get, url("/_log"))
        return try JSONDecoder().decode([Logged].self, from: raw.body).filter { $0.target.hasPrefix(prefix) }
    }
}
