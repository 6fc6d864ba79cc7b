import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenTesting
import Testing

/// A free-form request with include sets (issue 25, item 16): `send(_:including:)` asks for them with
/// `include=` and resolves the response's relationships from `included`, as `fetch(_:including:)` does.
@Suite struct RequestIncludesTests {
    let mock = MockTransport(api: Forum.self)
    var client: Client { Client(api: Forum.self, transport: mock) }

    static let comment = PostComment(id: 7, text: "First")
    static let post = Post(id: 1, title: "Hello", comments: ToMany(ids: [7], resolved: [comment]))

    @Test func includedResourcesResolveTheResponsesRelationships() async throws {
        mock.on(.get, "/posts/search/*", .collection([Self.post]))
        let posts = try await client.send(SearchPosts(term: "hello"), including: .withComments)
        #expect(posts.first?.comments.resolved?.map(\.text) == ["First"])
        #expect(mock.requests.first?.includePaths == [["comments"]])
        #expect(mock.requests.first?.query("limit") == "20")
    }

    /// Before: the same document through `send(_:)` (the request's own `include=`) leaves them unresolved.
    @Test func sendWithoutIncludesLeavesThemUnresolved() async throws {
        mock.on(.get, "/posts/search/*", .collection([Self.post]))
        let posts = try await client.send(SearchPosts(term: "hello"), query: [QueryItem(name: "include", value: "comments")])
        #expect(posts.first?.comments.ids == [7] && posts.first?.comments.resolved == nil)
    }
}
