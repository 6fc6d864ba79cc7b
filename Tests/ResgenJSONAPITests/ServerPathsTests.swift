import Foundation
import HTTPTypes
import ResgenRuntime
import Synchronization
import Testing

extension JSONAPIServer {
    /// A server for the further-paths suite: it creates comments, and other suites count them.
    static func writableForPathTests() async throws -> JSONAPIServer { try await pathsStart.value }
    private static let pathsStart = Task { try await start() }
}

/// One collection at several paths against the real djangorestframework-jsonapi server over both
/// transports (issue 25, item 15). The Press schema gives `Comment` a second path,
/// `paths: { byAuthor: { parent: Person, path: comments, operations: [list, create] } }`, served by the
/// server's `PersonCommentViewSet` at `/people/{id}/comments`, and `Article` one at
/// `/people/{id}/articles` (list only). Reads go through both paths of each; a create through the
/// further path makes a comment the server files under that person, read back through the own path.
/// Every document exchanged is checked against the JSON:API 1.0 JSON Schema.
@Suite(.enabled(if: JSONAPIServer.isAvailable)) struct ServerPathsTests {
    /// Keeps the bodies a client sends and receives, to check them against the JSON:API schema.
    final class Recorder: ClientMiddleware {
        let sent = Mutex<[String]>([])
        let received = Mutex<[String]>([])

        func intercept(
            _ request: HTTPRequest, body: OutgoingBody, context: MiddlewareContext,
            next: @Sendable (HTTPRequest, OutgoingBody) async throws -> (HTTPResponse, Data)
        ) async throws -> (HTTPResponse, Data) {
            if case .data(let data) = body { sent.withLock { $0.append(String(decoding: data, as: UTF8.self)) } }
            let (response, data) = try await next(request, body)
            if !data.isEmpty { received.withLock { $0.append(String(decoding: data, as: UTF8.self)) } }
            return (response, data)
        }
    }

    static func client(_ kind: TransportKind, recorder: Recorder) async throws -> Client {
        let server = try await JSONAPIServer.writableForPathTests()
        return Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), middlewares: [recorder])
    }

    @Test(arguments: TransportKind.allCases) func readsThroughBothPathsOfACollection(kind: TransportKind) async throws {
        let recorder = Recorder()
        let client = try await Self.client(kind, recorder: recorder)

        let byAlan = Person.show(2) / Comment.ByAuthor.list()
        #expect(byAlan.description == "GET /people/2/comments")
        let alans = try await client.fetch(byAlan, including: .authorAndArticle)
        #expect(alans.map(\.body) == ["First!"])
        #expect(alans.first?.author?.resolved?.name == "Alan Turing", "includes resolve through a further path too")
        #expect(alans.first?.article.resolved?.title == "Article 01")
        let all = try await client.fetch(Comment.list())
        #expect(Set(alans.map(\.id)).isSubset(of: Set(all.map(\.id))), "the same comments as at the own path")
        let shown = try await client.fetch(Comment.show(alans[0].id))
        #expect(shown.body == alans[0].body && shown.author?.id == 2 && shown.article.id == 1, "a comment reads the same at both paths")

        let adas = try await client.fetch(Person.show(1) / Article.ByAuthor.list())
        #expect(adas.map(\.id) == [3, 6, 9, 12], "Ada wrote every third article")
        #expect(adas.allSatisfy { $0.author.id == 1 })
        #expect(try await client.fetch(Article.show(3)) == adas[0], "an article reads the same at both paths")

        try await JSONAPISchemaChecker.expectValid(recorder.received.withLock { $0 }, against: JSONAPISchemaChecker.responseSchema)
    }

    @Test(arguments: TransportKind.allCases) func createsThroughAFurtherPath(kind: TransportKind) async throws {
        let recorder = Recorder()
        let client = try await Self.client(kind, recorder: recorder)
        let body = "Grace on article 1 over \(kind.rawValue)"

        let path = Person.at(3) / Comment.ByAuthor.create()
        #expect(path.description == "POST /people/3/comments")
        let created = try await client.create(path, Comment.New(body: body, author: nil, article: ToOne(id: 1)))
        #expect(created.body == body)
        #expect(created.author?.id == 3, "the server files a comment created below a person under that person")
        #expect(created.article.id == 1)

        let graces = try await client.fetch(Person.show(3) / Comment.ByAuthor.list())
        #expect(graces.contains(created))
        #expect(try await client.fetch(Comment.show(created.id)) == created, "read back through the own path")
        try await client.delete(Comment.delete(created.id))
        #expect(try await client.fetch(Person.show(3) / Comment.ByAuthor.list()).contains { $0.id == created.id } == false)

        try await JSONAPISchemaChecker.expectValid(recorder.sent.withLock { $0 }, against: JSONAPISchemaChecker.requestSchema("create_resource"))
        try await JSONAPISchemaChecker.expectValid(recorder.received.withLock { $0 }, against: JSONAPISchemaChecker.responseSchema)
    }
}
