import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// What the HTTP cache keeps belongs to the caller who fetched it (issue 46), against the scripted cache
/// server on both transports: a response is reused only for a request with the same value in every
/// field that may identify someone (wherever the key is: `defaultHeaders`, a middleware of the app's
/// own); a `private` one or one fetched with an identity never goes to disk unless the app opts in; a
/// cache directory holds no value of a request's fields, no secret query value and no `Set-Cookie`, and
/// is `0700` with `0600` files; a `304` that names another representation does not relabel the stored one.
@Suite(.enabled(if: LoopbackServer.isAvailable))
struct HTTPCacheIsolationTests {
    private static func fresh(_ name: String) -> String { "/r/\(UUID().uuidString.prefix(8))/\(name)" }

    private static func client(
        _ server: CacheServer, _ kind: TransportKind, cache: HTTPCache, headers: [HeaderField] = [], middlewares: [any ClientMiddleware] = []
    ) -> Client {
        Client(
            baseURL: server.baseURL, transport: kind.make(),
            configuration: .init(defaultHeaders: headers, codec: JSONAPICodec(resourceTypes: []), cache: cache), middlewares: middlewares)
    }

    /// The `owner` and `served` attributes of the document at `path`, and the response.
    private static func get(_ client: Client, _ server: CacheServer, _ path: String, _ query: String) async throws -> (owner: String?, served: Int, response: HTTPResponse) {
        let reply = try await client.request(.get, server.url(path + "?" + query))
        let document = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
        let attributes = (document?["data"] as? [String: Any])?["attributes"] as? [String: Any]
        return (attributes?["owner"] as? String, (attributes?["served"] as? Int) ?? -1, reply.response)
    }

    @Test(arguments: TransportKind.allCases)
    func eachUserGetsTheirOwnPrivateResponseWhereverTheirKeyTravels(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let cache = try HTTPCache()
        let alice = Self.client(server, kind, cache: cache, headers: [HeaderField(name: "X-Api-Key", value: "alice")])
        let bob = Self.client(server, kind, cache: cache, headers: [HeaderField(name: "X-Api-Key", value: "bob")])
        let carol = Self.client(server, kind, cache: cache, middlewares: [HeaderFieldMiddleware(name: "X-Api-Key", value: "carol")])
        let nobody = Self.client(server, kind, cache: cache)
        let path = Self.fresh("me")
        let query = "cc=private,max-age=600&owner=X-Api-Key"
        for (client, name) in [(alice, "alice"), (bob, "bob"), (carol, "carol"), (alice, "alice"), (bob, "bob"), (carol, "carol")] {
            #expect(try await Self.get(client, server, path, query).owner == name)
        }
        #expect(try await Self.get(nobody, server, path, query).owner == nil)
        #expect(try await server.stats(path).requests == 4, "one request per user; each second read was the user's own hit")
        #expect(cache.statistics.hits == 3)
    }

    @Test(arguments: TransportKind.allCases)
    func aPrivateResponseOrOneFetchedWithAKeyStaysOffDiskUnlessTheAppOptsIn(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyed = Self.fresh("keyed"), anonymousPrivate = Self.fresh("private"), open = Self.fresh("open")
        do {
            let cache = try HTTPCache(directory: directory)
            let alice = Self.client(server, kind, cache: cache, headers: [HeaderField(name: "X-Api-Key", value: "alice")])
            let nobody = Self.client(server, kind, cache: cache)
            _ = try await Self.get(alice, server, keyed, "cc=max-age=600&owner=X-Api-Key")
            _ = try await Self.get(nobody, server, anonymousPrivate, "cc=private,max-age=600")
            _ = try await Self.get(nobody, server, open, "cc=max-age=600")
            #expect(cache.filesOnDisk == 1, "only the anonymous response that did not say private")
        }
        // A new process without a key: nothing of Alice's, nor the private response, is on disk.
        let later = Self.client(server, kind, cache: try HTTPCache(directory: directory))
        #expect(try await Self.get(later, server, keyed, "cc=max-age=600&owner=X-Api-Key").owner == nil)
        _ = try await Self.get(later, server, anonymousPrivate, "cc=private,max-age=600")
        _ = try await Self.get(later, server, open, "cc=max-age=600")
        #expect(try await server.stats(keyed).requests == 2)
        #expect(try await server.stats(anonymousPrivate).requests == 2)
        #expect(try await server.stats(open).requests == 1)

        // Opted in: the keyed response is on disk, found again by the same key only.
        let optedIn = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: optedIn) }
        let mine = Self.fresh("mine")
        do {
            let cache = try HTTPCache(directory: optedIn, persistsPrivateResponses: true)
            let alice = Self.client(server, kind, cache: cache, headers: [HeaderField(name: "X-Api-Key", value: "alice")])
            _ = try await Self.get(alice, server, mine, "cc=private,max-age=600&owner=X-Api-Key")
        }
        let reopened = try HTTPCache(directory: optedIn, persistsPrivateResponses: true)
        let aliceAgain = Self.client(server, kind, cache: reopened, headers: [HeaderField(name: "X-Api-Key", value: "alice")])
        let bob = Self.client(server, kind, cache: reopened, headers: [HeaderField(name: "X-Api-Key", value: "bob")])
        #expect(try await Self.get(aliceAgain, server, mine, "cc=private,max-age=600&owner=X-Api-Key").owner == "alice")
        #expect(try await Self.get(bob, server, mine, "cc=private,max-age=600&owner=X-Api-Key").owner == "bob")
        #expect(try await server.stats(mine).requests == 2, "Alice's second read came from disk, Bob's from the server")
    }

    @Test(arguments: TransportKind.allCases)
    func aCacheDirectoryHoldsNoSecretAndIsThisUsersAlone(kind: TransportKind) async throws {
        let server = try await CacheServer.shared()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = Self.fresh("public")
        // A public response (so it goes to disk) that varies on the credentials, to a URL with a key, that
        // sets a cookie.
        let query = "cc=public,max-age=600&vary=Authorization,%20X-Api-Key&setcookie=1&api_key=s3cr3t-query"
        let headers = [HeaderField(name: "Authorization", value: "Bearer s3cr3t-token"), HeaderField(name: "X-Api-Key", value: "s3cr3t-key")]
        do {
            let client = Self.client(server, kind, cache: try HTTPCache(directory: directory), headers: headers)
            let first = try await Self.get(client, server, path, query)
            #expect(first.response.headerFields[.setCookie] != nil, "the caller still gets the server's cookie")
        }
        var status = stat()
        #expect(stat(directory.path, &status) == 0 && status.st_mode & 0o777 == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.count == 2, "the key file and one cache file: \(names)")
        for name in names {
            let file = directory.appendingPathComponent(name)
            #expect(stat(file.path, &status) == 0 && status.st_mode & 0o777 == 0o600, "\(name) is 0600")
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            #expect(!text.contains("s3cr3t"), "\(name) holds no credential, query key or cookie")
            #expect(!text.lowercased().contains("set-cookie"))
        }
        let later = Self.client(server, kind, cache: try HTTPCache(directory: directory), headers: headers)
        let again = try await Self.get(later, server, path, query)
        #expect(again.served == 1, "answered from the file")
        #expect(again.response.headerFields[.setCookie] == nil, "a stored response never hands out a cookie")
        let otherKey = Self.client(
            server, kind, cache: try HTTPCache(directory: directory),
            headers: [HeaderField(name: "Authorization", value: "Bearer s3cr3t-token"), HeaderField(name: "X-Api-Key", value: "another")])
        #expect(try await Self.get(otherKey, server, path, query).served == 2, "Vary: X-Api-Key still tells the variants apart")
    }

    @Test(arguments: TransportKind.allCases, ["etag", "lm"])
    func a304NamingAnotherRepresentationIsNotTakenForTheStoredOne(kind: TransportKind, validator: String) async throws {
        let server = try await CacheServer.shared()
        let cache = try HTTPCache()
        let client = Self.client(server, kind, cache: cache)
        let path = Self.fresh("relabel")
        let query = "cc=max-age=0&\(validator)=1"
        let first = try await Self.get(client, server, path, query)
        if validator == "etag" {
            try await server.relabelNotModified(path, etag: #""v9""#)
        } else {
            try await server.relabelNotModified(path, lastModified: "Sat, 01 Jan 2000 00:00:00 GMT")
        }
        let second = try await Self.get(client, server, path, query)
        #expect(second.served == 2, "fetched again without conditions: the stored body is not the one the 304 names")
        #expect(second.response.headerFields[.eTag] == first.response.headerFields[.eTag])
        #expect(second.response.headerFields[.lastModified] == first.response.headerFields[.lastModified])
        #expect(cache.statistics.revalidations == 0)
        let stats = try await server.stats(path)
        #expect(stats.requests == 3 && stats.notModified == 1)
    }
}
