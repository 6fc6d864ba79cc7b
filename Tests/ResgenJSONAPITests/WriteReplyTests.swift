import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Every reply JSON:API allows to a write, from a scripted loopback server over both transports: `201`
/// with the resource, `204 No Content`, `201`/`200` without primary data (only `meta`), and `202 Accepted`
/// with `Location`/`Content-Location`, for create, replace, patch, delete and relationship updates. The
/// plain calls return the resource (the server's, or the one sent), `client.write` says which reply it
/// was. Every request document sent is checked against the JSON:API 1.0 JSON Schema.
@Suite(.serialized) struct WriteReplyTests {
    static let date = ISO8601DateFormatter().date(from: "2026-03-01T12:00:00Z")!
    static let tagDocument = #"{"data": {"type": "tags", "id": "swift", "attributes": {"name": "Swift (server)"}}}"#
    static let articleObject =
        #"{"type": "articles", "id": "7", "attributes": {"title": "Old", "body": "Body", "published-at": "2026-03-01T12:00:00Z", "views": 5}, "relationships": {"author": {"data": {"type": "people", "id": "3"}}, "tags": {"data": [{"type": "tags", "id": "swift"}]}}, "links": {"self": "/articles/7"}}"#

    /// A server and a Press client of it.
    static func start(_ kind: TransportKind) async throws -> (ScriptedServer, Client) {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let client = Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self)))
        return (server, client)
    }

    static func route(_ status: Int, _ body: String = "", headers: [String: String] = [:]) -> ScriptedServer.Route {
        var fields = headers
        if !body.isEmpty { fields["Content-Type"] = JSONAPICodec.mediaType }
        return ScriptedServer.Route(status: status, headers: fields, body: body)
    }

    /// The article as fetched (`original` of the patches below).
    static func original(_ client: Client, _ server: ScriptedServer) async throws -> Article {
        try await server.script(["/articles/7": route(200, #"{"data": \#(articleObject)}"#)])
        return try await client.fetch(Article.show(7))
    }

    // MARK: create

    @Test(arguments: TransportKind.allCases) func createAnsweredWithTheResourceReturnsTheServers(kind: TransportKind) async throws {
        let (server, client) = try await Self.start(kind)
        try await server.script(["/tags": Self.route(201, Self.tagDocument, headers: ["Location": "/tags/swift"])])
        let tag = try await client.create(Tag.create(), Tag.New(id: "swift", name: "Swift"))
        #expect(tag.name == "Swift (server)")
        let outcome = try await client.write(Tag.create(), Tag.New(id: "swift", name: "Swift"))
        #expect(outcome.resource?.name == "Swift (server)")
        #expect(outcome.reply.status == .created)
        #expect(outcome.reply.location == server.url("/tags/swift"), "Location resolves against the request's URL")
        try await Self.checkRequests(server, under: "/tags", schema: "create_resource", count: 2)
    }

    @Test(arguments: TransportKind.allCases) func createWithAClientIDAnswered204IsTheResourceAsSent(kind: TransportKind) async throws {
        let (server, client) = try await Self.start(kind)
        try await server.script(["/tags": Self.route(204)])
        let tag = try await client.create(Tag.create(), Tag.New(id: "swift", name: "Swift"))
        #expect(tag == Tag(id: "swift", name: "Swift"))
        let outcome = try await client.write(Tag.create(), Tag.New(id: "swift", name: "Swift"))
        guard case .applied(let reply) = outcome else { Issue.record("not applied: \(outcome)"); return }
        #expect(reply.status == .noContent)
        #expect(reply.body.isEmpty)
        try await Self.checkRequests(server, under: "/tags", schema: "create_resource", count: 2)
    }

    @Test(arguments: TransportKind.allCases) func createAnswered201WithOnlyMetaIsTheResourceAsSent(kind: TransportKind) async throws {
        let (server, client) = try await Self.start(kind)
        try await server.script(["/tags": Self.route(201, #"{"meta": {"created": true}}"#, headers: ["Location": "http://elsewhere.example/tags/swift"])])
        let tag = try await client.create(Tag.create(), Tag.New(id: "swift", name: "Swift"))
        #expect(tag == Tag(id: "swift", name: "Swift"))
        let outcome = try await client.write(Tag.create(), Tag.New(id: "swift", name: "Swift"))
        #expect(outcome.resource == nil)
        #expect(outcome.reply.meta == .object(["created": .bool(true)]))
        #expect(outcome.reply.location == URL(string: "http://elsewhere.example/tags/swift"))
    }

    @Test(arguments: TransportKind.allCases) func createWithoutAnIDAnswered204SaysWhatIsMissing(kind: TransportKind) async throws {
        let (server, client) = try await Self.start(kind)
        try await server.script(["/articles": Self.route(204)])
        let new = Article.New(title: "Hi", body: "B", publishedAt: Self.date, author: ToOne(id: 3))
        do {
            _ = try await client.create(Article.create(), new)
            Issue.record("a 204 to a create without an id has no resource to return")
        } catch let error as ClientError {
            #expect(error.kind == .decoding)
            #expect(error.status == .noContent)
            #expect(error.description.contains("answered 204 without the resource"), "\(error)")
        }
        // The server did create it: `write` says so without needing the resource.
        guard case .applied = try await client.write(Article.create(), new) else { Issue.record("not applied"); return }
    }

    @Test(arguments: TransportKind.allCases) func createAnswered202IsAcceptedWithWhereToFollowIt(kind: TransportKind) async throws {
        let (server, client) = try await Self.start(kind)
        try await server.script([
            "/tags": Self.route(202, #"{"data": {"type": "jobs", "id": "5", "attributes": {"status": "pending"}}, "meta": {"queued": 1}}"#, headers: ["Content-Location": "/jobs/5"])
        ])
        do {
            _ = try await client.create(Tag.create(), Tag.New(id: "swift", name: "Swift"))
            Issue.record("a 202 has no resource yet")
        } catch let error as ClientError {
            #expect(error.kind == .accepted)
            #expect(error.status == .accepted)
            #expect(error.headers?[HTTPField.Name("Content-Location")!] == "/jobs/5")
            #expect(error.description.contains("accepted for later processing"), "\(error)")
            #expect(error.description.contains(server.url("/jobs/5").absoluteString), "\(error)")
        }
        let outcome = try await client.write(Tag.create(), Tag.New(id: "swift", name: "Swift"))
        guard case .accepted(let reply) = outcome else { Issue.record("not accepted: \(outcome)"); return }
        #expect(outcome.isAccepted)
        #expect(reply.contentLocation == server.url("/jobs/5"))
        #expect(reply.meta == .object(["queued": .number(1)]))
        #expect(reply.location == nil)
    }

    // MARK: patch and replace

    @Test(arguments: TransportKind.allCases) func patchAnswered204MergesTheChangesIntoTheResourceAsItWas(kind: TransportKind) async throws {
        let (server, client) = try await Self.start(kind)
        let original = try await Self.original(client, server)
        var edited = original
        edited.title = "New"
        edited.author = ToOne(id: 4)
        try await server.script(["/articles/7": Self.route(204)])
        let saved = try await client.patch(Article.patch(7), edited.changes(since: original), merging: original)
        #expect(saved == edited, "the server has the resource as it was with the changes applied")
        #expect(saved.views == 5, "read-only attributes are kept")
        #expect(saved.tags.ids == ["swift"], "relationships not sent are kept")
        #expect(saved.jsonAPI.links?["self"]?.url == server.url("/articles/7"), "the resource's own links are kept")
        // Without the resource as it was, a part cannot stand for the whole: the error says what to do.
        do {
            _ = try await client.patch(Article.patch(7), edited.changes(since: original))
            Issue.record("a part of an article is not an article")
        } catch let error as ClientError {
            #expect(error.kind == .decoding)
            #expect(error.description.contains("merging"), "\(error)")
        }
        try await Self.checkRequests(server, under: "/articles/7", method: "PATCH", schema: "update_resource", count: 2)
    }

    @Test(arguments: TransportKind.allCases) func patchAnswered200WithOnlyMetaIsApplied(kind: TransportKind) async throws {
        let (server, client) = try await Self.start(kind)
        let original = try await Self.original(client, server)
        var edited = original
        edited.body = "Changed"
        try await server.script(["/articles/7": Self.route(200, #"{"meta": {"revision": 2}}"#)])
        #expect(try await client.patch(Article.patch(7), edited.changes(since: original), merging: original) == edited)
        let outcome = try await client.write(Article.patch(7), edited.changes(since: original))
        guard case .applied(let reply) = outcome else { Issue.record("not applied: \(outcome)"); return }
        #expect(reply.status == .ok)
        #expect(reply.meta == .object(["revision": .number(2)]))
    }

    @Test(arguments: TransportKind.allCases) func patchAnsweredWithTheResourceReturnsTheServers(kind: TransportKind) async throws {
        let (server, client) = try await Self.start(kind)
        let original = try await Self.original(client, server)
        var edited = original
        edited.title = "New"
        try await server.script(["/articles/7": Self.route(200, #"{"data": \#(Self.articleObject.replacingOccurrences(of: "\"Old\"", with: "\"Server\""))}"#)])
        #expect(try await client.patch(Article.patch(7), edited.changes(since: original), merging: original).title == "Server")
        #expect(try await client.patch(Article.patch(7), edited.changes(since: original)).title == "Server")
    }

    @Test(arguments: TransportKind.allCases) func patchAnswered202IsAccepted(kind: TransportKind) async throws {
        let (server, client) = try await Self.start(kind)
        let original = try await Self.original(client, server)
        var edited = original
        edited.title = "Later"
        try await server.script(["/articles/7": Self.route(202, headers: ["Location": "/articles/7", "Content-Location": "/queue/1"])])
        await #expect(throws: ClientError.self) { _ = try await client.patch(Article.patch(7), edited.changes(since: original), merging: original) }
        let outcome = try await client.write(Article.patch(7), edited.changes(since: original))
        #expect(outcome.isAccepted)
        #expect(outcome.reply.location == server.url("/articles/7"))
        #expect(outcome.reply.contentLocation == server.url("/queue/1"))
    }

    @Test(arguments: TransportKind.allCases) func replaceAnswered204IsTheWholeValueAsSent(kind: TransportKind) async throws {
        let (server, client) = try await Self.start(kind)
        let original = try await Self.original(client, server)
        var edited = original
        edited.title = "Whole"
        try await server.script(["/articles/7": Self.route(204)])
        let replace = ResourcePath<Article, Op.Replace>(uncheckedComponents: [.literal("/articles/"), .value("7")])
        #expect(try await client.replace(replace, edited) == edited)
        guard case .applied = try await client.write(replace, edited) else { Issue.record("not applied"); return }
        try await Self.checkRequests(server, under: "/articles/7", method: "PUT", schema: "update_resource", count: 2)
    }

    // MARK: delete

    @Test(arguments: TransportKind.allCases) func deleteTellsDoneFromAccepted(kind: TransportKind) async throws {
        let (server, client) = try await Self.start(kind)
        try await server.script(["/articles/7": Self.route(204)])
        try await client.delete(Article.delete(7))
        guard case .applied(let reply) = try await client.write(Article.delete(7)) else { Issue.record("not applied"); return }
        #expect(reply.status == .noContent)

        try await server.script(["/articles/7": Self.route(200, #"{"meta": {"deleted": 1}}"#)])
        try await client.delete(Article.delete(7))
        #expect(try await client.write(Article.delete(7)).reply.meta == .object(["deleted": .number(1)]))

        try await server.script(["/articles/7": Self.route(202, #"{"meta": {"queued": true}}"#, headers: ["Content-Location": "/queue/2"])])
        try await client.delete(Article.delete(7))
        let accepted = try await client.write(Article.delete(7))
        #expect(accepted.isAccepted)
        #expect(accepted.reply.contentLocation == server.url("/queue/2"))
        #expect(accepted.reply.meta == .object(["queued": .bool(true)]))
    }

    // MARK: relationships

    @Test(arguments: TransportKind.allCases) func relationshipUpdatesAcceptEveryReply(kind: TransportKind) async throws {
        let (server, client) = try await Self.start(kind)
        let tags = "/articles/7/relationships/tags"
        try await server.script([tags: Self.route(204)])
        #expect(try await client.add(["json"], to: \Article.tags, of: Article.at(7)).status == .noContent)
        try await server.script([tags: Self.route(200, #"{"meta": {"count": 2}}"#)])
        #expect(try await client.remove(["json"], from: \Article.tags, of: Article.at(7)).meta == .object(["count": .number(2)]))
        try await server.script([tags: Self.route(200, #"{"data": [{"type": "tags", "id": "swift"}]}"#)])
        #expect(try await client.replace(\Article.tags, of: Article.at(7), with: ["swift"]).status == .ok)
        try await server.script([tags: Self.route(202, #"{"meta": {"queued": true}}"#, headers: ["Content-Location": "/queue/3"])])
        let accepted = try await client.replace(\Article.tags, of: Article.at(7), with: [])
        #expect(accepted.status == .accepted)
        #expect(accepted.contentLocation == server.url("/queue/3"))
        #expect(accepted.meta == .object(["queued": .bool(true)]))
        try await server.script(["/articles/7/relationships/author": Self.route(204)])
        try await client.replace(\Article.author, of: Article.at(7), with: 4)
        try await Self.checkRequests(server, under: "/articles/7/relationships/", schema: "update_relationship", count: 5)
    }

    // MARK: request documents

    /// Checks that `count` requests were sent under `prefix` (with `method`, any when nil) and that their
    /// bodies are valid against the JSON:API 1.0 request schema `schema`.
    static func checkRequests(_ server: ScriptedServer, under prefix: String, method: String? = nil, schema: String, count: Int) async throws {
        let bodies = try await server.log(under: prefix).filter { method == nil || $0.method == method }.compactMap(\.body).filter { !$0.isEmpty }
        #expect(bodies.count == count)
        try await JSONAPISchemaChecker.expectValid(bodies, schema: schema)
    }
}
