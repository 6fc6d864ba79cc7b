import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// The include sets a path accepts (`acceptsIncludes` in `Schemas/blog`, issue 47): App Store Connect answers
/// an `include` value a path does not declare with 400, so the generated builders put the accepted paths into
/// the path they build, and the client refuses any other before it sends anything. `Comment`'s own path
/// (`/articles/{id}/comments`) accepts `withAuthor`; `Comment.All` (`/comments`) accepts none.
@Suite struct AcceptedIncludesTests {
    /// Answers every request with an empty JSON:API collection and keeps what was requested.
    final class Recorder: Transport, @unchecked Sendable {
        private let lock = NSLock()
        private var _requests: [String] = []
        var requests: [String] { lock.withLock { _requests } }

        func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
            lock.withLock { _requests.append(request.path ?? "") }
            var response = HTTPResponse(status: .ok)
            response.headerFields[.contentType] = "application/vnd.api+json"
            let single = !(request.path ?? "").hasSuffix("comments") && !(request.path ?? "").contains("comments?")
            return (response, Data((single ? #"{"data": null}"# : #"{"data": []}"#).utf8))
        }
    }

    static func client(_ transport: Recorder) -> Client {
        Client(api: Blog.self, baseURL: URL(string: "https://blog.example")!, transport: transport)
    }

    @Test func theBuildersCarryTheAcceptedPaths() {
        #expect((Article.show("1") / Comment.list()).acceptedIncludes == Set(Comment.Include.withAuthor.paths))
        #expect((Article.show("1") / Comment.show("2")).acceptedIncludes == Set(Comment.Include.withAuthor.paths))
        #expect(Comment.All.list().acceptedIncludes == [])
        #expect(Comment.All.show("2").acceptedIncludes == [])
        // A path without `acceptsIncludes` takes any of the resource's sets.
        #expect(Article.list().acceptedIncludes == nil)
        #expect(Article.show("1").acceptedIncludes == nil)
        // The typed list builder keeps them beside its query.
        #expect(Comment.All.list(sort: [.createdAt]).acceptedIncludes == [])
    }

    @Test func anAcceptedSetIsSent() async throws {
        let transport = Recorder()
        let client = Self.client(transport)
        _ = try await client.fetch(Article.show("1") / Comment.list(), including: .withAuthor)
        #expect(transport.requests == ["/articles/1/comments?include=author"])
    }

    @Test func aSetThePathDoesNotAcceptIsRefusedBeforeSending() async throws {
        let transport = Recorder()
        let client = Self.client(transport)
        for call in 0..<3 {
            do {
                switch call {
                case 0: _ = try await client.fetch(Comment.All.list(), including: .withAuthor)
                case 1: _ = try await client.fetch(Comment.All.show("2"), including: .withAuthor)
                default: for try await _ in client.pages(Comment.All.list(), including: .withAuthor) {}
                }
                Issue.record("call \(call) was not refused")
            } catch let error as ClientError {
                #expect(error.kind == .invalidRequest)
                #expect(error.detail == "the path does not accept the include 'author'; it accepts none", "call \(call)")
            }
        }
        #expect(transport.requests.isEmpty)
        // Without includes the same paths are read.
        _ = try await client.fetch(Comment.All.list())
        #expect(transport.requests == ["/comments"])
    }
}
