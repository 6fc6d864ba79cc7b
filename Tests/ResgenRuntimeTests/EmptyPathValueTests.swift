import Foundation
import ResgenRuntime
import Testing

/// A path value that is empty (an id or a request parameter) is refused before anything is sent:
/// `/articles/` + `""` + `/publish` would be `/articles//publish`, and `Article.delete("")` the
/// collection's `DELETE /articles/`.
@Suite struct EmptyPathValueTests {
    let base = URL(string: "https://api.example.com/v1")!

    /// The error every refused call throws, and that the transport saw nothing.
    private func expectRefused(
        _ transport: FakeTransport, method: ResgenRuntime.HTTPMethod, path shown: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ call: () async throws -> Void
    ) async {
        let error = await #expect(throws: ClientError.self, sourceLocation: sourceLocation) { try await call() }
        #expect(error?.kind == .invalidRequest, sourceLocation: sourceLocation)
        #expect(error?.request.method == method, sourceLocation: sourceLocation)
        #expect(
            error?.detail == "a path value is empty ('\(shown)'); an empty id or parameter would address another resource",
            sourceLocation: sourceLocation)
        #expect(transport.sent.isEmpty, "nothing was sent", sourceLocation: sourceLocation)
    }

    @Test("Typed paths: an empty id is refused, for every operation and below a parent")
    func typedPaths() async {
        let transport = FakeTransport(json: articleJSON)
        let client = Client(baseURL: base, transport: transport)

        await expectRefused(transport, method: .get, path: "/articles/{}") { _ = try await client.fetch(Article.show("")) }
        await expectRefused(transport, method: .delete, path: "/articles/{}") { try await client.delete(Article.delete("")) }
        await expectRefused(transport, method: .get, path: "/articles/{}/comments") {
            _ = try await client.fetch(Article.show("") / Comment.list())
        }
        await expectRefused(transport, method: .get, path: "/articles/1/comments/{}") {
            _ = try await client.fetch(Article.show("1") / Comment.show(""))
        }
    }

    @Test("Request types: an empty path parameter is refused")
    func requestTypes() async {
        let transport = FakeTransport(status: 204, json: "")
        let client = Client(baseURL: base, transport: transport)

        await expectRefused(transport, method: .post, path: "/articles/{}/publish") { _ = try await client.send(Publish(id: "")) }
    }

    @Test("Pages and HAL traversals refuse an empty id when they start")
    func pagesAndTraversals() async {
        let transport = FakeTransport(json: "[]")
        let client = Client(baseURL: base, transport: transport)

        await expectRefused(transport, method: .get, path: "/articles/{}/comments") {
            for try await _ in client.pages(Article.at("") / Comment.list()) {}
        }
        await expectRefused(transport, method: .get, path: "/articles/{}") {
            _ = try await client.traverse(Article.show(""), including: [])
        }
    }

    @Test("A value that is not empty is sent as it is, percent-encoded: a space, a dot, a slash")
    func nonEmptyValuesAreSent() async throws {
        let transport = FakeTransport(status: 204, json: "")
        let client = Client(baseURL: base, transport: transport)

        for id in [" ", ".", "/"] { _ = try await client.send(Publish(id: id)) }

        #expect(transport.sent.compactMap { $0.url?.path(percentEncoded: true) } == [
            "/v1/articles/%20/publish", "/v1/articles/%2E/publish", "/v1/articles/%2F/publish",
        ])
    }
}
