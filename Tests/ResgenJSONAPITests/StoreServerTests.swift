import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenStore
import Testing

/// `ResourceStore` against the real djangorestframework-jsonapi server (issue 51's proof): two watchers
/// over overlapping graphs — article 1 with its author, and that author's list of articles with their
/// author — both update after the author is patched through a third call. A fresh server per run (the
/// patch changes its data), over both transports.
@Suite(.enabled(if: JSONAPIServer.isAvailable)) struct StoreServerTests {
    @Test(arguments: TransportKind.allCases)
    func overlappingWatchersBothSeeAPatchMadeThroughAThirdCall(kind: TransportKind) async throws {
        let server = try await JSONAPIServer.start()
        defer { Task { await server.stop() } }
        let client = Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self)))
        let store = try ResourceStore(client: client)
        let authorsArticles = Person.show(2) / Article.ByAuthor.list()
        let article = try await store.fetch(Article.show(1), including: .author)
        #expect(article.author.resolved?.name == "Alan Turing")
        let listed = try await store.fetch(authorsArticles, including: .author)
        #expect(!listed.isEmpty && listed.allSatisfy { $0.author.id == 2 })

        var articleWatch = await store.watch(Article.self, id: 1, including: .author).makeAsyncIterator()
        var listWatch = await store.watch(authorsArticles, including: .author).makeAsyncIterator()
        #expect(await articleWatch.next()?.author.resolved?.name == "Alan Turing")
        #expect(await listWatch.next()?.map(\.id) == listed.map(\.id))

        let alan = try await store.fetch(Person.show(2))
        var renamed = alan
        renamed.name = "Alan M. Turing"
        try await store.patch(Person.patch(2), renamed.changes(since: alan))
        #expect(await articleWatch.next()?.author.resolved?.name == "Alan M. Turing")
        #expect(await listWatch.next()?.allSatisfy { $0.author.resolved?.name == "Alan M. Turing" } == true)
        // What the server now has is what the store shows.
        #expect(try await client.fetch(Person.show(2)).name == "Alan M. Turing")
        #expect(await store.peek(Article.self, id: 1, including: .author)?.author.resolved?.name == "Alan M. Turing")
    }
}
