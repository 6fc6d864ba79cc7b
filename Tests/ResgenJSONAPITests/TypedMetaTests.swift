import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Typed and untyped `meta` (issue 25, item 4), decoded by the codec from scripted documents with
/// `Schemas/press`'s declarations: `Article.resourceMeta: ArticleMeta`, `documentMeta: ArticleDocumentMeta`,
/// relationship `comments` with `meta: CountMeta`. The real server's documents are checked in
/// `ServerTypedMetaTests`.
struct TypedMetaTests {
    static let codec = JSONAPICodec(api: Press.self)

    static func article(meta: String = #"{"reading-minutes": 3}"#, commentsMeta: String = #"{"count": 2}"#, documentMeta: String = #"{"word-count": 420}"#) -> Data {
        Data(#"""
        {"data": {"type": "articles", "id": "1", "attributes": {"title": "T", "body": "B", "published-at": "2026-03-01T12:00:00Z", "views": 1},
          "relationships": {
            "comments": {"data": [{"type": "comments", "id": "5", "meta": {"pinned": true}}, {"type": "comments", "id": "6"}, {"type": "comments", "id": "7", "meta": {"pinned": false}}], "meta": \#(commentsMeta)},
            "tags": {"data": [{"type": "tags", "id": "swift"}]}},
          "meta": \#(meta)},
         "meta": \#(documentMeta)}
        """#.utf8)
    }

    static func decode(_ data: Data) throws -> JSONAPIDocument<Article?> {
        try codec.decodeDocument(Article?.self, from: data, decoder: DocumentTests.decoder)
    }

    @Test func resourceRelationshipAndDocumentMetaDecodeTyped() throws {
        let document = try Self.decode(Self.article())
        let article = try #require(document.data)
        #expect(article.resourceMeta == ArticleMeta(readingMinutes: 3))
        #expect(article.commentsMeta == CountMeta(count: 2))
        #expect(document.documentMeta == ArticleDocumentMeta(wordCount: 420))
        // Untyped access stays.
        #expect(article.jsonAPI.meta?["reading-minutes"] == .number(3))
        #expect(article.comments.meta?["count"] == .number(2))
        #expect(document.meta?["word-count"] == .number(420))
    }

    /// Resource identifier `meta` on to-many linkage was dropped; it is kept in step with the ids.
    @Test func toManyLinkageMetaIsKeptPerIdentifier() throws {
        let article = try #require(try Self.decode(Self.article()).data)
        #expect(article.comments.ids == [5, 6, 7])
        #expect(article.comments.linkageMeta == [.object(["pinned": .bool(true)]), nil, .object(["pinned": .bool(false)])])
        #expect(article.tags.linkageMeta == nil, "no identifier had meta: no array")
    }

    @Test func absentMetaIsNil() throws {
        let data = Data(#"{"data": {"type": "articles", "id": "1", "attributes": {"title": "T", "body": "B", "published-at": "2026-03-01T12:00:00Z"}}}"#.utf8)
        let document = try Self.decode(data)
        let article = try #require(document.data)
        #expect(article.resourceMeta == nil)
        #expect(article.commentsMeta == nil)
        #expect(document.documentMeta == nil)
    }

    /// A declared shape is a promise about the server: a `meta` that breaks it fails the document with
    /// its path, as an attribute of the wrong type does.
    @Test(arguments: [
        (Self.article(meta: #"{"reading-minutes": "three"}"#), "data.meta.reading-minutes"),
        (Self.article(commentsMeta: #"{"total": 2}"#), "data.relationships.comments.meta.count"),
        (Self.article(documentMeta: #"{"word-count": [1]}"#), "meta.word-count"),
    ])
    func metaThatBreaksItsTypeIsADecodingErrorWithItsPath(data: Data, path: String) throws {
        do {
            _ = try Self.decode(data)
            Issue.record("decoded")
        } catch let error as DecodingError {
            let context: DecodingError.Context
            switch error {
            case .typeMismatch(_, let c), .keyNotFound(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): context = c
            @unknown default: throw error
            }
            var keys = context.codingPath.map(\.stringValue)
            if case .keyNotFound(let key, _) = error { keys.append(key.stringValue) }
            #expect(keys.joined(separator: ".") == path)
        }
    }

    /// The typed value is derived from the untyped one: setting `meta` drops it, and equality and
    /// hashing compare the untyped value only.
    @Test func settingUntypedMetaDropsTheTypedValue() throws {
        var article = try #require(try Self.decode(Self.article()).data)
        let decoded = article
        #expect(article.commentsMeta != nil)
        article.comments.meta = .object(["count": .number(9)])
        #expect(article.commentsMeta == nil)
        article.jsonAPI.meta = .object(["reading-minutes": .number(3)])
        #expect(article.resourceMeta == nil)
        #expect(article.jsonAPI == decoded.jsonAPI, "typed values are not compared")
    }

    @Test func pagesCarryTheTypedDocumentMeta() throws {
        let data = Data(#"{"data": [], "meta": {"count": 0, "pagination": {"page": 1, "pages": 1, "count": 0}}}"#.utf8)
        let context = ResponseContext(decoder: DocumentTests.decoder, url: URL(string: "http://127.0.0.1/articles")!, response: HTTPResponse(status: .ok))
        let page = try Self.codec.decodePage(Article.self, from: data, context: context)
        #expect(page.documentMeta == ArticleDocumentMeta(count: 0, pagination: PageNumberMeta(page: 1, pages: 1, count: 0)))
        var changed = page
        changed.meta = nil
        #expect(changed.documentMeta == nil)
    }
}
