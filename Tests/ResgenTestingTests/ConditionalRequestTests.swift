import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenTesting
import Testing

/// Response metadata, `If-Match` (explicit and automatic), `412`/`428`, and the cache over
/// `MockTransport` (it works the same over any transport).
@Suite struct ConditionalRequestTests {
    let mock = MockTransport(api: Forum.self)

    /// A route for `/posts/1` that plays a server with ETags: GETs carry `"v<version>"`, writes need a
    /// matching `If-Match` (`428` without one when `requireCondition`) and bump the version.
    final class Server: @unchecked Sendable {
        private let lock = NSLock()
        private var version = 1
        var title = "Hello"
        let requireCondition: Bool
        init(requireCondition: Bool = false) { self.requireCondition = requireCondition }

        func answer(_ request: RecordedRequest, _ encoder: MockDocumentEncoder) throws -> (HTTPResponse, Data) {
            try lock.withLock {
                let current = Post(id: 1, title: title)
                var response = HTTPResponse(status: .ok)
                response.headerFields[.contentType] = "application/vnd.api+json"
                if request.request.method == .get {
                    response.headerFields[.eTag] = "\"v\(version)\""
                    response.headerFields[.cacheControl] = "no-cache"
                    if request.header(.ifNoneMatch) == "\"v\(version)\"" { return (HTTPResponse(status: .notModified), Data()) }
                    return (response, try encoder.document(for: current, includes: []))
                }
                guard let condition = request.header(.ifMatch) else {
                    if requireCondition { return (HTTPResponse(status: .preconditionRequired), Data()) }
                    version += 1
                    return (HTTPResponse(status: .noContent), Data())
                }
                guard condition == "\"v\(version)\"" else {
                    response.status = .preconditionFailed
                    return (response, try encoder.document(for: current, includes: []))
                }
                version += 1
                if request.request.method == .patch { title = "Edited" }
                return (HTTPResponse(status: .noContent), Data())
            }
        }

        func bump() { lock.withLock { version += 1; title = "Changed elsewhere" } }
    }

    private func serve(_ server: Server) {
        mock.on("posts/1", where: { $0.relativePath == "/posts/1" }, MockResponse { request, encoder in try server.answer(request, encoder) })
    }

    @Test func fetchWithResponseGivesTheValueAndItsValidators() async throws {
        let server = Server()
        serve(server)
        let client = Client(api: Forum.self, transport: mock)
        let (post, response) = try await client.fetchWithResponse(Post.show(1))
        #expect(post.title == "Hello")
        #expect(response.status == .ok)
        #expect(response.entityTag == EntityTag("v1"))
        #expect(response.url.path == "/api/posts/1")
        #expect(response.headerFields[.contentType] == "application/vnd.api+json")
    }

    @Test func aStaleIfMatchIsAPreconditionFailureCarryingTheCurrentResource() async throws {
        let server = Server()
        serve(server)
        let client = Client(api: Forum.self, transport: mock)
        let (_, response) = try await client.fetchWithResponse(Post.show(1))
        let tag = try #require(response.entityTag)
        server.bump()
        let error = await #expect(throws: ClientError.self) {
            _ = try await client.patch(Post.patch(1), Post(id: 1, title: "Mine"), headers: [.ifMatch(tag)])
        }
        #expect(error?.kind == .preconditionFailed)
        #expect(error?.description.contains("412") == true)
        let current = try client.currentRepresentation(try #require(error), as: Post.self)
        #expect(current?.title == "Changed elsewhere")
        let (fresh, freshResponse) = try await client.fetchWithResponse(Post.show(1))
        #expect(fresh.title == "Changed elsewhere")
        _ = try await client.patch(Post.patch(1), Post(id: 1, title: "Edited"), merging: fresh, headers: [.ifMatch(try #require(freshResponse.entityTag))])
        #expect(server.title == "Edited")
    }

    @Test func aServerThatRequiresAConditionAnswers428() async throws {
        serve(Server(requireCondition: true))
        let client = Client(api: Forum.self, transport: mock)
        let error = await #expect(throws: ClientError.self) { try await client.delete(Post.delete(1)) }
        #expect(error?.kind == .preconditionRequired)
        #expect(error?.currentRepresentation == nil)
    }

    @Test func ifMatchIsSentAutomaticallyWhenConfigured() async throws {
        let server = Server(requireCondition: true)
        serve(server)
        var configuration = Client.Configuration(api: Forum.self)
        configuration.sendsIfMatchAutomatically = true
        let client = Client(api: Forum.self, transport: mock, configuration: configuration)
        let post = try await client.fetch(Post.show(1))
        _ = try await client.patch(Post.patch(1), Post(id: 1, title: "Edited"), merging: post)
        #expect(mock.requests.last?.header(.ifMatch) == "\"v1\"")
        // The write's answer carried no ETag: the old one is forgotten, so the next write sends none.
        await #expect(throws: ClientError.self) { try await client.delete(Post.delete(1)) }
        #expect(mock.requests.last?.header(.ifMatch) == nil)
        // Someone else wrote since the read: the automatic If-Match loses the race.
        _ = try await client.fetch(Post.show(1))
        server.bump()
        let error = await #expect(throws: ClientError.self) { try await client.delete(Post.delete(1)) }
        #expect(error?.kind == .preconditionFailed)
    }

    @Test func theCacheRevalidatesOverMockTransportAndA304IsNoError() async throws {
        serve(Server())
        let cache = try HTTPCache()
        var configuration = Client.Configuration(api: Forum.self)
        configuration.cache = cache
        let client = Client(api: Forum.self, transport: mock, configuration: configuration)
        let first = try await client.fetch(Post.show(1))
        let (second, response) = try await client.fetchWithResponse(Post.show(1))
        #expect(first == second)
        #expect(response.status == .ok)
        #expect(mock.requests.last?.header(.ifNoneMatch) == "\"v1\"")
        #expect(cache.statistics.revalidations == 1)
    }
}
