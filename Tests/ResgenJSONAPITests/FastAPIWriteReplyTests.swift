import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Every write reply JSON:API allows, from the second real server (fastapi-jsonapi) over both
/// transports (issue 25, item 1): its `prefer` middleware answers a write that asks with `Prefer` with
/// `204`, `202` (relative `Content-Location`, only `meta`) or `200` with only `meta`, after doing it.
@Suite(.enabled(if: FastAPIJSONAPIServer.isAvailable), .serialized) struct FastAPIWriteReplyTests {
    static func client(_ kind: TransportKind) async throws -> (FastAPIJSONAPIServer, Client) {
        let server = try await FastAPIJSONAPIServer.writableForReplyTests()
        return (server, Client(api: Library.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Library.self))))
    }

    /// A book to create; without genres when it is to be deleted (fastapi-jsonapi leaves a deleted
    /// book's genre rows behind, and SQLite gives the next book its id).
    static func new(_ title: String, genres: [Int] = [2]) -> Book.New {
        Book.New(title: title, published: day("1987-04-23"), author: ToOne(id: 1), genres: ToMany(ids: genres))
    }

    @Test(arguments: TransportKind.allCases) func createAndPatchAnswered204OrWithOnlyMeta(kind: TransportKind) async throws {
        let (_, client) = try await Self.client(kind)
        guard case .applied(let reply) = try await client.write(Book.create(), Self.new("Quiet \(kind)"), headers: ServerWriteReplyTests.minimal) else {
            Issue.record("not applied")
            return
        }
        #expect(reply.status == .noContent)
        let created = try #require(try await client.fetch(Book.list()).first { $0.title == "Quiet \(kind)" }, "the server created it")

        let original = try await client.fetch(Book.show(created.id), including: .full)
        var edited = original
        edited.subtitle = "Patched quietly"
        let saved = try await client.patch(Book.patch(original.id), edited.changes(since: original), merging: original, headers: ServerWriteReplyTests.minimal)
        #expect(saved.subtitle == "Patched quietly")
        #expect(saved.title == original.title)
        #expect(saved.author?.resolved?.name == original.author?.resolved?.name, "a relationship not sent keeps its resolved target")
        #expect(try await client.fetch(Book.show(created.id)).subtitle == "Patched quietly")

        var again = saved
        again.title = "Retitled with meta"
        let outcome = try await client.write(Book.patch(original.id), again.changes(since: saved), headers: ServerWriteReplyTests.meta)
        #expect(outcome.reply.meta == .object(["applied": .bool(true)]))
        #expect(try await client.fetch(Book.show(created.id)).title == "Retitled with meta")
        try await ServerWriteReplyTests.expectValidReplies([outcome.reply])
    }

    @Test(arguments: TransportKind.allCases) func createAndDeleteAnswered202AreAccepted(kind: TransportKind) async throws {
        let (server, client) = try await Self.client(kind)
        do {
            _ = try await client.create(Book.create(), Self.new("Later \(kind)", genres: []), headers: ServerWriteReplyTests.async)
            Issue.record("a 202 has no resource yet")
        } catch let error as ClientError {
            #expect(error.kind == .accepted)
        }
        let book = try await client.create(Book.create(), Self.new("Gone \(kind)", genres: []))
        let deleted = try await client.write(Book.delete(book.id), headers: ServerWriteReplyTests.async)
        guard case .accepted(let reply) = deleted else { Issue.record("not accepted: \(deleted)"); return }
        #expect(reply.contentLocation?.absoluteString.hasPrefix(server.baseURL.absoluteString + "/jobs/") == true)
        try await ServerWriteReplyTests.expectValidReplies([reply])
    }
}
