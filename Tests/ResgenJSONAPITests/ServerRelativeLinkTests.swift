import Foundation
import ResgenRuntime
import Testing

/// Relative links from the real djangorestframework-jsonapi server over both transports (issue 25,
/// item 2): with `X-Resgen-Links: relative` its `RelativeLinksMiddleware` writes every link as the
/// path alone (`"related": "/articles/1/author"`), as servers behind a proxy do. Relationship links
/// resolve and are followed with `fetchRelated`, document links resolve, and `pages` follows
/// relative `next` links.
@Suite(.enabled(if: JSONAPIServer.isAvailable)) struct ServerRelativeLinkTests {
    static func client(_ kind: TransportKind) async throws -> (JSONAPIServer, Client) {
        let server = try await JSONAPIServer.readOnly()
        let configuration = Client.Configuration(defaultHeaders: [HeaderField(name: "X-Resgen-Links", value: "relative")], codec: JSONAPICodec(api: Press.self))
        return (server, Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), configuration: configuration))
    }

    static func url(_ server: JSONAPIServer, _ path: String) -> URL? { URL(string: path, relativeTo: server.baseURL)?.absoluteURL }

    @Test(arguments: TransportKind.allCases) func relativeLinksResolveAndAreFollowed(kind: TransportKind) async throws {
        let (server, client) = try await Self.client(kind)
        let raw = try await client.request(.get, server.baseURL.appendingPathComponent("articles/1"), headers: [HeaderField(name: "X-Resgen-Links", value: "relative")])
        #expect(String(decoding: raw.body, as: UTF8.self).contains(#""related":"/articles/1/author""#), "the server writes relative links")
        try await JSONAPISchemaChecker.expectValid([String(decoding: raw.body, as: UTF8.self)], against: JSONAPISchemaChecker.responseSchema)

        let article = try await client.fetch(Article.show(1))
        #expect(article.author.link == Self.url(server, "/articles/1/author"))
        #expect(article.author.selfLink == Self.url(server, "/articles/1/relationships/author"))
        #expect(article.comments.link == Self.url(server, "/articles/1/comments"))
        let document = try await client.fetchDocument(Article.list())
        #expect(document.links?["next"]?.href == "/articles?page%5Bnumber%5D=2")
        #expect(document.links?["next"]?.url == Self.url(server, "/articles?page%5Bnumber%5D=2"))

        let author = try #require(try await client.fetchRelated(article.author))
        #expect(author.id == article.author.id)
        let comments = try await client.fetchRelated(article.comments)
        #expect(comments.map(\.body).sorted() == ["Anonymous", "First!", "Mine"])

        var pages = 0
        for try await page in client.pages(Article.list()) {
            pages += 1
            #expect(page.next == nil || page.next?.host == server.baseURL.host, "a relative next link resolves: \(String(describing: page.next))")
        }
        #expect(pages == 3, "12 articles, 5 a page: every relative next link was followed")
    }
}
