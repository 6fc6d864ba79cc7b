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

    /// Relationship changes through the store, against the server's relationship endpoints (at the
    /// `links.self` it writes): a watcher of the article with its tags and author sees each at once, and
    /// what the server then has equals what the store shows.
    @Test(arguments: TransportKind.allCases)
    func relationshipChangesThroughTheStoreReachTheServer(kind: TransportKind) async throws {
        let server = try await JSONAPIServer.start()
        defer { Task { await server.stop() } }
        let client = Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self)))
        let store = try ResourceStore(client: client)
        let article = try await store.fetch(Article.show(1), including: .full)
        var watch = await store.watch(Article.self, id: 1, including: .full).makeAsyncIterator()
        // The change shows at once; the server's answer may yield again (its linkage in its own order).
        func next(where condition: (Article) -> Bool) async -> Bool {
            for _ in 0..<4 { if let value = await watch.next(), condition(value) { return true } }
            return false
        }
        let before = try #require(await watch.next())
        let tags = Set(before.tags.ids ?? [])
        let newTag = try #require(["http", "json", "swift", "rust"].first { !tags.contains($0) })
        _ = try await store.fetch(Tag.show(newTag))  // so the watcher can resolve it

        try await store.add([newTag], to: \Article.tags, of: article)
        #expect(await next { $0.tags.resolved?.map(\.id).contains(newTag) == true })
        #expect(Set(try await client.fetch(Article.show(1)).tags.ids ?? []) == tags.union([newTag]))

        try await store.remove([newTag], from: \Article.tags, of: article)
        #expect(await next { Set($0.tags.ids ?? []) == tags })
        #expect(Set(try await client.fetch(Article.show(1)).tags.ids ?? []) == tags)

        let otherAuthor = before.author.id == 1 ? 2 : 1
        _ = try await store.fetch(Person.show(otherAuthor))
        try await store.replace(\Article.author, of: article, with: otherAuthor)
        #expect(await next { $0.author.resolved?.id == otherAuthor })
        #expect(try await client.fetch(Article.show(1)).author.id == otherAuthor)
        #expect(await store.pendingWrites.isEmpty)
        #expect(Set(await store.peek(Article.self, id: 1)?.tags.ids ?? []) == tags)
    }

    /// Writes made while the server is down stay applied and queued in the store file; a new process on
    /// the file shows them before any request (the server still down); when the server is back (same
    /// port, same database) the queue replays, and the server's data equals the store's.
    @Test(arguments: TransportKind.allCases)
    func writesMadeWhileTheServerIsDownReplayWhenItIsBack(kind: TransportKind) async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("store-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let file = data.appendingPathComponent("store.sqlite")
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try await JSONAPIServer.start(data: data)
        let (port, baseURL) = (server.port, server.baseURL)
        func makeStore() throws -> ResourceStore {
            try ResourceStore(client: Client(api: Press.self, baseURL: baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self))), file: file)
        }
        let lid = LocalID()
        do {
            let store = try makeStore()
            let ada = try await store.fetch(Person.show(1))
            _ = try await store.fetch(Person.list())
            await server.stop()

            var renamed = ada
            renamed.name = "Ada King"
            try await store.patch(Person.patch(1), renamed.changes(since: ada))
            try await store.create(Person.create(), Person.New(name: "Barbara Liskov"), lid: lid)
            #expect(await store.pendingWrites.map(\.method) == ["PATCH", "POST"])
        }

        let store = try makeStore()
        #expect(await store.peek(Person.self, id: 1)?.name == "Ada King", "read while the server is down")
        #expect(await store.peek(Person.list())?.map(\.name) == ["Ada King", "Alan Turing", "Grace Hopper", "Barbara Liskov"])
        #expect(await store.pendingWrites.count == 2)

        let restarted = try await JSONAPIServer.start(data: data, port: port)
        defer { Task { await restarted.stop() } }
        // A connection the client pooled to the stopped server may fail the first attempt: that is a
        // lost connection too, and the write stays queued for the next sync.
        for _ in 0..<3 where await !store.pendingWrites.isEmpty { await store.sync() }
        #expect(await store.pendingWrites.isEmpty)

        let client = Client(api: Press.self, baseURL: baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self)))
        let onServer = try await client.fetch(Person.list())
        #expect(onServer.map(\.name) == ["Ada King", "Alan Turing", "Grace Hopper", "Barbara Liskov"])
        #expect(await store.peek(Person.list())?.map(\.id) == onServer.map(\.id), "the server's data is the store's")
        #expect(await store.peek(Person.self, lid: lid)?.id == onServer.last?.id, "the lid names the server's id")
    }
}
