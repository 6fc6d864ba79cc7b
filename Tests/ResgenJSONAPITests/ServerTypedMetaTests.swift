import Foundation
import ResgenRuntime
import Testing

/// Typed `meta` against the real djangorestframework-jsonapi server over both transports (issue 25,
/// item 4). `Schemas/press` declares each kind the server writes: the article resource object's
/// `meta` (`meta_fields`: `reading-minutes`), the `comments` relationship's `meta` (`count`, which
/// the library writes on every to-many) and the documents' top-level `meta` (`count` and page-number
/// `pagination` on a list, `word-count` on one article). Each typed value equals the raw JSON's.
@Suite(.enabled(if: JSONAPIServer.isAvailable)) struct ServerTypedMetaTests {
    @Test(arguments: TransportKind.allCases) func typedMetaMatchesTheRawDocument(kind: TransportKind) async throws {
        let server = try await JSONAPIServer.readOnly()
        let client = Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self)))

        let raw = try await client.request(.get, server.baseURL.appendingPathComponent("articles/1"))
        try await JSONAPISchemaChecker.expectValid([String(decoding: raw.body, as: UTF8.self)], against: JSONAPISchemaChecker.responseSchema)
        let json = try #require(try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])
        let data = try #require(json["data"] as? [String: Any])
        let resourceMeta = try #require(data["meta"] as? [String: Any])
        let comments = try #require((data["relationships"] as? [String: Any])?["comments"] as? [String: Any])
        let commentsMeta = try #require(comments["meta"] as? [String: Any])
        let documentMeta = try #require(json["meta"] as? [String: Any])

        let document = try await client.fetchDocument(Article.show(1))
        let article = try #require(document.data)
        #expect(article.resourceMeta?.readingMinutes == resourceMeta["reading-minutes"] as? Int)
        #expect(article.resourceMeta?.readingMinutes != nil)
        #expect(article.jsonAPI.meta?["reading-minutes"] != nil, "untyped access stays")
        #expect(article.commentsMeta?.count == commentsMeta["count"] as? Int)
        #expect(article.commentsMeta?.count == article.comments.ids?.count)
        #expect(document.documentMeta?.wordCount == documentMeta["word-count"] as? Int)
        #expect(document.documentMeta?.wordCount != nil)

        let rawList = try #require(try JSONSerialization.jsonObject(with: try await client.request(.get, server.baseURL.appendingPathComponent("articles")).body) as? [String: Any])
        let listMeta = try #require(rawList["meta"] as? [String: Any])
        let pagination = try #require(listMeta["pagination"] as? [String: Any])
        var pages = 0
        for try await page in client.pages(Article.list()) {
            pages += 1
            let meta = try #require(page.documentMeta)
            #expect(meta.pagination?.page == pages)
            #expect(meta.pagination?.count == pagination["count"] as? Int)
            #expect(meta.pagination?.pages == pagination["pages"] as? Int)
            #expect(meta.count == page.items.count)
            for item in page.items { #expect(item.resourceMeta != nil) }
        }
        #expect(pages == pagination["pages"] as? Int)
    }
}
