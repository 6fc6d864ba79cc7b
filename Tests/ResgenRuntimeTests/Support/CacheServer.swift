import Foundation
import ResgenRuntime

/// The scripted cache server `Tests/Servers/cache_server.py` on a free loopback port, for as long as this
/// value lives (see its doc string for what each query parameter makes it answer).
final class CacheServer: Sendable {
    private let server: ServerProcess
    var baseURL: URL { server.baseURL }

    static let scriptURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ResgenRuntimeTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Servers/cache_server.py")

    static func start() async throws -> CacheServer {
        guard let python = LoopbackServer.python else {
            throw ServerProcess.StartError(description: "python3 is not on PATH; the cache server cannot start")
        }
        return CacheServer(server: try await ServerProcess.start(python: python, script: scriptURL, name: "the cache server"))
    }

    /// One server for the suite; tests keep apart by using paths of their own.
    static func shared() async throws -> CacheServer { try await sharedStart.value }
    private static let sharedStart = Task { try await start() }
    /// A second server, another origin.
    static func other() async throws -> CacheServer { try await otherStart.value }
    private static let otherStart = Task { try await start() }

    private init(server: ServerProcess) { self.server = server }

    /// The URL of `path` (which may carry a query).
    func url(_ path: String) -> URL { server.url(path) }

    /// How often the server was asked for `path` and how often it answered 304.
    func stats(_ path: String) async throws -> (requests: Int, notModified: Int) {
        var components = URLComponents(url: url("/stats"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "path", value: path)]
        let client = Client(baseURL: baseURL)
        let reply = try await client.request(.get, components.url!)
        let object = try JSONSerialization.jsonObject(with: reply.body) as? [String: Int] ?? [:]
        return (object["requests"] ?? -1, object["notModified"] ?? -1)
    }

    /// Makes every later `304` for `path` carry `etag` as its `ETag` and `lastModified` as its
    /// `Last-Modified` (those given) instead of the current version's.
    func relabelNotModified(_ path: String, etag: String? = nil, lastModified: String? = nil) async throws {
        var components = URLComponents(url: url("/script"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "path", value: path)]
        if let etag { components.queryItems?.append(URLQueryItem(name: "etag", value: etag)) }
        if let lastModified { components.queryItems?.append(URLQueryItem(name: "lm", value: lastModified)) }
        _ = try await Client(baseURL: baseURL).request(.get, components.url!)
    }
}
