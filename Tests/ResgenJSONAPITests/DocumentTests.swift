import Foundation
import HTTPTypes
import Testing

@_spi(Testing) @testable import ResgenRuntime

/// JSON:API documents decoded and bodies encoded by the generated Press models and `JSONAPICodec`,
/// from fixed bytes (no server).
@Suite struct DocumentTests {
    static let codec = JSONAPICodec(api: Press.self)

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = DateFormat.iso8601.decodingStrategy
        return decoder
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = DateFormat.iso8601.encodingStrategy
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func context(_ url: String = "https://api.example.com/articles?page%5Bnumber%5D=2") -> ResponseContext {
        ResponseContext(decoder: decoder, url: URL(string: url)!, response: HTTPResponse(status: .ok))
    }

    static let article = #"{"type": "articles", "id": "1", "attributes": {"title": "T", "body": "B", "published-at": "2026-01-02T09:00:00Z", "views": 3, "unknown-attribute": [1, 2]}, "relationships": {"author": {"data": {"type": "people", "id": "2", "meta": {"role": "lead"}}}, "comments": {"data": []}}, "links": {"self": "/articles/1"}, "meta": {"rank": 1}}"#

    @Test func singleDocumentWithTopLevelMembers() throws {
        let json = #"{"data": \#(Self.article), "meta": {"total": 1}, "links": {"self": "https://api.example.com/articles/1"}, "jsonapi": {"version": "1.1"}, "included": [{"type": "people", "id": "2", "attributes": {"name": "Alan"}}]}"#
        let document = try Self.codec.decodeDocument(Article?.self, from: Data(json.utf8), decoder: Self.decoder, includes: [IncludePath(.toOne("author"))])
        let article = try #require(document.data)
        #expect(article.id == 1)
        #expect(article.views == 3)
        #expect(article.author.resolved?.name == "Alan")
        #expect(article.author.linkageMeta == .object(["role": .string("lead")]))
        #expect(article.comments.ids == [], "an empty to-many is known and empty")
        #expect(article.tags.ids == nil, "an absent relationship is unknown")
        #expect(article.jsonAPI.links?["self"]?.href == "/articles/1")
        #expect(article.jsonAPI.meta == .object(["rank": .number(1)]))
        #expect(document.meta == .object(["total": .number(1)]))
        #expect(document.links?["self"]?.href == "https://api.example.com/articles/1")
        #expect(document.jsonapi?.version == "1.1")
        #expect(document.included(Person.self).map(\.name) == ["Alan"])
    }

    @Test func nullPrimaryData() throws {
        let document = try Self.codec.decodeDocument(Article?.self, from: Data(#"{"data": null}"#.utf8), decoder: Self.decoder)
        #expect(document.data == nil)
        #expect(throws: DecodingError.self) {
            try Self.codec.decodeResource(Article.self, from: Data(#"{"data": null}"#.utf8), context: Self.context())
        }
    }

    /// JSONAPICodec decodes through the tape decoder; on the same documents it must give what the
    /// codec's JSONDecoder gives (primary data, included resources as resolved, top-level members).
    @Test func theTapeDecoderDecodesDocumentsAsJSONDecoderDoes() throws {
        let documents = [
            #"{"data": [\#(Self.article)], "meta": {"total": 1, "pages": [1.5, null, "x"]}, "links": {"self": "/articles", "next": null}, "jsonapi": {"version": "1.1"}, "included": [{"type": "people", "id": "2", "attributes": {"name": "Al\u00e1n"}}, {"type": "comments", "id": "7", "attributes": {"body": "c"}, "relationships": {"author": {"data": {"type": "people", "id": "2"}}}}]}"#,
            #"{"data": [{"type": "articles", "id": "5", "attributes": {"title": "T", "body": "B", "published-at": "2026-01-02T09:00:00Z"}, "relationships": {"comments": {"data": [{"type": "comments", "id": "7"}]}}}], "included": [{"type": "comments", "id": "7", "attributes": {"body": "c"}}]}"#,
            #"{"data": []}"#,
            // Members found in one pass over an object: escaped, repeated (the first wins), in any order.
            Self.repeatedMembers,
        ]
        let includes = IncludeTree([IncludePath(.toOne("author")), IncludePath(.toMany("comments"), .toOne("author"))])
        for json in documents {
            let decoder = Self.codec.jsonAPIDecoder(from: Self.decoder)
            let data = Data(json.utf8)
            let tape = try #require(TapeDecoder.decode(WireDocument<[Article]>.self, from: data, like: decoder, userInfo: decoder.userInfo))
            let plain = try decoder.decode(WireDocument<[Article]>.self, from: data)
            let resolved = { (wire: WireDocument<[Article]>) in
                wire.data.map { IncludeResolver(included: wire.included, primary: wire.data, includes: includes).resolve($0) }
            }
            #expect(resolved(tape) == resolved(plain))
            #expect(tape.meta == plain.meta && tape.links == plain.links && tape.jsonapi == plain.jsonapi)
        }
    }

    /// Relationship objects and resource identifiers whose members are escaped (`d\u0061ta`), repeated or
    /// out of order: the tape reads `data`, `links` and `meta`, and `type`, `id` and `meta`, in one pass
    /// over each object, and must still take the first of equal keys, as JSONDecoder does.
    static let repeatedMembers = #"{"data": [{"type": "articles", "id": "5", "attributes": {"title": "T", "body": "B", "published-at": "2026-01-02T09:00:00Z"}, "relationships": {"author": {"links": {"related": "/people/2"}, "d\u0061ta": {"meta": {"n": 1}, "i\u0064": "2", "\u0074ype": "people", "id": "3", "type": "robots", "meta": {"n": 2}}, "data": null, "links": {"related": "/people/3"}}, "comments": {"meta": {"count": 1}, "data": [{"id": "7", "type": "comments", "id": "8"}], "meta": {"count": 2}, "data": []}}}], "included": [{"type": "people", "id": "2", "attributes": {"name": "Alan"}}, {"type": "comments", "id": "7", "attributes": {"body": "c"}}]}"#

    @Test func repeatedMembersOfRelationshipsAndIdentifiersTakeTheFirst() throws {
        let document = try Self.codec.decodeDocument([Article].self, from: Data(Self.repeatedMembers.utf8), decoder: Self.decoder,
                                                     includes: [IncludePath(.toOne("author")), IncludePath(.toMany("comments"))])
        let article = try #require(document.data.first)
        #expect(article.author.id == 2 && article.author.resolved?.name == "Alan")
        #expect(article.author.linkageMeta == .object(["n": .number(1)]))
        #expect(article.author.link == URL(string: "/people/2"))
        #expect(article.comments.ids == [7] && article.comments.resolved?.map(\.body) == ["c"])
        #expect(article.comments.meta == .object(["count": .number(1)]))
    }

    /// An identifier's `meta` is open JSON, nested at most `JSONValue.maximumDepth` deep counted from the
    /// document's top: the tape makes an identifier's coding path only when it has a `meta`, and must count
    /// the same depth as JSONDecoder's containers do, for to-one and to-many linkage alike.
    @Test(arguments: ["author", "comments"])
    func identifierMetaIsCappedAtTheSameDepthOnBothPaths(relationship: String) throws {
        func nested(_ levels: Int) -> String { String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels) }
        var decodedByBoth = 0, refusedByBoth = 0
        // `data[0].relationships.author.data.meta` is 6 keys deep; `…comments.data[0].meta` 7.
        for levels in (JSONValue.maximumDepth - 9)...(JSONValue.maximumDepth - 4) {
            let linkage = relationship == "author"
                ? #"{"author": {"data": {"type": "people", "id": "2", "meta": \#(nested(levels))}}}"#
                : #"{"comments": {"data": [{"type": "comments", "id": "7", "meta": \#(nested(levels))}]}}"#
            let json = #"{"data": [{"type": "articles", "id": "5", "attributes": {"title": "T", "body": "B", "published-at": "2026-01-02T09:00:00Z"}, "relationships": \#(linkage)}]}"#
            let decoder = Self.codec.jsonAPIDecoder(from: Self.decoder)
            let data = Data(json.utf8)
            let plain = try? decoder.decode(WireDocument<[Article]>.self, from: data)
            let tape = TapeDecoder.decode(WireDocument<[Article]>.self, from: data, like: decoder, userInfo: decoder.userInfo)
            #expect((plain == nil) == (tape == nil), "\(levels) levels: JSONDecoder \(plain == nil ? "refused" : "decoded"), the tape \(tape == nil ? "declined" : "decoded")")
            if let plain, let tape {
                #expect(tape.data == plain.data)
                decodedByBoth += 1
            } else if plain == nil, tape == nil {
                refusedByBoth += 1
            }
        }
        #expect(decodedByBoth > 0 && refusedByBoth > 0, "the levels tried straddle the cap")
    }

    @Test func unknownIncludedTypesAreSkippedUnlessStrict() throws {
        let json = #"{"data": [\#(Self.article)], "included": [{"type": "planets", "id": "9", "attributes": {"name": "Mars"}}, {"type": "people", "id": "2", "attributes": {"name": "Alan"}}]}"#
        let document = try Self.codec.decodeDocument([Article].self, from: Data(json.utf8), decoder: Self.decoder, includes: [IncludePath(.toOne("author"))])
        #expect(document.included.count == 1)
        #expect(document.data.first?.author.resolved?.name == "Alan")
        let strict = JSONAPICodec(api: Press.self, strict: true)
        #expect(throws: DecodingError.self) {
            try strict.decodeDocument([Article].self, from: Data(json.utf8), decoder: Self.decoder)
        }
    }

    @Test func anIDThatIsNotTheSchemasTypeNamesThePath() throws {
        let json = #"{"data": [{"type": "articles", "id": "x1", "attributes": {"title": "T", "body": "B", "published-at": "2026-01-02T09:00:00Z"}}]}"#
        do {
            _ = try Self.codec.decodeCollection(Article.self, from: Data(json.utf8), context: Self.context())
            Issue.record("'x1' is not an Int")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["data", "Index 0", "id"])
            #expect(context.debugDescription == "'x1' is not a valid Int id")
        }
    }

    @Test func pagesReadLinksRelativeOrAbsoluteAndNullAtTheEnds() throws {
        let json = #"{"data": [], "links": {"first": "/articles?page%5Bnumber%5D=1", "prev": null, "next": "https://api.example.com/articles?page%5Bnumber%5D=3", "last": {"href": "?page%5Bnumber%5D=9"}}, "meta": {"pages": 9}}"#
        let page = try Self.codec.decodePage(Article.self, from: Data(json.utf8), context: Self.context())
        #expect(page.first?.absoluteString == "https://api.example.com/articles?page%5Bnumber%5D=1")
        #expect(page.previous == nil)
        #expect(page.next?.absoluteString == "https://api.example.com/articles?page%5Bnumber%5D=3")
        #expect(page.last?.absoluteString == "https://api.example.com/articles?page%5Bnumber%5D=9")
        #expect(page.meta == .object(["pages": .number(9)]))
    }

    @Test func queryItemsArePercentEncodedBracketsIncluded() throws {
        let query = Article.query(fields: [.title, .publishedAt, .author], sort: [.descending(.publishedAt), .ascending(.title)], filter: ["title": "a&b=c d"], page: .number(2, size: 10))
        let url = try Client(baseURL: URL(string: "https://api.example.com/v1")!).url(for: Article.list().path, query: query)
        #expect(url.absoluteString == "https://api.example.com/v1/articles?fields%5Barticles%5D=title%2Cpublished-at%2Cauthor&sort=-published-at%2Ctitle&filter%5Btitle%5D=a%26b%3Dc%20d&page%5Bnumber%5D=2&page%5Bsize%5D=10")
        #expect(Article.Include.commentsWithAuthors.includeQuery == "comments.author")
    }

    @Test func writesSendResourceObjectsWithoutReadOnlyAttributes() throws {
        let date = Date(timeIntervalSince1970: 1_767_344_400)
        let new = Article.New(title: "Hi", body: "B", publishedAt: date, author: ToOne(id: 2))
        #expect(String(decoding: try Self.codec.encodeBody(new, for: Article.self, encoder: Self.encoder), as: UTF8.self)
            == #"{"data":{"attributes":{"body":"B","published-at":"2026-01-02T09:00:00Z","title":"Hi"},"relationships":{"author":{"data":{"id":"2","type":"people"}}},"type":"articles"}}"#)
        #expect(String(decoding: try Self.codec.encodeBody(Tag.New(id: "rust", name: "Rust"), for: Tag.self, encoder: Self.encoder), as: UTF8.self)
            == #"{"data":{"attributes":{"name":"Rust"},"id":"rust","type":"tags"}}"#)
        let article = Article(id: 7, title: "T", body: "B", publishedAt: date, views: 99, author: ToOne(id: 2), comments: ToMany(ids: [1]))
        let full = String(decoding: try Self.codec.encodeBody(article, for: Article.self, encoder: Self.encoder), as: UTF8.self)
        #expect(full == #"{"data":{"attributes":{"body":"B","published-at":"2026-01-02T09:00:00Z","title":"T"},"id":"7","relationships":{"author":{"data":{"id":"2","type":"people"}},"comments":{"data":[{"id":"1","type":"comments"}]}},"type":"articles"}}"#,
            "views is read-only; tags (unknown) are not sent")
        var edited = article
        edited.body = "New"
        edited.tags = ToMany(ids: ["swift"])
        edited.views = 100
        #expect(String(decoding: try Self.codec.encodeBody(edited.changes(since: article), for: Article.self, encoder: Self.encoder), as: UTF8.self)
            == #"{"data":{"attributes":{"body":"New"},"id":"7","relationships":{"tags":{"data":[{"id":"swift","type":"tags"}]}},"type":"articles"}}"#)
        #expect(article.changes(since: article).isEmpty)
    }

    @Test func plainCodableFormIsUnchangedWithoutTheWireFormat() throws {
        let article = Article(id: 7, title: "T", body: "B", publishedAt: Date(timeIntervalSince1970: 0), author: ToOne(id: 2))
        let again = try Self.decoder.decode(Article.self, from: Self.encoder.encode(article))
        #expect(again == article)
    }

    /// Include resolution keeps the primary resources as targets only when they may be one; a path back to
    /// the primary type (here `articles.author`, people → articles → people) still resolves from them.
    @Test func primaryResourcesAreTargetsWhenAPathLeadsBackToThem() throws {
        let json = #"{"data": [{"type": "people", "id": "2", "attributes": {"name": "Ada"}, "relationships": {"articles": {"data": [{"type": "articles", "id": "1"}]}}}], "included": [\#(Self.article)]}"#
        let document = try Self.codec.decodeDocument(
            [Person].self, from: Data(json.utf8), decoder: Self.decoder, includes: [IncludePath(.toMany("articles"), .toOne("author"))])
        let article = try #require(document.data.first?.articles.resolved?.first)
        #expect(article.author.resolved?.name == "Ada")
    }

    @Test func ofResourcesWithTheSameTypeAndIDTheFirstIsTheTarget() throws {
        // In `included`, the first of two with equal identity; a primary resource before any included one.
        let included = #"{"type": "people", "id": "2", "attributes": {"name": "First"}}, {"type": "people", "id": "2", "attributes": {"name": "Second"}}"#
        let json = #"{"data": [\#(Self.article)], "included": [\#(included)]}"#
        let document = try Self.codec.decodeDocument([Article].self, from: Data(json.utf8), decoder: Self.decoder, includes: [IncludePath(.toOne("author"))])
        #expect(document.data.first?.author.resolved?.name == "First")
        let people = #"{"data": [{"type": "people", "id": "2", "attributes": {"name": "Primary"}, "relationships": {"articles": {"data": [{"type": "articles", "id": "1"}]}}}], "included": [\#(Self.article), \#(included)]}"#
        let backToPeople = try Self.codec.decodeDocument(
            [Person].self, from: Data(people.utf8), decoder: Self.decoder, includes: [IncludePath(.toMany("articles"), .toOne("author"))])
        #expect(backToPeople.data.first?.articles.resolved?.first?.author.resolved?.name == "Primary")
    }

    /// The primary data's array is made with room for exactly its resources (``TapeCountedArray``), not
    /// grown one append at a time, which leaves up to twice the room and copies every element on the way.
    @Test func aCollectionIsBuiltWithItsFinalCapacity() throws {
        for count in [1, 7, 300] {
            let articles = (1...count).map { #"{"type": "articles", "id": "\#($0)", "attributes": {"title": "T", "body": "B", "published-at": "2026-01-02T09:00:00Z"}}"# }
            let json = Data(#"{"data": [\#(articles.joined(separator: ", "))]}"#.utf8)
            for includes in [[], [IncludePath(.toOne("author"))]] {
                let document = try Self.codec.decodeDocument([Article].self, from: json, decoder: Self.decoder, includes: includes)
                #expect(document.data.count == count)
                #expect(document.data.capacity == Self.exactCapacity(of: document.data), "\(count) articles, includes \(includes)")
            }
            let plain = try Self.encoder.encode((1...count).map { Article(id: $0, title: "T", body: "B", publishedAt: Date(timeIntervalSince1970: 0)) })
            let items = try PlainJSONCodec().decodeCollection(Article.self, from: plain, context: Self.context())
            #expect(items.count == count && items.capacity == Self.exactCapacity(of: items))
        }
    }

    /// Room made up front is bounded: a body of many `{}`s, each far shorter than the model it would be,
    /// reserves no more than 16 MiB or twice its bytes before the first one fails to decode.
    @Test func theRoomMadeUpFrontIsBounded() {
        let stride = MemoryLayout<Article>.stride
        #expect([Article].room(for: 300, documentBytes: 300 * 10) == 300, "a few resources are made at once whatever their size")
        let tiny = 10_000_000  // `{},` each: a 30 MB body
        let room = [Article].room(for: tiny, documentBytes: 3 * tiny)
        #expect(room < tiny && room * stride <= Swift.max(16 << 20, 2 * 3 * tiny))
        #expect(throws: DecodingError.self) {
            try Self.codec.decodeDocument([Article].self, from: Data(("{\"data\": [" + Array(repeating: "{}", count: 100_000).joined(separator: ",") + "]}").utf8), decoder: Self.decoder)
        }
    }

    /// The capacity an array of `array.count` elements gets when made with that room (the allocator may
    /// round it up a little), which growing by appends reaches only by chance.
    static func exactCapacity<T>(of array: [T]) -> Int {
        var reserved: [T] = []
        reserved.reserveCapacity(array.count)
        return reserved.capacity
    }

    @Test func thePrimaryMayBeATargetUnlessEveryTargetTypeIsSeenToDiffer() {
        let article = Article(id: 1, title: "T", body: "B", publishedAt: Date(timeIntervalSince1970: 0), author: ToOne(id: 2))
        let author = IncludeTree([IncludePath(.toOne("author"))])
        #expect(!IncludeResolver<Article>.primaryMayBeTarget(article, along: author), "people are not articles")
        #expect(IncludeResolver<Article>.primaryMayBeTarget(article, along: IncludeTree([IncludePath(.toOne("author"), .toMany("articles"))])),
                "a deeper path is not judged")
        #expect(IncludeResolver<Article>.primaryMayBeTarget(article, along: IncludeTree([IncludePath(.toOne("publisher"))])),
                "a relationship the sample does not visit is not judged")
        let person = Person(id: 2, name: "Ada")
        #expect(!IncludeResolver<Person>.primaryMayBeTarget(person, along: IncludeTree([IncludePath(.toMany("articles"))])))
    }

    @Test func relationshipKeysByKeyPath() {
        #expect(Article.relationshipKey(for: \Article.tags) == "tags")
        #expect(Article.relationshipKey(for: \Article.title) == nil)
        #expect(Tag.relationshipKey(for: \Tag.name) == nil)
    }
}
