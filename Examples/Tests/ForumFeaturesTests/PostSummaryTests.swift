import Foundation
import ForumFeatures
import ResgenRuntime
import ResgenTesting
import Testing

/// `PostSummary` against `MockTransport`: no server, the JSON:API documents written from model values.
@Suite struct PostSummaryTests {
    let mock = MockTransport(api: Forum.self)
    var client: Client { Client(api: Forum.self, transport: mock) }

    @Test func summarisesTheDiscussion() async throws {
        let ada = Commenter(id: UUID(), nickname: "ada")
        let bob = Commenter(id: UUID(), nickname: "bob")
        let comments = [
            PostComment(id: 1, text: "First", commenters: ToMany(ids: [bob.id], resolved: [bob])),
            PostComment(id: 2, text: "Second", commenters: ToMany(ids: [ada.id, bob.id], resolved: [ada, bob])),
        ]
        mock.on(Post.show(7), .resource(Post(id: 7, title: "Hello", comments: ToMany(ids: [1, 2], resolved: comments))))

        let summary = try await PostSummary.load(7, from: client)

        #expect(summary == PostSummary(title: "Hello", commentCount: 2, participants: ["ada", "bob"]))
        // One request, asking for what the summary needs.
        #expect(mock.requests.map(\.summary) == ["GET /posts/7?include=comments,comments.commenters"])
    }

    @Test func aMissingPostIsNil() async throws {
        mock.on(Post.show(8), .error(.notFound, detail: "no post 8"))
        #expect(try await PostSummary.load(8, from: client) == nil)
    }

    @Test func otherFailuresAreThrown() async throws {
        mock.on(.get, "/posts/*", .error(.internalServerError))
        await #expect(throws: ClientError.self) { try await PostSummary.load(9, from: client) }
    }
}
