import Foundation
import HTTPTypes
import ResgenRuntime

extension LoopbackServer {
    /// What `/streams` answers: how the server's streamed bodies (`/stream`, `/gzip`, `/download`) went.
    struct Streams: Decodable, Sendable {
        var started: Int
        var completed: Int
        var aborted: Int
        var bytes_sent: Int
    }

    /// The server's `/streams` counters now.
    func streams() async throws -> Streams {
        let (_, data) = try await URLSessionTransport().send(HTTPRequest(method: .get, url: url("/streams")), body: .none)
        return try JSONDecoder().decode(Streams.self, from: data)
    }

    /// `/streams` once `started` bodies have ended, one way or the other (the server notices a closed
    /// connection on its next write, which may come a little after the client gave up); as they are after
    /// 5 s otherwise.
    func streamsEnded(started: Int = 1) async throws -> Streams {
        var current = try await streams()
        for _ in 0..<250 where current.started < started || current.completed + current.aborted < current.started {
            try await Task.sleep(for: .milliseconds(20))
            current = try await streams()
        }
        return current
    }
}
