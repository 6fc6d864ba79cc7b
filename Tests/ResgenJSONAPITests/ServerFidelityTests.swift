import Foundation
import ResgenRuntime
import Testing

/// What the real server shows of "not sent" versus `null`: a relationship left out of the response
/// (here by a sparse fieldset; fastapi-jsonapi leaves relationships out unless included) is unknown,
/// and setting it to nil clears it on the server.
@Suite(.enabled(if: JSONAPIServer.isAvailable), .serialized) struct ServerFidelityTests {
    /// A client of this suite's own writable server over the `kind` of transport: the suite runs over each.
    static func client(_ kind: TransportKind) async throws -> Client {
        let server = try await JSONAPIServer.writableForFidelityTests()
        return Client(
            api: Press.self, baseURL: server.baseURL, transport: kind.make(),
            configuration: .init(codec: JSONAPICodec(api: Press.self)))
    }

    @Test(arguments: TransportKind.allCases) func anOptionalToOneNotSentIsClearedBySettingNil(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        let comment = try await client.create(Comment.create(), Comment.New(body: "Mine", author: ToOne(id: 1), article: ToOne(id: 2)))
        #expect(comment.author?.id == 1)

        let loaded = try await client.fetch(Comment.show(comment.id), query: Comment.query(fields: [.body, .article]))
        #expect(loaded.author != nil, "not sent is not null")
        #expect(loaded.author?.id == nil)
        #expect(loaded.changes(since: loaded).isEmpty, "an unknown relationship is not sent")

        var edited = loaded
        edited.author = nil
        let changes = edited.changes(since: loaded)
        #expect(changes.changedFields == ["author"], "from not sent to nil is an explicit clear")
        _ = try await client.patch(Comment.patch(comment.id), changes)
        #expect(try await client.fetch(Comment.show(comment.id)).author == nil, "the server cleared it")
        try await client.delete(Comment.delete(comment.id))
    }

    @Test(arguments: TransportKind.allCases) func anOptionalToOneLeftUnknownIsLeftAlone(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        let comment = try await client.create(Comment.create(), Comment.New(body: "Mine", author: ToOne(id: 1), article: ToOne(id: 2)))
        var edited = try await client.fetch(Comment.show(comment.id), query: Comment.query(fields: [.body, .article]))
        let loaded = edited
        edited.body = "Edited"
        #expect(edited.changes(since: loaded).changedFields == ["body"])
        _ = try await client.patch(Comment.patch(comment.id), edited.changes(since: loaded))
        let again = try await client.fetch(Comment.show(comment.id))
        #expect(again.body == "Edited")
        #expect(again.author?.id == 1, "a relationship the client never knew is not touched")
        try await client.delete(Comment.delete(comment.id))
    }
}
