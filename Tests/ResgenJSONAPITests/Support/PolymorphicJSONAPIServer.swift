import Foundation

/// The polymorphic djangorestframework-jsonapi server of `Tests/Servers/jsonapi_polymorphic` (with
/// django-polymorphic): a lending library whose loans and shelves point at books, films and albums,
/// each type numbered from 1, so `books/2` and `films/2` are different things. It listens on a free
/// loopback port with a freshly seeded SQLite database for as long as this value lives; its README
/// lists the endpoints and the seed data.
///
/// It runs with the JSON:API server's venv (`.venv-jsonapi`, made by `make jsonapi-server`, which
/// `make test` runs first) and is available exactly when that server is: without the venv its tests
/// are skipped, or fail when `CI` is set.
final class PolymorphicJSONAPIServer: Sendable {
    /// The running script (see `Tests/Support/ServerProcess.swift`).
    private let server: ServerProcess
    /// Where the server listens, e.g. `http://127.0.0.1:40123`.
    var baseURL: URL { server.baseURL }

    static let script = JSONAPIServer.root.appendingPathComponent("Tests/Servers/jsonapi_polymorphic/server.py")

    /// Whether the server tests run: the JSON:API venv exists, or we are on CI.
    static var isAvailable: Bool { JSONAPIServer.isAvailable }

    /// A server for tests that only read the seeded data.
    static func readOnly() async throws -> PolymorphicJSONAPIServer { try await readOnlyStart.value }
    private static let readOnlyStart = Task { try await start() }

    /// A server for the (serialized) tests that write: they work on the records they create.
    static func writable() async throws -> PolymorphicJSONAPIServer { try await writableStart.value }
    private static let writableStart = Task { try await start() }

    /// A server of its own, freshly seeded (about a second to start): for a test that needs the seed
    /// data exactly as it was, after writes.
    static func start() async throws -> PolymorphicJSONAPIServer {
        guard FileManager.default.isExecutableFile(atPath: JSONAPIServer.python.path) else {
            throw ServerProcess.StartError(description: "\(JSONAPIServer.python.path) is missing; run `make jsonapi-server`")
        }
        let server = try await ServerProcess.start(python: JSONAPIServer.python, script: script, name: "the polymorphic JSON:API server")
        return PolymorphicJSONAPIServer(server: server)
    }

    private init(server: ServerProcess) { self.server = server }

    /// The URL of `path` (which may carry a query) on this server.
    func url(_ path: String) -> URL { server.url(path) }

    /// Stops the server and waits for it to exit; calling it again does nothing.
    func stop() async { await server.stop() }

    /// Asks the server to exit without waiting (for `defer`); calling it again does nothing.
    func terminate() { server.terminate() }
}
