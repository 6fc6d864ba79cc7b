import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// The HTTP cache and conditional writes against the real djangorestframework-jsonapi server, over
/// both transports (issue 27): Django's `ConditionalGetMiddleware` gives every read a strong `ETag`
/// and answers `If-None-Match` with `304`; the press app's `IfMatchMiddleware`
/// (`Tests/Servers/jsonapi/press/conditional.py`) answers a write whose `If-Match` names an older
/// representation with `412` and the resource as it is now, and does not do it. Reads say
/// `Cache-Control: no-cache` (revalidated before each use) unless a test asks for `max-age`.
///
/// Each test works on an article of its own. Under the cache a ``RecordingTransport`` shows what went
/// over the wire, so a `304` is the server's answer, not the cache's say-so; "someone else" is a
/// second client without a cache.
@Suite(.enabled(if: JSONAPIServer.isAvailable), .serialized) struct ServerConditionalTests {
    struct Setup {
        var client: Client
        var wire: RecordingTransport
        var cache: HTTPCache
        var other: Client
    }

    /// A cached client over a recording `kind` transport (with `headers` on every request), and another
    /// client of the same server without a cache.
    static func setup(
        _ kind: TransportKind, headers: [HeaderField] = [], automaticIfMatch: Bool = false, server: JSONAPIServer? = nil
    ) async throws -> Setup {
        let server = if let server { server } else { try await JSONAPIServer.writableForConditionalTests() }
        let wire = RecordingTransport(kind.make())
        let cache = try HTTPCache()
        let client = Client(
            api: Press.self, baseURL: server.baseURL, transport: wire,
            configuration: .init(defaultHeaders: headers, codec: JSONAPICodec(api: Press.self), cache: cache, sendsIfMatchAutomatically: automaticIfMatch))
        let other = Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self)))
        return Setup(client: client, wire: wire, cache: cache, other: other)
    }

    /// Asks the server to answer reads with `max-age=60` instead of `no-cache` (the press app's test knob).
    static let freshForAMinute = [HeaderField(name: "X-Resgen-Cache-Control", value: "max-age=60")]

    /// A new article titled `title`, made by the other client.
    static func article(_ setup: Setup, _ title: String, _ kind: TransportKind) async throws -> Article {
        try await setup.other.create(
            Article.create(), Article.New(title: "\(title) \(kind.rawValue)", body: "Original body", publishedAt: ServerWriteTests.date, author: ToOne(id: 1)))
    }

    /// The exchanges with `method` and `path` (with its query) that went over the wire.
    static func exchanges(_ wire: RecordingTransport, _ method: HTTPRequest.Method, _ path: String) -> [RecordingTransport.Exchange] {
        wire.recorded.filter { $0.request.method == method && $0.request.path == path }
    }

    @Test(arguments: TransportKind.allCases) func aSecondReadIsA304AnsweredFromTheCache(kind: TransportKind) async throws {
        let setup = try await Self.setup(kind)
        let article = try await Self.article(setup, "Revalidated", kind)
        let first = try await setup.client.fetchWithResponse(Article.show(article.id))
        let second = try await setup.client.fetchWithResponse(Article.show(article.id))
        let tag = try #require(first.response.entityTag)
        #expect(!tag.isWeak, "Django's ConditionalGetMiddleware tags with the body's MD5: a strong tag, fit for If-Match")
        #expect(second.value == first.value)
        #expect(second.response.status == .ok, "the 304 is answered with the stored 200")
        #expect(second.response.entityTag == tag)
        let reads = Self.exchanges(setup.wire, .get, "/articles/\(article.id)")
        #expect(reads.map(\.response.status.code) == [200, 304], "the server said 304")
        #expect(reads.last?.request.headerFields[.ifNoneMatch] == tag.description)
        #expect(reads.last?.responseBody.isEmpty == true)
        #expect(setup.cache.statistics.revalidations == 1 && setup.cache.statistics.hits == 0)

        // A collection too.
        let query = Article.query(filter: ["title": article.title])
        let list = try await setup.client.fetchWithResponse(Article.list(), query: query)
        let listAgain = try await setup.client.fetchWithResponse(Article.list(), query: query)
        #expect(list.value.map(\.id) == [article.id])
        #expect(listAgain.value == list.value)
        #expect(list.response.entityTag != nil && listAgain.response.entityTag == list.response.entityTag)
        #expect(setup.cache.statistics.revalidations == 2)

        // Someone else's write: the next revalidation is a 200 with the new article, never the stored one.
        var theirs = article
        theirs.title += " (theirs)"
        _ = try await setup.other.patch(Article.patch(article.id), theirs.changes(since: article))
        let third = try await setup.client.fetchWithResponse(Article.show(article.id))
        #expect(third.value.title == theirs.title)
        #expect(third.response.entityTag != tag)
        #expect(Self.exchanges(setup.wire, .get, "/articles/\(article.id)").map(\.response.status.code) == [200, 304, 200])
        #expect(setup.cache.statistics.revalidations == 2)
    }

    @Test(arguments: TransportKind.allCases) func aReadFreshForAMinuteIsAHitWithoutARequest(kind: TransportKind) async throws {
        let setup = try await Self.setup(kind, headers: Self.freshForAMinute)
        let article = try await Self.article(setup, "Fresh", kind)
        let first = try await setup.client.fetchWithResponse(Article.show(article.id))
        let second = try await setup.client.fetchWithResponse(Article.show(article.id))
        #expect(second.value == first.value)
        #expect(second.response.age != nil, "answered by the cache")
        #expect(Self.exchanges(setup.wire, .get, "/articles/\(article.id)").count == 1)
        #expect(setup.cache.statistics.hits == 1 && setup.cache.statistics.revalidations == 0)
    }

    @Test(arguments: TransportKind.allCases) func aStaleIfMatchWriteIs412WithTheCurrentArticleAndChangesNothing(kind: TransportKind) async throws {
        let setup = try await Self.setup(kind)
        let article = try await Self.article(setup, "Contended", kind)
        let (read, response) = try await setup.client.fetchWithResponse(Article.show(article.id))
        let staleTag = try #require(response.entityTag)

        var theirs = read
        theirs.title += " (theirs)"
        _ = try await setup.other.patch(Article.patch(article.id), theirs.changes(since: read))

        var mine = read
        mine.title += " (mine)"
        mine.body = "My body"
        do {
            _ = try await setup.client.patch(Article.patch(article.id), mine.changes(since: read), headers: [.ifMatch(staleTag)])
            Issue.record("a write with a stale If-Match must not apply")
        } catch let error as ClientError {
            #expect(error.kind == .preconditionFailed)
            #expect(error.status == .preconditionFailed)
            let current = try #require(try setup.client.currentRepresentation(error, as: Article.self))
            #expect(current.id == article.id)
            #expect(current.title == theirs.title && current.body == "Original body", "the 412 carries the article as the server has it")
        }
        let afterRefusal = try await setup.other.fetch(Article.show(article.id))
        #expect(afterRefusal.title == theirs.title && afterRefusal.body == "Original body", "the refused write changed nothing")

        do {
            try await setup.client.delete(Article.delete(article.id), headers: [.ifMatch(staleTag)])
            Issue.record("a delete with a stale If-Match must not apply")
        } catch let error as ClientError {
            #expect(error.kind == .preconditionFailed)
        }
        #expect(try await setup.other.fetch(Article.show(article.id)).title == theirs.title, "the refused delete left the article")

        // With the current tag the same write applies.
        let (now, nowResponse) = try await setup.client.fetchWithResponse(Article.show(article.id))
        let currentTag = try #require(nowResponse.entityTag)
        #expect(currentTag != staleTag)
        var retry = now
        retry.body = "My body"
        let saved = try await setup.client.patch(Article.patch(article.id), retry.changes(since: now), headers: [.ifMatch(currentTag)])
        #expect(saved.body == "My body" && saved.title == theirs.title)
        #expect(try await setup.other.fetch(Article.show(article.id)).body == "My body")

        let (_, beforeDelete) = try await setup.client.fetchWithResponse(Article.show(article.id))
        try await setup.client.delete(Article.delete(article.id), headers: [.ifMatch(try #require(beforeDelete.entityTag))])
        await #expect(throws: ClientError.self) { _ = try await setup.other.fetch(Article.show(article.id)) }
    }

    @Test(arguments: TransportKind.allCases) func automaticIfMatchSendsTheLastReadTag(kind: TransportKind) async throws {
        let setup = try await Self.setup(kind, automaticIfMatch: true)
        let article = try await Self.article(setup, "Automatic", kind)
        let path = "/articles/\(article.id)"
        let read = try await setup.client.fetch(Article.show(article.id))

        var first = read
        first.title += " 1"
        let saved = try await setup.client.patch(Article.patch(article.id), first.changes(since: read))
        var second = saved
        second.title += " 2"
        let savedAgain = try await setup.client.patch(Article.patch(article.id), second.changes(since: saved))
        #expect(savedAgain.title == second.title)
        let readTag = Self.exchanges(setup.wire, .get, path).last?.response.headerFields[.eTag]
        let patches = Self.exchanges(setup.wire, .patch, path)
        #expect(readTag != nil)
        #expect(
            patches.map { $0.request.headerFields[.ifMatch] } == [readTag, patches.first?.response.headerFields[.eTag]],
            "the read's tag, then the one the first PATCH's answer gave (the server's tag of what it saved)")

        var theirs = savedAgain
        theirs.title += " (theirs)"
        _ = try await setup.other.patch(Article.patch(article.id), theirs.changes(since: savedAgain))
        var third = savedAgain
        third.title += " 3"
        await #expect { _ = try await setup.client.patch(Article.patch(article.id), third.changes(since: savedAgain)) } throws: {
            ($0 as? ClientError)?.kind == .preconditionFailed
        }
        await #expect { try await setup.client.delete(Article.delete(article.id)) } throws: { ($0 as? ClientError)?.kind == .preconditionFailed }
        #expect(try await setup.other.fetch(Article.show(article.id)).title == theirs.title, "neither refused write applied")

        // Read again: the new tag goes with the next write.
        let fresh = try await setup.client.fetch(Article.show(article.id))
        #expect(fresh.title == theirs.title)
        try await setup.client.delete(Article.delete(article.id))
        #expect(Self.exchanges(setup.wire, .delete, path).map(\.response.status.code) == [412, 204])
    }

    @Test(arguments: TransportKind.allCases) func aPatchMakesTheCachedArticleItsCollectionAndDocumentsIncludingItStale(kind: TransportKind) async throws {
        // Fresh for a minute: without invalidation, every read below would be answered from the cache.
        let setup = try await Self.setup(kind, headers: Self.freshForAMinute)
        let article = try await Self.article(setup, "Invalidated", kind)
        let comment = try await setup.other.create(Comment.create(), Comment.New(body: "On it", author: nil, article: ToOne(id: article.id)))
        let query = Article.query(filter: ["title": article.title])
        let read = try await setup.client.fetch(Article.show(article.id))
        _ = try await setup.client.fetch(Article.list(), query: query)
        _ = try await setup.client.fetch(Comment.show(comment.id), including: .authorAndArticle)
        _ = try await setup.client.fetch(Article.show(article.id))
        #expect(setup.cache.statistics.hits == 1, "stored and fresh")

        var edited = read
        edited.body = "Edited body"
        _ = try await setup.client.patch(Article.patch(article.id), edited.changes(since: read))

        #expect(try await setup.client.fetch(Article.show(article.id)).body == "Edited body")
        #expect(try await setup.client.fetch(Article.list(), query: query).map(\.body) == ["Edited body"])
        let commentAfter = try await setup.client.fetch(Comment.show(comment.id), including: .authorAndArticle)
        #expect(commentAfter.article.resolved?.body == "Edited body", "the comment's document included the article")
        #expect(setup.cache.statistics.hits == 1, "none of the three came from the cache")
        #expect(setup.cache.statistics.invalidations >= 3)
    }

    @Test(arguments: TransportKind.allCases) func aWeakTagFromACompressingServerIsNotSentAsIfMatch(kind: TransportKind) async throws {
        // Django's GZipMiddleware makes the tag of every answer it compresses weak; both transports ask
        // for gzip. If-Match compares strongly (RFC 9110 §13.1.1), so no weak tag can ever pass it.
        let setup = try await Self.setup(kind, automaticIfMatch: true, server: try await JSONAPIServer.gzipped())
        let article = try await Self.article(setup, "Compressed", kind)
        let (read, response) = try await setup.client.fetchWithResponse(Article.show(article.id))
        let tag = try #require(response.entityTag)
        #expect(tag.isWeak, "compressed, so weak")
        var edited = read
        edited.title += " (edited)"
        await #expect { _ = try await setup.client.patch(Article.patch(article.id), edited.changes(since: read), headers: [.ifMatch(tag)]) } throws: {
            ($0 as? ClientError)?.kind == .preconditionFailed
        }
        // Automatically: the weak tag is not sent, so the write is made (it was a 412 however fresh the read).
        let saved = try await setup.client.patch(Article.patch(article.id), edited.changes(since: read))
        #expect(saved.title == edited.title)
        #expect(Self.exchanges(setup.wire, .patch, "/articles/\(article.id)").map { $0.request.headerFields[.ifMatch] } == [tag.description, nil])
    }

    @Test(arguments: TransportKind.allCases) func aRefusedWriteMakesTheStoredArticleStaleSoTheNextReadIsTheServers(kind: TransportKind) async throws {
        // Fresh for a minute, and a 412 says the stored article is not the server's any more: the read
        // after it must not be the stored one, or its tag would make the retry a 412 again.
        let setup = try await Self.setup(kind, headers: Self.freshForAMinute, automaticIfMatch: true)
        let article = try await Self.article(setup, "Retried", kind)
        let read = try await setup.client.fetch(Article.show(article.id))
        var theirs = read
        theirs.title += " (theirs)"
        _ = try await setup.other.patch(Article.patch(article.id), theirs.changes(since: read))

        var mine = read
        mine.body = "My body"
        await #expect { _ = try await setup.client.patch(Article.patch(article.id), mine.changes(since: read)) } throws: {
            ($0 as? ClientError)?.kind == .preconditionFailed
        }
        let reread = try await setup.client.fetch(Article.show(article.id))
        #expect(reread.title == theirs.title, "the server's article, not the stored one")
        var retry = reread
        retry.body = "My body"
        let saved = try await setup.client.patch(Article.patch(article.id), retry.changes(since: reread))
        #expect(saved.body == "My body" && saved.title == theirs.title)
        #expect(setup.cache.statistics.hits == 0)
        #expect(Self.exchanges(setup.wire, .patch, "/articles/\(article.id)").map(\.response.status.code) == [412, 200])
    }
}
