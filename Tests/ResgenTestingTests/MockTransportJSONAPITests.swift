import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenTesting
import Testing

/// MockTransport with the generated Forum client (JSON:API): documents, includes, errors, recording.
@Suite struct MockTransportJSONAPITests {
    let mock = MockTransport(api: Forum.self)
    var client: Client { Client(api: Forum.self, transport: mock) }

    static let alice = Commenter(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!, nickname: "alice")
    static func comment(_ id: Int, by commenters: [Commenter]) -> PostComment {
        PostComment(id: id, text: "comment \(id)", commenters: ToMany(ids: commenters.map(\.id), resolved: commenters))
    }
    static let post = Post(
        id: 1, title: "Hello", isPinned: true,
        comments: ToMany(ids: [7, 8], resolved: [comment(7, by: [alice]), comment(8, by: [alice])]))

    @Test func aTypedPathAnswersWithTheModel() async throws {
        mock.on(Post.show(1), .resource(Post(id: 1, title: "Hello", isPinned: true)))
        let post = try await client.fetch(Post.show(1))
        #expect(post.title == "Hello")
        #expect(post.isPinned)
        #expect(mock.requests.map(\.summary) == ["GET /posts/1"])
        #expect(mock.requests.first?.header(.accept) == "application/vnd.api+json")
    }

    @Test func includesAskedForAreIncluded() async throws {
        mock.on(Post.show(1), .resource(Self.post))
        let post = try await client.fetch(Post.show(1), including: .discussion)
        #expect(post.comments.resolved?.map(\.id) == [7, 8])
        #expect(post.comments.resolved?.first?.commenters.resolved?.map(\.nickname) == ["alice"])
        #expect(mock.requests.first?.includePaths == [["comments"], ["comments", "commenters"]])
    }

    @Test func includesNotAskedForAreLeftOut() async throws {
        mock.on(Post.show(1), .resource(Self.post))
        let document = try await client.fetchDocument(Post.show(1))
        #expect(document.data?.comments.ids == [7, 8])
        #expect(document.data?.comments.resolved == nil)
    }

    @Test func aSharedTargetIsIncludedOnce() throws {
        let encoder = MockDocumentEncoder(format: .jsonapi)
        let data = try encoder.document(for: Self.post, includes: [["comments", "commenters"]])
        let document = try JSONDecoder().decode(JSONValue.self, from: data)
        guard case .array(let included) = document["included"] else {
            Issue.record("no included in \(String(decoding: data, as: UTF8.self))")
            return
        }
        // alice comments on both, and is included once.
        #expect(included.compactMap { $0["type"]?.stringValue } == [PostComment.resourceType, Commenter.resourceType, PostComment.resourceType])
    }

    @Test func aCollectionAnswersAList() async throws {
        mock.on(Post.list(), .collection([Post(id: 1, title: "A"), Post(id: 2, title: "B")]))
        let posts = try await client.fetch(Post.list())
        #expect(posts.map(\.title) == ["A", "B"])
    }

    @Test func aChildPathMatchesByPattern() async throws {
        mock.on(.get, "/posts/{id}/comments", .collection([Self.comment(3, by: [])]))
        let comments = try await client.fetch(Post.show(5) / PostComment.list())
        #expect(comments.map(\.id) == [3])
        #expect(mock.requests.map(\.relativePath) == ["/posts/5/comments"])
    }

    @Test func aClosureRouteSeesTheRequest() async throws {
        mock.on("pinned posts only", where: { $0.query("filter") == "pinned" }, .collection([Post(id: 9, title: "Pinned")]))
        let posts = try await client.fetch(Post.list(), query: [QueryItem(name: "filter", value: "pinned")])
        #expect(posts.map(\.id) == [9])
    }

    @Test func theNewestMatchingRouteWins() async throws {
        mock.on(.get, "/posts/*", .resource(Post(id: 1, title: "default")))
        mock.on(Post.show(1), .resource(Post(id: 1, title: "override")))
        #expect(try await client.fetch(Post.show(1)).title == "override")
    }

    @Test func aCreateIsRecordedWithItsBody() async throws {
        mock.on(Post.create(), .resource(Post(id: 4, title: "New"), status: .created))
        let created = try await client.create(Post.create(), Post.New(title: "New"))
        #expect(created.id == 4)
        let request = try #require(mock.requests.first)
        #expect(request.method == .post)
        #expect(request.bodyJSON?["data"]?["attributes"]?["title"] == .string("New"))
        #expect(request.header(.contentType) == "application/vnd.api+json")
    }

    @Test func anErrorStatusCarriesJSONAPIErrors() async throws {
        mock.on(Post.show(2), .error(.notFound, detail: "no post 2", code: "missing"))
        let error = await #expect(throws: ClientError.self) { try await client.fetch(Post.show(2)) }
        #expect(error?.status == .notFound)
        guard case .jsonAPI(let errors) = error?.serverError else {
            Issue.record("expected JSON:API errors, got \(String(describing: error?.serverError))")
            return
        }
        #expect(errors.map(\.detail) == ["no post 2"])
        #expect(errors.map(\.code) == ["missing"])
        #expect(errors.map(\.status) == ["404"])
    }

    @Test func anUnmatchedRequestNamesItAndTheRoutesTried() async throws {
        mock.on(Post.show(1), .resource(Post(id: 1, title: "A")))
        mock.on(.delete, "/posts/*", .empty())
        let error = await #expect(throws: ClientError.self) { try await client.fetch(Post.show(9)) }
        #expect(error?.kind == .transport)
        let unmatched = try #require(error?.underlying as? UnmatchedRequestError)
        #expect(unmatched.request == "GET /posts/9")
        #expect(unmatched.routes == ["DELETE /posts/*", "GET /posts/1"])
        #expect(String(describing: error!).hasSuffix("no route matches GET /posts/9; tried:\n  DELETE /posts/*\n  GET /posts/1"))
        #expect(mock.requests.map(\.summary) == ["GET /posts/9"])
    }

    @Test func aBodyOverTheLimitIsTooLarge() async throws {
        mock.on(Post.show(1), .data(Data(repeating: 0x20, count: 2_000)))
        let small = Client(
            api: Forum.self, transport: mock,
            configuration: .init(codec: JSONAPICodec(api: Forum.self), maximumResponseBytes: 1_000))
        let error = await #expect(throws: ClientError.self) { try await small.fetch(Post.show(1)) }
        #expect(error?.kind == .responseTooLarge)
    }

    @Test func aFixtureFileIsServedAsItIs() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mock-\(UUID().uuidString).json")
        try Data(#"{"data": {"type": "posts", "id": "3", "attributes": {"title": "From a file"}}}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        mock.on(Post.show(3), .fixture(url))
        #expect(try await client.fetch(Post.show(3)).title == "From a file")
    }
}
