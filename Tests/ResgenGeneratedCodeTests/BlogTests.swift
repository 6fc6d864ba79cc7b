import Foundation
@_spi(Generated) @_spi(Testing) import ResgenRuntime
import Testing

/// Exercises the golden output of `Schemas/blog` (compiled into this target through `Generated/Blog`).
@Suite struct BlogTests {
    static func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    @Test func decodesWireKeysDefaultsAndUnknownEnumValues() throws {
        let article = try Self.decoder.decode(Article.self, from: Self.fixture("article"))
        #expect(article.id == "1")
        #expect(article.publishedAt == Date(timeIntervalSince1970: 1_795_255_200))
        #expect(article.body == nil)
        #expect(article.views == 0, "absent attribute with a default takes the default")
        #expect(article.state == .unknown("scheduled"), "an unknown enum value decodes instead of failing")
        #expect(article.state.rawValue == "scheduled")
        #expect(article.seo?.canonicalURL == URL(string: "https://example.com/hello"))
        #expect(article.ratings == ["alice": 4.5])
        #expect(article.author.id == "9")
        #expect(article.comments.ids == ["5", "6"])
        #expect(article.tags.ids == nil, "an absent relationship decodes as empty")
    }

    @Test func roundTripsThroughItsCodableForm() throws {
        let article = try Self.decoder.decode(Article.self, from: Self.fixture("article"))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let again = try Self.decoder.decode(Article.self, from: encoder.encode(article))
        #expect(again == article)
    }

    @Test func missingRequiredAttributeNamesTheField() throws {
        let json = Data(#"{"id": "1", "published-at": "2026-11-21T10:00:00Z", "topics": [], "ratings": {}}"#.utf8)
        do {
            _ = try Self.decoder.decode(Article.self, from: json)
            Issue.record("decoding should fail without 'title'")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "title")
        }
    }

    @Test func enumsListKnownCasesAndAreParameterValues() {
        #expect(ArticleState.knownCases == [.draft, .published, .archived])
        #expect(ArticleState(rawValue: "published") == .published)
        #expect(ArticleState.archived.parameterValue == "archived")
    }

    @Test func pathsFollowTheSchema() {
        #expect(Article.list().path == "/articles")
        #expect(Article.show("1").path == "/articles/1")
        #expect(Article.create().method == .post)
        #expect(Article.replace("1").method == .put)
        #expect(Article.patch("1").method == .patch)
        #expect(Article.delete("1").method == .delete)
        let comments = Article.show("1") / Comment.list()
        #expect(comments.path == "/articles/1/comments")
        #expect((Article.show("1") / Comment.delete("7")).path == "/articles/1/comments/7")
        // A further path of the same collection (`paths: { all: … }`): paths of `Comment` at `/comments`.
        #expect(Comment.All.list().description == "GET /comments")
        #expect(Comment.All.show("7").path == "/comments/7")
        #expect(Comment.All.delete("7").description == "DELETE /comments/7")
        #expect(Comment.All.at("7").path == "/comments/7")
        #expect(Person.show("a/b").path == "/people/a%2Fb", "a path value is one segment")
        #expect(Blog.defaultBaseURL?.absoluteString == "https://api.example.com/v1")
        #expect(Blog.format == .jsonapi)
        #expect(Blog.dateFormat == .iso8601)
    }

    @Test func includeSetsSpellJSONAPIIncludes() {
        #expect(Article.Include.full.includeQuery == "author,comments,tags")
        #expect(Article.Include.commentsWithAuthors.includeQuery == "comments.author")
        #expect(Article.Include.commentsWithAuthors.paths.first?.halDescription == "[comments].author")
        #expect(Comment.Include.allCases == [.withAuthor])
    }

    @Test func searchRequestBuildsPathQueryAndDefaults() {
        let search = SearchArticles(term: "swift ios", states: [.published, .draft])
        #expect(SearchArticles.method == .get)
        #expect(search.path == "/articles/search/swift%20ios")
        #expect(search.queryItems == [
            QueryItem(name: "page[number]", value: "1"),
            QueryItem(name: "states", value: "published"),
            QueryItem(name: "states", value: "draft"),
        ])
        #expect(!SearchArticles.requiresAuth)
        let second = SearchArticles(term: "x", page: 2, size: 10, states: [])
        #expect(second.queryItems == [QueryItem(name: "page[number]", value: "2"), QueryItem(name: "page[size]", value: "10")])
    }

    @Test func publishRequestHasHeadersAndAuth() throws {
        let key = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let publish = PublishArticle(id: "../admin", idempotencyKey: key)
        #expect(publish.path == "/articles/..%2Fadmin/publish")
        #expect(PublishArticle.requiresAuth)
        #expect(PublishArticle.method == .post)
        #expect(publish.headers == [HeaderField(name: "Idempotency-Key", value: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")])
        #expect(PublishArticle.defaultHeaders == [HeaderField(name: "X-API-Version", value: "2")], "a fixed value is a static header")
    }

    @Test func multipartAndRawBodies() throws {
        let upload = UploadAvatar(personID: "9", image: .data(Data([1, 2, 3]), filename: "me.png", contentType: "image/png"), caption: nil)
        guard case .multipart(let parts) = upload.body else {
            Issue.record("expected a multipart body")
            return
        }
        #expect(parts.map(\.name) == ["image"])
        #expect(parts.first?.filename == "me.png")
        #expect(parts.first?.contentType == "image/png")
        let importing = ImportArticles(data: Data("a,b\n".utf8))
        guard case .raw(let data, let contentType) = importing.body else {
            Issue.record("expected a raw body")
            return
        }
        #expect(contentType == "text/csv")
        #expect(data == Data("a,b\n".utf8))
        #expect(ImportArticles.Response.self == EmptyResponse.self)
    }
}

/// A visitor that resolves every to-one relationship with a made-up target and records keys.
struct ResolvingVisitor: RelationshipVisitor {
    var keys: [String] = []

    mutating func visit<Target: Resource>(_ relationship: inout ToOne<Target>, key: String) {
        keys.append(key)
        let id = relationship.id.map { "\($0)" } ?? "new"
        if let person = Person(id: id, name: "Resolved") as? Target { relationship.resolved = person }
    }

    mutating func visit<Target: Resource>(_ relationship: inout ToMany<Target>, key: String) {
        keys.append(key)
    }
}

@Suite struct RelationshipVisitingTests {
    @Test func visitorsReachEveryRelationshipByWireKey() throws {
        var article = Article(id: "1", title: "t", publishedAt: Date(), topics: [], ratings: [:], author: ToOne(id: "9"))
        var visitor = ResolvingVisitor()
        article.visitRelationships(with: &visitor)
        #expect(visitor.keys == ["author", "comments", "tags"])
        #expect(Article.relationshipKeys == ["author", "comments", "tags"])
        #expect(article.author.resolved?.name == "Resolved")
        #expect(article.author.resolved?.id == "9")
    }

    @Test func optionalRelationshipsAppearOnlyWhenFilled() {
        var comment = Comment(id: "1", body: "b", createdAt: Date())
        var visitor = ResolvingVisitor()
        comment.visitRelationship("author", with: &visitor)
        #expect(comment.author?.resolved?.name == "Resolved", "a visitor may fill an absent optional relationship")
        var untouched = Comment(id: "2", body: "b", createdAt: Date())
        var recorder = ResolvingVisitor()
        untouched.visitRelationship("article", with: &recorder)
        untouched.visitRelationship("nope", with: &recorder)
        #expect(recorder.keys == ["article"], "unknown keys are ignored")
        #expect(Blog.resourceTypes.map { $0.resourceType } == ["articles", "comments", "people", "tags"])
    }
}
