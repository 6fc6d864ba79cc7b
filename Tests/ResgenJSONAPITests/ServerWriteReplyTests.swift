import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Every write reply JSON:API allows, from the real djangorestframework-jsonapi server over both
/// transports (issue 25, item 1): its `PreferMiddleware` (`Tests/Servers/jsonapi/press/prefer.py`)
/// answers a write that asks with `Prefer` as other conforming servers do — `204 No Content`, `202
/// Accepted` with a relative `Content-Location`, `200` with only `meta` — after doing it. Every reply
/// document received is checked against the JSON:API 1.0 schema.
@Suite(.enabled(if: JSONAPIServer.isAvailable), .serialized) struct ServerWriteReplyTests {
    static func start(_ kind: TransportKind) async throws -> (JSONAPIServer, Client) {
        let server = try await JSONAPIServer.writableForReplyTests()
        return (server, Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self))))
    }

    static let minimal = [HeaderField(name: "Prefer", value: "return=minimal")]
    static let async = [HeaderField(name: "Prefer", value: "respond-async")]
    static let meta = [HeaderField(name: "Prefer", value: "return=meta")]

    /// Checks the bodies of `outcomes` against the JSON:API 1.0 response schema.
    static func expectValidReplies(_ replies: [WriteReply], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let documents = replies.map { String(decoding: $0.body, as: UTF8.self) }.filter { !$0.isEmpty }
        try await JSONAPISchemaChecker.expectValid(documents, against: JSONAPISchemaChecker.responseSchema, sourceLocation: sourceLocation)
    }

    @Test(arguments: TransportKind.allCases) func createWithAClientIDAnswered204IsTheTagAsSent(kind: TransportKind) async throws {
        let (_, client) = try await Self.start(kind)
        let id = "minimal-" + kind.rawValue.lowercased()
        let tag = try await client.create(Tag.create(), Tag.New(id: id, name: "Minimal"), headers: Self.minimal)
        #expect(tag == Tag(id: id, name: "Minimal"))
        #expect(try await client.fetch(Tag.show(id)).name == "Minimal", "the server created it")
    }

    @Test(arguments: TransportKind.allCases) func createAnswered202IsAcceptedWithItsContentLocation(kind: TransportKind) async throws {
        let (server, client) = try await Self.start(kind)
        let id = "async-" + kind.rawValue.lowercased()
        do {
            _ = try await client.create(Tag.create(), Tag.New(id: id, name: "Later"), headers: Self.async)
            Issue.record("a 202 has no resource yet")
        } catch let error as ClientError {
            #expect(error.kind == .accepted)
            #expect(error.headers?[HTTPField.Name("Content-Location")!]?.hasPrefix("/jobs/") == true)
        }
        let outcome = try await client.write(Tag.create(), Tag.New(id: id + "-2", name: "Later"), headers: Self.async)
        guard case .accepted(let reply) = outcome else { Issue.record("not accepted: \(outcome)"); return }
        #expect(reply.contentLocation?.absoluteString.hasPrefix(server.baseURL.absoluteString + "/jobs/") == true, "resolved against the request")
        #expect(reply.meta?["status"] == .string("queued"))
        try await Self.expectValidReplies([reply])
    }

    @Test(arguments: TransportKind.allCases) func createWithoutAnIDAnswered204IsAppliedButNoArticle(kind: TransportKind) async throws {
        let (_, client) = try await Self.start(kind)
        let new = Article.New(title: "No id", body: "b", publishedAt: ServerWriteTests.date, author: ToOne(id: 1))
        await #expect(throws: ClientError.self) { _ = try await client.create(Article.create(), new, headers: Self.minimal) }
        guard case .applied(let reply) = try await client.write(Article.create(), new, headers: Self.minimal) else { Issue.record("not applied"); return }
        #expect(reply.status == .noContent)
    }

    @Test(arguments: TransportKind.allCases) func patchAnswered204OrWithOnlyMetaIsTheArticleAsTheServerHasIt(kind: TransportKind) async throws {
        let (_, client) = try await Self.start(kind)
        let created = try await client.create(Article.create(), Article.New(title: "Patch me", body: "b", publishedAt: ServerWriteTests.date, author: ToOne(id: 1), tags: ToMany(ids: ["swift"])))
        let original = try await client.fetch(Article.show(created.id))
        var edited = original
        edited.title = "Patched quietly"
        edited.author = ToOne(id: 2)
        let saved = try await client.patch(Article.patch(original.id), edited.changes(since: original), merging: original, headers: Self.minimal)
        let fetched = try await client.fetch(Article.show(original.id))
        #expect(saved.title == "Patched quietly")
        #expect(saved.author.id == 2)
        #expect(saved.views == fetched.views)
        #expect(saved.tags.ids == fetched.tags.ids)
        #expect(saved.title == fetched.title && saved.author.id == fetched.author.id, "what the call returned is what the server has")

        var again = fetched
        again.body = "Changed with meta"
        let outcome = try await client.write(Article.patch(original.id), again.changes(since: fetched), headers: Self.meta)
        guard case .applied(let reply) = outcome else { Issue.record("not applied: \(outcome)"); return }
        #expect(reply.meta == .object(["applied": .bool(true)]))
        try await Self.expectValidReplies([reply])
        #expect(try await client.patch(Article.patch(original.id), again.changes(since: fetched), merging: fetched, headers: Self.meta).body == "Changed with meta")
        #expect(try await client.fetch(Article.show(original.id)).body == "Changed with meta")
        try await client.delete(Article.delete(original.id))
    }

    @Test(arguments: TransportKind.allCases) func relationshipUpdatesAndDeletesTellDoneFromAccepted(kind: TransportKind) async throws {
        let (_, client) = try await Self.start(kind)
        let article = try await client.create(Article.create(), Article.New(title: "Rel", body: "b", publishedAt: ServerWriteTests.date, author: ToOne(id: 1)))
        #expect(try await client.add(["json"], to: \Article.tags, of: Article.at(article.id), headers: Self.minimal).status == .noContent)
        let accepted = try await client.add(["http"], to: \Article.tags, of: Article.at(article.id), headers: Self.async)
        #expect(accepted.status == .accepted)
        #expect(accepted.contentLocation != nil)
        #expect(try await client.replace(\Article.author, of: Article.at(article.id), with: 3, headers: Self.meta).meta == .object(["applied": .bool(true)]))
        let fetched = try await client.fetch(Article.show(article.id))
        #expect(fetched.tags.ids?.sorted() == ["http", "json"])
        #expect(fetched.author.id == 3)

        let deleted = try await client.write(Article.delete(article.id), headers: Self.async)
        #expect(deleted.isAccepted)
        try await Self.expectValidReplies([accepted, deleted.reply])
        await #expect(throws: ClientError.self) { _ = try await client.fetch(Article.show(article.id)) }
    }
}
