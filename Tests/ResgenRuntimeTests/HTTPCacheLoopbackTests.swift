import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Every caching rule against the scripted cache server, on both transports: freshness
/// (`max-age`, `Expires`, `Date`, `Age`), revalidation (`ETag`, `Last-Modified`, `no-cache`,
/// `must-revalidate`), `no-store`, `Vary`, credentials and `public`, origins, invalidation after writes
/// (RFC 9111 §4.4 and the schema's paths and included resources), and a cache directory.
@Suite(.enabled(if: LoopbackServer.isAvailable))
struct HTTPCacheLoopbackTests {
    /// A path of this test's own, so tests running in parallel do not share server state.
    private static func fresh(_ name: String) -> String { "/r/\(UUID().uuidString.prefix(8))/\(name)" }

    private static func client(
        _ server: CacheServer, _ kind: TransportKind, cache: HTTPCache, headers: [HeaderField] = []
    ) -> Client {
        Client(
            baseURL: server.baseURL, transport: kind.make(),
            configuration: .init(defaultHeaders: headers, codec: JSONAPICodec(resourceTypes: []), cache: cache))
    }

    private static func get(_ client: Client, _ server: CacheServer, _ path: String, _ query: String, headers: [HeaderField] = []) async throws -> (served: Int, response: HTTPResponse) {
        let reply = try await client.request(.get, server.url(path + "?" + query), headers: headers)
        let document = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
        let attributes = (document?["data"] as? [String: Any])?["attributes"] as? [String: Any]
        return ((attributes?["served"] as? Int) ?? -1, reply.response)
    }

    @Test(arguments: TransportKind.allCases)
    func freshResponseIsAnsweredFromTheCacheWithAnAge(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let cache = try HTTPCache()
        let client = Self.client(server, kind, cache: cache)
        let path = Self.fresh("fresh")
        let first = try await Self.get(client, server, path, "cc=max-age=60")
        let second = try await Self.get(client, server, path, "cc=max-age=60")
        #expect(first.served == 1 && second.served == 1)
        #expect(second.response.headerFields[.age] != nil)
        #expect(try await server.stats(path).requests == 1)
        #expect(cache.statistics.hits == 1)
    }

    @Test(arguments: TransportKind.allCases)
    func noStoreIsNeverStored(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let client = Self.client(server, kind, cache: try HTTPCache())
        let path = Self.fresh("nostore")
        _ = try await Self.get(client, server, path, "cc=no-store,max-age=60")
        let second = try await Self.get(client, server, path, "cc=no-store,max-age=60")
        #expect(second.served == 2)
        #expect(try await server.stats(path).requests == 2)
    }

    @Test(arguments: TransportKind.allCases, ["cc=no-cache&etag=1", "cc=max-age=0&lm=1", "etag=1", "expires=-10&etag=1", "cc=max-age=60&age=120&etag=1", "cc=max-age=60&date=-120&lm=1"])
    func staleResponseIsRevalidatedAndA304AnsweredFromTheStore(kind: TransportKind, rule: String) async throws {
        let server = try await CacheServer.shared()
        let cache = try HTTPCache()
        let client = Self.client(server, kind, cache: cache)
        let path = Self.fresh("revalidate")
        _ = try await Self.get(client, server, path, rule)
        let second = try await Self.get(client, server, path, rule)
        #expect(second.served == 1, "the stored body answers the 304")
        #expect(second.response.status == .ok)
        let stats = try await server.stats(path)
        #expect(stats.requests == 2 && stats.notModified == 1)
        #expect(cache.statistics.revalidations == 1)
    }

    @Test(arguments: TransportKind.allCases)
    func expiresInTheFutureIsFresh(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let client = Self.client(server, kind, cache: try HTTPCache())
        let path = Self.fresh("expires")
        _ = try await Self.get(client, server, path, "expires=60")
        _ = try await Self.get(client, server, path, "expires=60")
        #expect(try await server.stats(path).requests == 1)
    }

    @Test(arguments: TransportKind.allCases)
    func maxStaleIsHonouredUnlessTheResponseMustRevalidate(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let client = Self.client(server, kind, cache: try HTTPCache())
        let stale: [HeaderField] = [HeaderField(name: "Cache-Control", value: "max-stale")]
        let lenient = Self.fresh("lenient")
        _ = try await Self.get(client, server, lenient, "cc=max-age=0&etag=1")
        _ = try await Self.get(client, server, lenient, "cc=max-age=0&etag=1", headers: stale)
        #expect(try await server.stats(lenient).requests == 1)
        let strict = Self.fresh("strict")
        _ = try await Self.get(client, server, strict, "cc=max-age=0,must-revalidate&etag=1")
        _ = try await Self.get(client, server, strict, "cc=max-age=0,must-revalidate&etag=1", headers: stale)
        #expect(try await server.stats(strict) == (2, 1))
    }

    @Test(arguments: TransportKind.allCases)
    func varyKeepsOneResponsePerFieldValue(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let client = Self.client(server, kind, cache: try HTTPCache())
        let path = Self.fresh("vary")
        let english = [HeaderField(name: "X-Lang", value: "en")]
        let french = [HeaderField(name: "X-Lang", value: "fr")]
        _ = try await Self.get(client, server, path, "cc=max-age=60&vary=X-Lang", headers: english)
        _ = try await Self.get(client, server, path, "cc=max-age=60&vary=X-Lang", headers: french)
        _ = try await Self.get(client, server, path, "cc=max-age=60&vary=X-Lang", headers: english)
        _ = try await Self.get(client, server, path, "cc=max-age=60&vary=X-Lang", headers: french)
        #expect(try await server.stats(path).requests == 2)
    }

    @Test(arguments: TransportKind.allCases)
    func aResponseIsUsedOnlyForTheSameCredentialsUnlessPublic(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let cache = try HTTPCache()
        let alice = Self.client(server, kind, cache: cache, headers: [HeaderField(name: "Authorization", value: "Bearer alice")])
        let bob = Self.client(server, kind, cache: cache, headers: [HeaderField(name: "Authorization", value: "Bearer bob")])
        let nobody = Self.client(server, kind, cache: cache)
        let privatePath = Self.fresh("private")
        _ = try await Self.get(alice, server, privatePath, "cc=private,max-age=60")
        _ = try await Self.get(alice, server, privatePath, "cc=private,max-age=60")
        _ = try await Self.get(bob, server, privatePath, "cc=private,max-age=60")
        _ = try await Self.get(nobody, server, privatePath, "cc=private,max-age=60")
        #expect(try await server.stats(privatePath).requests == 3)
        let publicPath = Self.fresh("public")
        _ = try await Self.get(alice, server, publicPath, "cc=public,max-age=60")
        _ = try await Self.get(bob, server, publicPath, "cc=public,max-age=60")
        _ = try await Self.get(nobody, server, publicPath, "cc=public,max-age=60")
        #expect(try await server.stats(publicPath).requests == 1)
    }

    @Test(arguments: TransportKind.allCases)
    func aResponseIsNeverUsedForAnotherOrigin(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let other = try await CacheServer.other()
        let cache = try HTTPCache()
        let client = Self.client(server, kind, cache: cache)
        let path = Self.fresh("origin")
        _ = try await Self.get(client, server, path, "cc=public,max-age=60")
        _ = try await client.request(.get, other.url(path + "?cc=public,max-age=60"))
        #expect(try await server.stats(path).requests == 1)
        #expect(try await other.stats(path).requests == 1)
    }

    @Test(arguments: TransportKind.allCases)
    func aWriteMakesItsTargetLocationAndContentLocationStale(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let cache = try HTTPCache()
        let client = Self.client(server, kind, cache: cache)
        let base = Self.fresh("w")
        let target = base + "/target", located = base + "-elsewhere/located", content = base + "-other/content"
        for path in [target, located, content] { _ = try await Self.get(client, server, path, "cc=max-age=60") }
        _ = try await client.request(.patch, server.url(target + "?location=\(located)&content-location=\(content)"), body: .json(["x": 1]))
        for path in [target, located, content] {
            let again = try await Self.get(client, server, path, "cc=max-age=60")
            #expect(again.served == 2, "\(path) was fetched again")
        }
    }

    @Test(arguments: TransportKind.allCases)
    func aWriteToAResourceMakesItsCollectionsPagesStale(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let client = Self.client(server, kind, cache: try HTTPCache())
        let collection = Self.fresh("articles")
        _ = try await Self.get(client, server, collection, "cc=max-age=60&page=1")
        _ = try await Self.get(client, server, collection, "cc=max-age=60&page=2")
        let unrelated = Self.fresh("people")
        _ = try await Self.get(client, server, unrelated, "cc=max-age=60")
        _ = try await client.request(.delete, server.url(collection + "/1"))
        _ = try await Self.get(client, server, collection, "cc=max-age=60&page=1")
        _ = try await Self.get(client, server, collection, "cc=max-age=60&page=2")
        #expect(try await server.stats(collection).requests == 4, "both pages were fetched again")
        #expect(try await Self.get(client, server, unrelated, "cc=max-age=60").served == 1)
    }

    @Test(arguments: TransportKind.allCases)
    func aWriteMakesEveryDocumentThatIncludedTheResourceStale(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let client = Self.client(server, kind, cache: try HTTPCache())
        let person = "p\(UUID().uuidString.prefix(8))"
        let listing = Self.fresh("listing")
        let other = Self.fresh("other")
        _ = try await Self.get(client, server, listing, "cc=max-age=60&includes=people/\(person)")
        _ = try await Self.get(client, server, other, "cc=max-age=60&includes=people/someone-else")
        let body = try JSONSerialization.data(withJSONObject: ["data": ["type": "people", "id": person, "attributes": ["name": "Ada"]]])
        _ = try await client.request(.patch, server.url(Self.fresh("people/\(person)")), body: .raw(body, contentType: "application/vnd.api+json"))
        #expect(try await Self.get(client, server, listing, "cc=max-age=60&includes=people/\(person)").served == 2)
        #expect(try await Self.get(client, server, other, "cc=max-age=60&includes=people/someone-else").served == 1)
    }

    @Test(arguments: TransportKind.allCases)
    func aWriteRefusedWith412MakesItsTargetStale(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let client = Self.client(server, kind, cache: try HTTPCache())
        let path = Self.fresh("guarded")
        _ = try await Self.get(client, server, path, "cc=max-age=60&etag=1")
        // Someone else's write: the stored v1 is no longer the server's.
        _ = try await Self.client(server, kind, cache: try HTTPCache()).request(.patch, server.url(path), body: .json(["x": 1]))
        await #expect { _ = try await client.request(.patch, server.url(path), headers: [.ifMatch(EntityTag("v1"))], body: .json(["x": 2])) } throws: {
            ($0 as? ClientError)?.kind == .preconditionFailed
        }
        let again = try await Self.get(client, server, path, "cc=max-age=60&etag=1")
        #expect(again.served == 2, "fetched again: the stored copy would give the retry the refused tag")
        #expect(again.response.headerFields[.eTag] == #""v2""#)
    }

    @Test(arguments: TransportKind.allCases)
    func aCacheDirectoryServesAnotherCacheAndNeverHoldsCredentials(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let open = Self.fresh("open"), secret = Self.fresh("secret")
        do {
            let cache = try HTTPCache(directory: directory)
            let client = Self.client(server, kind, cache: cache)
            _ = try await Self.get(client, server, open, "cc=max-age=60")
            let authorized = Self.client(server, kind, cache: cache, headers: [HeaderField(name: "Authorization", value: "Bearer s3cr3t-token")])
            _ = try await Self.get(authorized, server, secret, "cc=max-age=60")
        }
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        #expect(files.count == 2, "the directory's key file and the one anonymous response: \(files)")
        for file in files { #expect(!(String(data: try Data(contentsOf: file), encoding: .isoLatin1) ?? "").contains("s3cr3t")) }
        let later = Self.client(server, kind, cache: try HTTPCache(directory: directory))
        #expect(try await Self.get(later, server, open, "cc=max-age=60").served == 1)
        #expect(try await server.stats(open).requests == 1)
    }

    @Test(arguments: TransportKind.allCases)
    func onlyIfCachedAnswers504WithoutAStoredResponse(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let client = Self.client(server, kind, cache: try HTTPCache())
        let path = Self.fresh("only")
        await #expect(throws: ClientError.self) {
            _ = try await Self.get(client, server, path, "cc=max-age=60", headers: [HeaderField(name: "Cache-Control", value: "only-if-cached")])
        }
        #expect(try await server.stats(path).requests == 0)
    }
}
