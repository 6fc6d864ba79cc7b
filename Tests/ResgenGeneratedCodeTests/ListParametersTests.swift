import Foundation
import HTTPTypes
@_spi(Generated) import ResgenRuntime
import Testing

/// Typed list parameters (`list:` in `Schemas/blog`, issue 47): what each argument of the generated
/// `list(…)` builders puts into the path's query, in order, and that the path carries it into the URL.
@Suite struct ListParametersTests {
    /// The path's query as `name=value` pairs, unencoded.
    static func pairs<R, O>(_ path: ResourcePath<R, O>) -> [String] {
        path.query.map { "\($0.name)=\($0.value ?? "")" }
    }

    @Test func noArgumentsIsThePlainList() {
        #expect(Article.list().query.isEmpty)
        #expect(Article.list() == Article.list(filter: .init(), sort: [], limit: nil, includeLimits: .init()))
        #expect(Article.list().path == "/articles")
    }

    @Test func filtersJoinSeveralValuesWithCommasOrRepeatTheKey() {
        let path = Article.list(filter: .init(state: [.published, .draft], topic: ["swift", "http"], language: .portuguese))
        #expect(Self.pairs(path) == ["filter[state]=published,draft", "filter[topics]=swift", "filter[topics]=http", "filter[language]=pt-BR"])
    }

    @Test func anOpenEnumStillSendsAValueTheSchemaDoesNotList() {
        // ArticleState is an `enums:` enum: `.unknown` is how a value added on the server is sent.
        #expect(Self.pairs(Article.list(filter: .init(state: [.unknown("scheduled")]))) == ["filter[state]=scheduled"])
        // The inline enum of `values:` is closed: its cases are all there is.
        #expect(Article.ListFilter.Language.allCases.map(\.rawValue) == ["en", "de", "pt-BR"])
    }

    @Test func anEmptyListOfValuesIsNotSent() {
        #expect(Article.list(filter: .init(state: [], topic: [])).query.isEmpty)
    }

    @Test func sortKeysAreOneItemMostSignificantFirstDescendingWithAMinus() {
        let path = Article.list(sort: [.publishedAt.descending, .title, .views.descending.ascending])
        #expect(Self.pairs(path) == ["sort=-published-at,title,views"])
        #expect(ListSort<Article>.publishedAt.descending.wireValue == "-published-at")
        #expect(ListSort<Article>.title.isDescending == false)
    }

    @Test func limitAndIncludeLimitsFollowInDeclarationOrder() {
        let path = Article.list(filter: .init(topic: ["a b&c"]), sort: [.title], limit: 10, includeLimits: .init(comments: 3, tags: 1))
        #expect(Self.pairs(path) == ["filter[topics]=a b&c", "sort=title", "page[limit]=10", "limit[comments]=3", "page[tags][limit]=1"])
    }

    @Test func pageArgumentsComeFromPagination() {
        // Comment declares `pagination: { style: offset }`: its typed list takes offset and limit.
        let step = Comment.list(filter: .init(author: "9"), sort: [.createdAt.descending], offset: 40, limit: 20)
        let path = Article.show("1") / step
        #expect(path.path == "/articles/1/comments")
        #expect(Self.pairs(path) == ["filter[author]=9", "sort=-created-at", "page[offset]=40", "page[limit]=20"])
        // A further path of the resource gets the same builder.
        #expect(Self.pairs(Comment.All.list(sort: [.createdAt])) == ["sort=created-at"])
        #expect(Comment.All.list(sort: [.createdAt]).path == "/comments")
    }

    @Test func aRequestsQueryItemOfSeveralValuesMayBeOneItemJoinedByCommas() {
        let search = SearchArticles(term: "swift", states: [.published, .archived], sort: [.relevanceDescending, .title])
        #expect(search.queryItems.map { "\($0.name)=\($0.value ?? "")" } == [
            "page[number]=1", "states=published", "states=archived", "sort=-relevance,title",
        ])
    }

    /// Answers every request with an empty JSON:API collection and keeps the request targets.
    final class EmptyCollections: Transport, @unchecked Sendable {
        // @unchecked: `targets` is only touched under `lock`.
        private let lock = NSLock()
        private var _targets: [String] = []
        var targets: [String] { lock.withLock { _targets } }

        func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
            try await send(request, body: body, options: TransportOptions())
        }

        func send(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, Data) {
            lock.withLock { _targets.append(request.path ?? "") }
            var response = HTTPResponse(status: .ok)
            response.headerFields[.contentType] = "application/vnd.api+json"
            return (response, Data(#"{"data": []}"#.utf8))
        }
    }

    @Test func thePathsQueryGoesIntoTheURLBeforeTheCallsOwn() async throws {
        let transport = EmptyCollections()
        let client = Client(api: Blog.self, baseURL: URL(string: "https://blog.example")!, transport: transport)
        let path = Article.list(filter: .init(language: .de), sort: [.title.descending])
        _ = try await client.fetch(path, query: [QueryItem(name: "extra", value: "1")])
        _ = try await client.fetch(path, including: .full)
        for try await _ in client.pages(Article.show("1") / Comment.list(offset: 20, limit: 20)) {}
        #expect(transport.targets == [
            "/articles?filter%5Blanguage%5D=de&sort=-title&extra=1",
            "/articles?filter%5Blanguage%5D=de&sort=-title&include=author%2Ccomments%2Ctags",
            "/articles/1/comments?page%5Boffset%5D=20&page%5Blimit%5D=20",
        ])
    }
}
