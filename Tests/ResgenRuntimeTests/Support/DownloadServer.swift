import Foundation
import HTTPTypes
import ResgenRuntime

/// One file of the loopback server's `/download/<n>` endpoint (`Tests/Servers/echo_server.py`), under
/// a key of its own so that tests sharing the server do not share its state: the URL to download,
/// what the server is told to do to the next answer, and what it saw.
struct DownloadServer: Sendable {
    let server: LoopbackServer
    let length: Int
    let key = UUID().uuidString

    /// What `/download-state` answers.
    struct State: Decodable {
        /// One request the server answered.
        struct Logged: Decodable, Equatable {
            var range: String?
            var if_range: String?
            var accept_encoding: String?
        }

        var etag: String
        var requests: [Logged]
        var sha256: String?
    }

    /// The file's URL.
    var url: URL { server.url("/download/\(length)?key=\(key)") }

    /// Tells the server what to do: `cut=<bytes>`, `ignore_range=1`, `etag=<tag>`, `bad_range=shift`…
    func set(_ query: String) async throws {
        let request = HTTPRequest(method: .post, url: server.url("/download-state?key=\(key)&\(query)"))
        let (response, _) = try await URLSessionTransport().send(request, body: .none)
        precondition(response.status == .ok, "the download server refused \(query)")
    }

    /// What the server saw, and the SHA-256 of the whole file.
    func state() async throws -> State {
        let request = HTTPRequest(method: .get, url: server.url("/download-state?key=\(key)&n=\(length)"))
        let (_, data) = try await URLSessionTransport().send(request, body: .none)
        return try JSONDecoder().decode(State.self, from: data)
    }
}
