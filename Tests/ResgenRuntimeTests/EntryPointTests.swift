import Foundation
import HTTPTypes
import Testing

@_spi(Generated) @testable import ResgenRuntime

/// The entry point of a HAL API, as the generator writes `entry:` (templated `search`, a CURIE).
private enum HALEntry: EntryPoint {
    enum Link: String, Hashable, Sendable, CaseIterable {
        case search = "ea:find"
        case contacts
        case help
    }
    static var path: String { "/" }
    static var format: WireFormat { .hal }
    static var templatedLinks: Set<Link> { [.search] }
}

/// The entry point of a JSON:API API: its links have no `templated` member, so the schema says it.
private enum JSONAPIEntry: EntryPoint {
    enum Link: String, Hashable, Sendable, CaseIterable {
        case search
        case articles
    }
    static var path: String { "/api/" }
    static var format: WireFormat { .jsonapi }
    static var templatedLinks: Set<Link> { [.search] }
}

/// Typed entry points (issue 25, item 14): the root document's links by the schema's relations, in
/// both formats, relative hrefs resolved against the document and templates expanded.
@Suite struct EntryPointTests {
    static let base = URL(string: "https://api.example.com/v1")!

    @Test func aHALRootDocumentsLinksAreTyped() async throws {
        let transport = FakeTransport(json: """
            {"_links": {"self": {"href": "/v1/"},
                        "curies": [{"name": "ea", "href": "https://rels.example.com/{rel}", "templated": true}],
                        "ea:find": {"href": "/v1/contacts/search{?name}", "templated": true, "title": "Find contacts"},
                        "contacts": {"href": "contacts"}},
             "welcome": "hello"}
            """, headers: [.contentType: "application/hal+json"])
        let client = Client(baseURL: Self.base, transport: transport)
        let root = try await client.entry(HALEntry.self)
        #expect(transport.sent.map { $0.request.path ?? "" } == ["/v1/"], "one GET of the entry path")
        #expect(root.link(.search)?.title == "Find contacts")
        #expect(root.link(.search)?.url == nil, "a template has no URL until expanded")
        #expect(try root.url(.search, expanding: ["name": "Ann Lee"]) == URL(string: "https://api.example.com/v1/contacts/search?name=Ann%20Lee"))
        #expect(try root.url(.contacts) == URL(string: "https://api.example.com/v1/contacts"), "relative to the document")
        #expect(root.link(.help) == nil, "a declared link the document lacks is nil")
        #expect(root.links["self"]?.first?.href == "/v1/", "undeclared links stay readable")
    }

    @Test func aJSONAPIRootDocumentsTopLevelLinksAreTyped() async throws {
        let transport = FakeTransport(json: """
            {"data": null, "links": {"self": "/v1/api/", "articles": {"href": "/v1/articles", "title": "All articles"},
                                     "search": "/v1/articles/search{?q}"}, "meta": {"version": "1"}}
            """, headers: [.contentType: "application/vnd.api+json"])
        let client = Client(baseURL: Self.base, transport: transport)
        let root = try await client.entry(JSONAPIEntry.self)
        #expect(transport.sent.map { $0.request.path ?? "" } == ["/v1/api/"])
        #expect(root.link(.articles)?.title == "All articles")
        #expect(try root.url(.articles) == URL(string: "https://api.example.com/v1/articles"))
        #expect(root.link(.search)?.templated == true, "the schema says it is a template")
        #expect(try root.url(.search, expanding: ["q": "swift"]) == URL(string: "https://api.example.com/v1/articles/search?q=swift"))
    }

    @Test func aDocumentWithoutLinksHasNone() async throws {
        let client = Client(baseURL: Self.base, transport: FakeTransport(json: #"{"meta": {}}"#))
        let root = try await client.entry(JSONAPIEntry.self)
        #expect(root.links.isEmpty && root.link(.articles) == nil)
    }

    @Test func aBodyThatIsNoDocumentIsADecodingError() async throws {
        let client = Client(baseURL: Self.base, transport: FakeTransport(json: #"{"_links": []}"#))
        let error = await #expect(throws: ClientError.self) { _ = try await client.entry(HALEntry.self) }
        #expect(error?.kind == .decoding)
    }
}
