import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Writes through the generated Press client against the real server (a server of their own, one
/// test at a time, each over both transports): create, patch with only the changes, relationship
/// endpoints, delete, errors.
@Suite(.enabled(if: JSONAPIServer.isAvailable), .serialized) struct ServerWriteTests {
    /// A client of the writable server over the `kind` of transport: the suite runs over each.
    static func client(_ kind: TransportKind) async throws -> Client {
        let server = try await JSONAPIServer.writable()
        return Client(
            api: Press.self, baseURL: server.baseURL, transport: kind.make(),
            configuration: .init(codec: JSONAPICodec(api: Press.self)))
    }

    static let date = ISO8601DateFormatter().date(from: "2026-03-01T12:00:00Z")!

    @Test(arguments: TransportKind.allCases) func createWithoutIDPatchOnlyChangesThenDelete(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        let created = try await client.create(
            Article.create(), Article.New(title: "Hello", body: "New body", publishedAt: Self.date, author: ToOne(id: 3), tags: ToMany(ids: ["swift"])))
        #expect(created.id > 12, "the server chose the id")
        #expect(created.title == "Hello")
        #expect(created.views == 0)
        #expect(created.author.id == 3)
        #expect(created.tags.ids == ["swift"])

        var edited = created
        edited.title = "Hello again"
        edited.author = ToOne(id: 1)
        let changes = edited.changes(since: created)
        #expect(changes.changedFields == ["title", "author"], "only what changed is sent")
        let patched = try await client.patch(Article.patch(created.id), changes)
        #expect(patched.title == "Hello again")
        #expect(patched.body == "New body")
        #expect(patched.author.id == 1)
        #expect(patched.tags.ids == ["swift"], "relationships not sent are left alone")

        try await client.delete(Article.delete(created.id))
        do {
            _ = try await client.fetch(Article.show(created.id))
            Issue.record("the deleted article must be gone")
        } catch let error as ClientError {
            #expect(error.status?.code == 404)
        }
    }

    @Test(arguments: TransportKind.allCases) func createWithAClientChosenID(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        // Tags cannot be deleted, so each transport's run creates its own.
        let id = "rust-" + kind.rawValue.lowercased()
        let tag = try await client.create(Tag.create(), Tag.New(id: id, name: "Rust"))
        #expect(tag.id == id)
        #expect(try await client.fetch(Tag.show(id)).name == "Rust")
    }

    @Test(arguments: TransportKind.allCases) func createAnOptionalToOneAsNull(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        let comment = try await client.create(Comment.create(), Comment.New(body: "Who?", author: nil, article: ToOne(id: 2)))
        #expect(comment.author == nil)
        #expect(comment.article.id == 2)
        try await client.delete(Comment.delete(comment.id))
    }

    @Test(arguments: TransportKind.allCases) func relationshipEndpointsReplaceAddAndRemove(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        let article = try await client.create(Article.create(), Article.New(title: "Tags", body: "b", publishedAt: Self.date, author: ToOne(id: 1)))
        #expect(article.tags.ids == [])
        try await client.replace(\Article.tags, of: Article.at(article.id), with: ["http", "json"])
        #expect(try await client.fetch(Article.show(article.id)).tags.ids?.sorted() == ["http", "json"])
        try await client.add(["swift"], to: \Article.tags, of: Article.at(article.id))
        #expect(try await client.fetch(Article.show(article.id)).tags.ids?.sorted() == ["http", "json", "swift"])
        try await client.remove(["http"], from: \Article.tags, of: Article.at(article.id))
        #expect(try await client.fetch(Article.show(article.id)).tags.ids?.sorted() == ["json", "swift"])
        #expect(try await client.fetchLinkage(\Article.tags, of: Article.at(article.id)).sorted() == ["json", "swift"])
        try await client.replace(\Article.author, of: Article.at(article.id), with: 2)
        #expect(try await client.fetch(Article.show(article.id)).author.id == 2)
        #expect(try await client.fetchLinkage(\Article.author, of: Article.at(article.id)) == 2)
        try await client.delete(Article.delete(article.id))
    }

    @Test(arguments: TransportKind.allCases) func validationErrorsComeBackOnePerErrorObject(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        var changes = ResourceChanges<Article>(id: 1)
        changes.set(.title, "forbidden")
        changes.set(.body, String?.none)
        do {
            _ = try await client.patch(Article.patch(1), changes)
            Issue.record("an invalid patch must fail")
        } catch let error as ClientError {
            #expect(error.status?.code == 400, "djangorestframework-jsonapi answers 400 for validation errors")
            guard case .jsonAPI(let errors) = error.serverError else { Issue.record("no JSON:API errors: \(error)"); return }
            #expect(errors.count == 2)
            #expect(Set(errors.compactMap(\.source?.pointer)) == ["/data/attributes/title", "/data/attributes/body"])
            #expect(errors.first { $0.source?.pointer == "/data/attributes/title" }?.detail == "This title is not allowed.")
            #expect(errors.allSatisfy { $0.status == "400" && $0.code != nil })
        }
        #expect(try await client.fetch(Article.show(1)).title == "Article 01", "nothing changed")
    }

    @Test(arguments: TransportKind.allCases) func errorObjectsKeepTheirLinks(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        var changes = ResourceChanges<Article>(id: 1)
        changes.set(.title, "embargoed")
        let error = await #expect(throws: ClientError.self) { _ = try await client.patch(Article.patch(1), changes) }
        guard case .jsonAPI(let errors) = error?.serverError else {
            Issue.record("no JSON:API errors: \(String(describing: error))")
            return
        }
        #expect(errors.first?.code == "embargoed")
        #expect(errors.first?.aboutLink?.href == "https://press.example/errors/embargoed")
        #expect(errors.first?.typeLink?.href == "https://press.example/errors/types/title")
    }
}
