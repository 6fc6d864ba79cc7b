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

    /// Returns once the server has started answering `path` (its `/counter` counts a request as it
    /// arrives), for tests that cancel a request in flight: a fixed sleep before cancelling raced the
    /// transport's connect on a loaded machine, which cancelled before anything was sent. Gives up after
    /// 10 s (the test's own expectations then fail).
    func waitUntilReceived(_ path: String) async throws {
        struct Counter: Decodable { var counts: [String: Int] }
        for _ in 0..<400 {
            let (_, data) = try await URLSessionTransport().send(HTTPRequest(method: .get, url: url("/counter")), body: .none)
            if try JSONDecoder().decode(Counter.self, from: data).counts[path, default: 0] > 0 { return }
            try await Task.sleep(for: .milliseconds(25))
        }
    }
}
