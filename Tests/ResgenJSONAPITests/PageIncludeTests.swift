import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// `pages` and `items` with include sets, on fixed documents: each page asks with `include=` and
/// resolves its own `included`.
@Suite struct PageIncludeTests {
    /// Two pages of one article each; the first page's `next` keeps the query, as servers do.
    final class TwoPages: Transport, @unchecked Sendable {
        private let lock = NSLock()
        private var urls: [String] = []
        var requested: [String] { lock.withLock { urls } }

        func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
            let url = request.url?.absoluteString ?? ""
            lock.withLock { urls.append(url) }
            let second = url.contains("page%5Bnumber%5D=2")
            let (id, author, name) = second ? ("2", "3", "Grace") : ("1", "2", "Alan")
            let next = second ? "null" : #""https://api.example.com/articles?include=author&page%5Bnumber%5D=2""#
            let json = #"""
                {"data": [{"type": "articles", "id": "\#(id)", "attributes": {"title": "T", "body": "B", "published-at": "2026-01-02T09:00:00Z"},
                  "relationships": {"author": {"data": {"type": "people", "id": "\#(author)"}}}}],
                 "included": [{"type": "people", "id": "\#(author)", "attributes": {"name": "\#(name)"}}],
                 "links": {"next": \#(next)}}
                """#
            return (HTTPResponse(status: .ok, headerFields: [.contentType: JSONAPICodec.mediaType]), Data(json.utf8))
        }
    }

    @Test func eachPageResolvesItsOwnIncluded() async throws {
        let transport = TwoPages()
        let client = Client(api: Press.self, baseURL: URL(string: "https://api.example.com")!, transport: transport)
        var names: [String?] = []
        for try await page in client.pages(Article.list(), including: .author) { names += page.items.map { $0.author.resolved?.name } }
        #expect(names == ["Alan", "Grace"])
        #expect(transport.requested.first == "https://api.example.com/articles?include=author", "the first request asks for the includes")
        var items: [String?] = []
        for try await article in client.items(Article.list(), including: .author) { items.append(article.author.resolved?.name) }
        #expect(items == ["Alan", "Grace"])
        var plain: [String?] = []
        for try await article in client.items(Article.list()) { plain.append(article.author.resolved?.name) }
        #expect(plain == [nil, nil], "without includes nothing is resolved")
    }
}
