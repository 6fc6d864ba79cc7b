import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// The client's security rule over real HTTP: every header field the caller sets goes only to the base
/// URL's origin (A, 127.0.0.1) and to `trustedOrigins`. Another origin (B, 127.0.0.2) that A's documents
/// link or redirect to sees none of them, on every path: typed and untyped HAL traversal, pages (HAL
/// `_links.next`, JSON:API `links.next`, a `Link` header), JSON:API related links and redirects. Each
/// test runs over both transports, under a path prefix of its own per transport (``prefix(_:_:)``), so
/// the two runs share the servers without seeing each other's requests.
@Suite struct TwoOriginsTests {
    /// A (the API), B (another host) and C (B's host on another port, so another origin again).
    struct Servers: Sendable {
        let a: ScriptedServer, b: ScriptedServer, c: ScriptedServer
    }

    static let servers = Task { () throws -> Servers? in
        guard ScriptedServer.python != nil || ProcessInfo.processInfo.environment["CI"] != nil else {
            print("note: python3 is not on PATH; skipping the two-origin tests")
            return nil
        }
        do {
            return Servers(a: try await .start(host: "127.0.0.1"), b: try await .start(host: "127.0.0.2"), c: try await .start(host: "127.0.0.2"))
        } catch where ProcessInfo.processInfo.environment["CI"] == nil {
            print("note: cannot serve on 127.0.0.2 (\(error)); skipping the two-origin tests")
            return nil
        }
    }

    // Every value the caller sets contains "secret"; the names are all the places a caller sets fields.
    static let callerFieldNames: Set<String> = ["x-api-key", "authorization", "cookie", "x-traversal", "x-auth", "x-static", "x-instance", "x-named"]
    static let callHeaders = [HeaderField(name: "Authorization", value: "Bearer secret-call"), HeaderField(name: "Cookie", value: "secret-cookie")]
    static let traversalHeaders = [HeaderField(name: "X-Traversal", value: "secret-options")]

    /// `/<transport>/<name>`: where one test's routes and requests live for one transport.
    static func prefix(_ kind: TransportKind, _ name: String) -> String { "/\(kind.rawValue)/\(name)" }

    /// A client of A over the `kind` of transport whose every way of setting a header field is used:
    /// defaults, and credentials from the auth middleware in a field of its own.
    static func client(_ base: URL, _ kind: TransportKind, codec: any ResourceCodec, trusting trusted: Set<Origin> = []) -> Client {
        Client(
            baseURL: base, transport: kind.make(),
            configuration: .init(defaultHeaders: [HeaderField(name: "X-Api-Key", value: "secret-default")], codec: codec, trustedOrigins: trusted),
            middlewares: [AuthMiddleware(provider: InMemoryCredentialStore(credential: Credential(headerName: HTTPField.Name("X-Auth")!, value: "secret-auth")))])
    }

    static let hal = ["Content-Type": "application/hal+json"]
    static let jsonAPI = ["Content-Type": "application/vnd.api+json"]

    /// The caller's fields among `request`'s.
    static func callerFields(_ request: ScriptedServer.Logged) -> [String] {
        request.fields.filter { callerFieldNames.contains($0.name) || $0.value.contains("secret") }.map { "\($0.name): \($0.value)" }
    }

    /// Expects `server` to have seen `count` requests under `prefix`, none with a caller's field.
    static func expectNoCallerFields(_ server: ScriptedServer, under prefix: String, count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let seen = try await server.log(under: prefix)
        #expect(seen.count == count, "\(seen.map(\.target))", sourceLocation: sourceLocation)
        for request in seen {
            #expect(callerFields(request).isEmpty, "\(request.target) carried \(callerFields(request))", sourceLocation: sourceLocation)
        }
    }

    /// Contact 1 on A links its website and one contact on B; B's contact links the same website.
    static func scriptContacts(_ servers: Servers, under prefix: String) async throws {
        let b = servers.b.url(prefix).absoluteString
        try await servers.a.script([
            "\(prefix)/contacts/1": .init(headers: hal, body: #"{"id": 1, "name": "A", "_links": {"self": {"href": "\#(prefix)/contacts/1"}, "website": {"href": "\#(b)/websites/9"}, "contacts": [{"href": "\#(b)/contacts/2"}]}}"#)
        ])
        try await servers.b.script([
            "\(prefix)/contacts/2": .init(headers: hal, body: #"{"id": 2, "name": "B", "_links": {"self": {"href": "\#(prefix)/contacts/2"}, "website": {"href": "\#(b)/websites/9"}}}"#),
            "\(prefix)/websites/9": .init(headers: hal, body: #"{"id": 9, "url": "https://example.org", "title": "W", "_links": {"self": {"href": "\#(prefix)/websites/9"}}}"#),
        ])
    }

    @Test(arguments: TransportKind.allCases) func typedHALTraversalSendsNoCallerFieldToAnotherOrigin(kind: TransportKind) async throws {
        guard let servers = try await Self.servers.value else { return }
        let prefix = Self.prefix(kind, "typed")
        try await Self.scriptContacts(servers, under: prefix)
        let client = Self.client(servers.a.url(prefix), kind, codec: HALCodec(options: HALTraversalOptions(headers: Self.traversalHeaders)))
        let contact = try await client.fetch(Contact.show(1), including: .contactsAndWebsiteOfContacts, headers: Self.callHeaders)
        #expect(contact.website?.resolved?.title == "W" && contact.contacts.resolved?.first?.website?.resolved?.title == "W")
        let atA = try await servers.a.log(under: prefix)
        #expect(Set(atA.flatMap(Self.callerFields).map { $0.prefix { $0 != ":" } }) == ["x-api-key", "authorization", "cookie", "x-traversal", "x-auth"])
        try await Self.expectNoCallerFields(servers.b, under: prefix, count: 2)
    }

    @Test(arguments: TransportKind.allCases) func untypedHALTraversalSendsNoCallerFieldToAnotherOrigin(kind: TransportKind) async throws {
        guard let servers = try await Self.servers.value else { return }
        let prefix = Self.prefix(kind, "untyped")
        try await Self.scriptContacts(servers, under: prefix)
        let client = Self.client(servers.a.url(prefix), kind, codec: HALCodec())
        let traversal = try await client.traverseDocument(
            at: servers.a.url("\(prefix)/contacts/1"), includes: ["website", "[contacts].website"], options: HALTraversalOptions(headers: Self.traversalHeaders))
        #expect(traversal.value.embeddedOne("website")?["title"] == .string("W") && traversal.failures.isEmpty)
        #expect(try await servers.a.log(under: prefix).allSatisfy { $0.fields.contains { $0.name == "x-traversal" } })
        try await Self.expectNoCallerFields(servers.b, under: prefix, count: 2)
    }

    @Test(arguments: TransportKind.allCases) func nextPagesOnAnotherOriginGetNoCallerField(kind: TransportKind) async throws {
        guard let servers = try await Self.servers.value else { return }
        let prefix = Self.prefix(kind, "pages")
        let b = servers.b.url(prefix).absoluteString
        try await servers.a.script([
            "\(prefix)/hal/contacts": .init(headers: Self.hal, body: #"{"_embedded": {"contacts": [{"id": 1, "name": "A"}]}, "_links": {"next": {"href": "\#(b)/hal/contacts?page=2"}}}"#),
            "\(prefix)/plain/contacts": .init(headers: ["Content-Type": "application/json", "Link": "<\(b)/plain/contacts?page=2>; rel=\"next\""], body: #"[{"id": 1, "name": "A"}]"#),
            "\(prefix)/jsonapi/posts": .init(headers: Self.jsonAPI, body: #"{"data": [{"type": "posts", "id": "1", "attributes": {"title": "t"}}], "links": {"next": "\#(b)/jsonapi/posts?page=2"}}"#),
        ])
        try await servers.b.script([
            "\(prefix)/hal/contacts": .init(headers: Self.hal, body: #"{"_embedded": {"contacts": [{"id": 2, "name": "B"}]}}"#),
            "\(prefix)/plain/contacts": .init(headers: ["Content-Type": "application/json"], body: #"[{"id": 2, "name": "B"}]"#),
            "\(prefix)/jsonapi/posts": .init(headers: Self.jsonAPI, body: #"{"data": [{"type": "posts", "id": "2", "attributes": {"title": "u"}}]}"#),
        ])
        var contactIDs: [Int] = []
        for codec in [HALCodec() as any ResourceCodec, PlainJSONCodec()] {
            let base = servers.a.url(codec is HALCodec ? "\(prefix)/hal" : "\(prefix)/plain")
            for try await contact in Self.client(base, kind, codec: codec).items(Contact.list()) { contactIDs.append(contact.id) }
        }
        var postIDs: [Int] = []
        for try await page in Self.client(servers.a.url("\(prefix)/jsonapi"), kind, codec: JSONAPICodec(api: Forum.self)).pages(Post.list()) { postIDs += page.items.map(\.id) }
        #expect(contactIDs == [1, 2, 1, 2] && postIDs == [1, 2])
        #expect(try await servers.a.log(under: prefix).allSatisfy { !Self.callerFields($0).isEmpty })
        try await Self.expectNoCallerFields(servers.b, under: prefix, count: 3)
    }

    @Test(arguments: TransportKind.allCases) func redirectsToAnotherOriginDropEveryCallerField(kind: TransportKind) async throws {
        guard let servers = try await Self.servers.value else { return }
        let prefix = Self.prefix(kind, "redirect")
        try await servers.a.script([
            "\(prefix)/contacts/3": .init(status: 307, headers: ["Location": servers.b.url("\(prefix)/contacts/3").absoluteString]),
            "\(prefix)/ping": .init(status: 308, headers: ["Location": servers.b.url("\(prefix)/ping").absoluteString]),
        ])
        try await servers.b.script([
            "\(prefix)/contacts/3": .init(headers: ["Content-Type": "application/json"], body: #"{"id": 3, "name": "C"}"#),
            "\(prefix)/ping": .init(status: 204),
        ])
        let client = Self.client(servers.a.url(prefix), kind, codec: PlainJSONCodec())
        #expect(try await client.fetch(Contact.show(3), headers: Self.callHeaders).name == "C")
        _ = try await client.send(Ping(), headers: Self.callHeaders)
        try await Self.expectNoCallerFields(servers.b, under: prefix, count: 2)
    }

    @Test(arguments: TransportKind.allCases) func aJSONAPIRelatedLinkGetsNoCallerFieldAndANamedURLOnlyItsOwn(kind: TransportKind) async throws {
        guard let servers = try await Self.servers.value else { return }
        let prefix = Self.prefix(kind, "named")
        try await servers.a.script([
            "\(prefix)/posts/1": .init(headers: Self.jsonAPI, body: #"{"data": {"type": "posts", "id": "1", "attributes": {"title": "t"}, "relationships": {"comments": {"links": {"related": "\#(servers.b.url("\(prefix)/posts/1/comments"))"}}}}}"#)
        ])
        try await servers.b.script([
            "\(prefix)/posts/1/comments": .init(headers: Self.jsonAPI, body: #"{"data": []}"#),
            "\(prefix)/hop": .init(status: 307, headers: ["Location": servers.c.url("\(prefix)/end").absoluteString]),
        ])
        try await servers.c.script(["\(prefix)/end": .init(headers: ["Content-Type": "application/json"], body: "{}")])
        let client = Self.client(servers.a.url(prefix), kind, codec: JSONAPICodec(api: Forum.self))
        let post = try await client.fetch(Post.show(1), headers: Self.callHeaders)
        let related = try #require(post.comments.link)
        _ = try await client.request(.get, related)
        try await Self.expectNoCallerFields(servers.b, under: "\(prefix)/posts", count: 1)
        // The one exception: a URL the caller names gets that call's own fields — and only those, and
        // not past a redirect to yet another origin.
        _ = try await client.request(.get, servers.b.url("\(prefix)/hop"), headers: [HeaderField(name: "X-Named", value: "secret-named")])
        let hop = try await servers.b.log(under: "\(prefix)/hop")
        #expect(hop.count == 1 && hop.first.map(Self.callerFields) == ["x-named: secret-named"])
        try await Self.expectNoCallerFields(servers.c, under: prefix, count: 1)
    }

    @Test(arguments: TransportKind.allCases) func aTrustedOriginGetsTheCallerFields(kind: TransportKind) async throws {
        guard let servers = try await Self.servers.value else { return }
        let prefix = Self.prefix(kind, "trusted")
        try await Self.scriptContacts(servers, under: prefix)
        let trusted = try #require(Origin(servers.b.baseURL))
        let client = Self.client(servers.a.url(prefix), kind, codec: HALCodec(options: HALTraversalOptions(headers: Self.traversalHeaders)), trusting: [trusted])
        _ = try await client.fetch(Contact.show(1), including: .website, headers: Self.callHeaders)
        let atB = try await servers.b.log(under: prefix)
        #expect(atB.count == 1)
        #expect(Set(atB.flatMap(Self.callerFields).map { $0.prefix { $0 != ":" } }) == ["x-api-key", "authorization", "cookie", "x-traversal", "x-auth"])
    }
}

/// A request type whose own header fields (static and per instance) must not cross origins either.
private struct Ping: APIRequest {
    typealias Response = EmptyResponse
    static var method: HTTPMethod { .post }
    static var defaultHeaders: [HeaderField] { [HeaderField(name: "X-Static", value: "secret-static")] }
    var headers: [HeaderField] { [HeaderField(name: "X-Instance", value: "secret-instance")] }
    var pathComponents: [PathComponent] { [.literal("/ping")] }
}
