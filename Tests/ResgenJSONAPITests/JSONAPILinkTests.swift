import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// JSON:API links are URI-references resolved against the URL of the document they came from (issue 25,
/// item 2), whichever object holds them, and following a relationship's link is a typed call; link
/// objects keep every member JSON:API 1.1 defines, and the `jsonapi` object its `ext` and `profile`
/// (item 3).
@Suite struct JSONAPILinkTests {
    static let article = #"""
        {"data": {"type": "articles", "id": "1",
          "attributes": {"title": "T", "body": "B", "published-at": "2026-01-02T09:00:00Z"},
          "relationships": {
            "author": {"data": {"type": "people", "id": "3"}, "links": {"related": "/tasks/1/author", "self": "relationships/author"}},
            "comments": {"links": {"related": "/tasks/1/comments"}},
            "tags": {"data": [], "links": {"related": {"href": "../tags?article=1", "title": "Tags"}}}},
          "links": {"self": "/articles/1"}},
         "links": {"self": "?include=author", "describedby": "/schema"}}
        """#

    static let comments = #"""
        {"data": [{"type": "comments", "id": "5", "attributes": {"body": "Hi"},
                   "relationships": {"article": {"data": {"type": "articles", "id": "1"}}}, "links": {"self": "5"}}]}
        """#

    static let person = #"{"data": {"type": "people", "id": "3", "attributes": {"name": "Ann"}}}"#

    @Test(arguments: TransportKind.allCases) func everyLinkResolvesAgainstItsDocumentAndIsFollowed(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let client = Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self)))
        let json = ["Content-Type": JSONAPICodec.mediaType]
        try await server.script([
            "/articles/1": .init(headers: json, body: Self.article), "/tasks/1/comments": .init(headers: json, body: Self.comments),
            "/tasks/1/author": .init(headers: json, body: Self.person),
        ])
        let article = try await client.fetch(Article.show(1))
        #expect(article.comments.link == server.url("/tasks/1/comments"), "not URL(\"/tasks/1/comments\") without a base")
        #expect(article.author.link == server.url("/tasks/1/author"))
        #expect(article.author.selfLink == server.url("/articles/relationships/author"), "RFC 3986: relative to /articles/1")
        #expect(article.tags.link == server.url("/tags?article=1"))
        #expect(article.jsonAPI.links?["self"]?.url == server.url("/articles/1"))
        #expect(article.jsonAPI.links?["self"]?.href == "/articles/1", "href stays as written")

        let document = try await client.fetchDocument(Article.show(1))
        #expect(document.links?["self"]?.url == server.url("/articles/1?include=author"))
        #expect(document.links?["describedby"]?.url == server.url("/schema"))

        let comments = try await client.fetchRelated(article.comments)
        #expect(comments.map(\.body) == ["Hi"])
        #expect(comments.first?.jsonAPI.links?["self"]?.url == server.url("/tasks/1/5"), "links of the followed document resolve against it")
        #expect(try await client.fetchRelated(article.author)?.name == "Ann")
        #expect(try await server.log(under: "/tasks/").map(\.target) == ["/tasks/1/comments", "/tasks/1/author"])

        try await server.script(["/tasks/1/author": .init(headers: json, body: #"{"data": null}"#)])
        #expect(try await client.fetchRelated(article.author) == nil, "data: null is no resource")
    }

    @Test(arguments: TransportKind.allCases) func headersGoToALinkOnlyOnATrustedOrigin(kind: TransportKind) async throws {
        let api = try await ScriptedServer.start(host: "127.0.0.1")
        let other = try await ScriptedServer.start(host: "127.0.0.2")
        let client = Client(api: Press.self, baseURL: api.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self)))
        let json = ["Content-Type": JSONAPICodec.mediaType]
        try await other.script(["/comments": .init(headers: json, body: #"{"data": []}"#)])
        let comments = ToMany<Comment>(link: other.url("/comments"))
        #expect(try await client.fetchRelated(comments, headers: [HeaderField(name: "X-Secret", value: "s")]).isEmpty)
        let fields = try #require(try await other.log(under: "/comments").first).fields
        #expect(!fields.contains { $0.name == "x-secret" }, "the server chose the link: header fields stay on trusted origins")
    }

    @Test func aRelationshipWithoutALinkSaysSo() async throws {
        let client = Client(api: Press.self, baseURL: URL(string: "https://api.example.com")!, configuration: .init(codec: JSONAPICodec(api: Press.self)))
        do {
            _ = try await client.fetchRelated(ToMany<Comment>(ids: [1]))
            Issue.record("there is nothing to follow")
        } catch let error as ClientError {
            #expect(error.kind == .invalidRequest)
            #expect(error.description.contains("no link"))
        }
    }

    // MARK: members

    @Test func linkObjectsKeepEveryMemberAndTheJSONAPIObjectItsExtAndProfile() throws {
        let json = #"""
            {"data": [], "jsonapi": {"version": "1.1", "ext": ["https://jsonapi.org/ext/atomic"], "profile": ["https://example.com/cursor"], "meta": {"a": 1}},
             "links": {"self": {"href": "/articles", "rel": "self", "describedby": {"href": "/schema.json", "type": "application/schema+json"},
                                "title": "Articles", "type": "application/vnd.api+json", "hreflang": ["en", "de"], "meta": {"count": 0}},
                       "about": {"href": "https://example.com/about", "hreflang": "fr"}, "next": null}}
            """#
        let document = try DocumentTests.codec.decodeDocument(
            [Article].self, from: Data(json.utf8), decoder: DocumentTests.decoder, baseURL: URL(string: "https://api.example.com/v1/articles?page=1"))
        let link = try #require(document.links?["self"])
        #expect(link.href == "/articles")
        #expect(link.url == URL(string: "https://api.example.com/articles"))
        #expect(link.rel == "self")
        #expect(link.title == "Articles")
        #expect(link.type == JSONAPICodec.mediaType)
        #expect(link.hreflang == ["en", "de"])
        #expect(link.meta == .object(["count": .number(0)]))
        #expect(link.describedby?.type == "application/schema+json")
        #expect(link.describedby?.url == URL(string: "https://api.example.com/schema.json"))
        #expect(document.links?["about"]?.hreflang == ["fr"])
        #expect(document.links?["next"] == nil)
        #expect(document.jsonapi == JSONAPIObject(version: "1.1", ext: ["https://jsonapi.org/ext/atomic"], profile: ["https://example.com/cursor"], meta: .object(["a": .number(1)])))

        // Written back as the server wrote them: a link object with its members, a lone href as a string.
        let encoded = String(decoding: try DocumentTests.encoder.encode(try #require(document.links)), as: UTF8.self)
        #expect(encoded.contains(#""about":{"href":"https://example.com/about","hreflang":"fr"}"#), "\(encoded)")
        #expect(encoded.contains(#""describedby":{"href":"/schema.json","type":"application/schema+json"}"#), "\(encoded)")
        #expect(encoded.contains(#""hreflang":["en","de"]"#), "\(encoded)")
        #expect(String(decoding: try DocumentTests.encoder.encode(JSONAPILink(href: "/a")), as: UTF8.self) == #""/a""#)
    }

    @Test func linksCompareByTarget() {
        let base = URL(string: "https://api.example.com/articles/1")
        #expect(JSONAPILink(href: "/people/2", base: base) == JSONAPILink(href: "https://api.example.com/people/2"))
        #expect(JSONAPILink(href: "/people/2", base: base) != JSONAPILink(href: "/people/2", base: URL(string: "https://other.example.com/")))
        #expect(JSONAPILink(href: "/a", title: "A") != JSONAPILink(href: "/a"))
        var link = JSONAPILink(href: "/a", title: "A")
        link.title = nil
        #expect(link == JSONAPILink(href: "/a"), "a member set and cleared is absent")
    }
}
