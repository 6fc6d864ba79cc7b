import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// One HTTP cache, two users, against the real djangorestframework-jsonapi server, over both transports
/// (issue 46): `GET /me` answers the person an `X-Api-Key` belongs to with `Cache-Control: private,
/// max-age=600` (`Tests/Servers/jsonapi/press/views.py`, `MeViewSet`), and each user's key is set by a
/// middleware of the app's own (not `AuthMiddleware`, and not a field the client knows as a credential).
/// Each user sees only their own person, and each one's second read is their own cache hit.
@Suite(.enabled(if: JSONAPIServer.isAvailable)) struct ServerCacheIsolationTests {
    /// The name of the person `/me` answers `client` with.
    private static func me(_ client: Client, _ server: JSONAPIServer) async throws -> String? {
        let reply = try await client.request(.get, server.baseURL.appendingPathComponent("me"))
        let document = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
        return ((document?["data"] as? [String: Any])?["attributes"] as? [String: Any])?["name"] as? String
    }

    @Test(arguments: TransportKind.allCases)
    func twoUsersOfOneCacheEachSeeOnlyTheirOwnData(kind: TransportKind) async throws {
        let server = try await JSONAPIServer.readOnly()
        let wire = RecordingTransport(kind.make())
        let cache = try HTTPCache()
        func client(_ key: String) -> Client {
            Client(
                api: Press.self, baseURL: server.baseURL, transport: wire,
                configuration: .init(codec: JSONAPICodec(api: Press.self), cache: cache), middlewares: [HeaderFieldMiddleware(name: "X-Api-Key", value: key)])
        }
        let ada = client("person-1"), alan = client("person-2")
        #expect(try await Self.me(ada, server) == "Ada Lovelace")
        #expect(try await Self.me(alan, server) == "Alan Turing")
        #expect(try await Self.me(ada, server) == "Ada Lovelace")
        #expect(try await Self.me(alan, server) == "Alan Turing")
        let reads = wire.recorded.filter { $0.request.path == "/me" }
        #expect(reads.map(\.response.status.code) == [200, 200], "one request per user")
        #expect(reads.first?.response.headerFields[.cacheControl] == "private, max-age=600")
        #expect(cache.statistics.hits == 2)
    }
}
