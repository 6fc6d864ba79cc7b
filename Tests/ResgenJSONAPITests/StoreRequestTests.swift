import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenStore
import Testing

/// Request types through `ResourceStore` (issue 51, item 2: "watch … a request type"): a `GET` request
/// whose response is resources is read, merged into the one record per resource, and watched like a
/// list keyed by its path and query.
@Suite struct StoreRequestTests {
    /// `GET /search?q=<term>`, answering articles; include sets are the article's.
    struct SearchArticles: IncludingRequest {
        typealias Response = [Article]
        typealias Include = Article.Include
        static var method: HTTPMethod { .get }
        var term: String
        var pathComponents: [PathComponent] { [.literal("/search")] }
        var queryItems: [QueryItem] { [QueryItem(name: "q", value: term)] }
    }

    /// `GET /featured`, answering one article.
    struct FeaturedArticle: APIRequest {
        typealias Response = Article
        static var method: HTTPMethod { .get }
        var pathComponents: [PathComponent] { [.literal("/featured")] }
    }

    /// `POST /search`: not a read.
    struct PostedSearch: APIRequest {
        typealias Response = [Article]
        static var method: HTTPMethod { .post }
        var pathComponents: [PathComponent] { [.literal("/search")] }
    }

    @Test(arguments: TransportKind.allCases)
    func aRequestTypesAnswerIsWatchedLikeAList(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let store = try StoreTests.store(server, kind)
        try await server.script([
            "/search": .init(headers: StoreTests.json, body: #"{"data": [\#(StoreTests.article(1, title: "One", author: 9)), \#(StoreTests.article(2, title: "Two", author: 9))], "included": [\#(StoreTests.person(9, name: "Ann"))]}"#),
            "/featured": .init(headers: StoreTests.json, body: #"{"data": \#(StoreTests.article(2, title: "Two", author: 9))}"#),
            "/people/9": .init(headers: StoreTests.json, body: #"{"data": \#(StoreTests.person(9, name: "Ann Lee"))}"#),
        ])
        let found = try await store.fetch(SearchArticles(term: "swift"), including: .author)
        #expect(found.map(\.id) == [1, 2])
        #expect(found.first?.author.resolved?.name == "Ann")
        #expect(try await server.log(under: "/search").last?.target.contains("q=swift") == true)
        #expect(try await server.log(under: "/search").last?.target.contains("include=author") == true)

        #expect(await store.peek(SearchArticles(term: "swift"), including: .author)?.map(\.title) == ["One", "Two"])
        #expect(await store.peek(SearchArticles(term: "json"), including: .author) == nil, "other parameters: another list")
        #expect(await store.peek(Article.self, id: 2)?.title == "Two", "one record per resource, shared with every read")

        var watch = await store.watch(SearchArticles(term: "swift"), including: .author).makeAsyncIterator()
        #expect(await watch.next()?.map(\.author.resolved?.name) == ["Ann", "Ann"])
        _ = try await store.fetch(Person.show(9))
        #expect(await watch.next()?.map(\.author.resolved?.name) == ["Ann Lee", "Ann Lee"], "a read of the author elsewhere")

        var featured = await store.watch(FeaturedArticle()).makeAsyncIterator()
        let article = try await store.fetch(FeaturedArticle())
        #expect(article.id == 2)
        #expect(await featured.next()?.title == "Two")
        var edited = article
        edited.title = "Two, edited"
        try await server.script(["/articles/2": .init(status: 204)])
        try await store.patch(Article.patch(2), edited.changes(since: article))
        #expect(await featured.next()?.title == "Two, edited")
        #expect(await watch.next()?.map(\.title) == ["One", "Two, edited"])

        await #expect(throws: StoreError.self) { _ = try await store.fetch(PostedSearch()) }
    }
}
