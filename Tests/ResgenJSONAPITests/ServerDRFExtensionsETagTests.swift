import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// The HTTP cache and conditional writes against a second, independent implementation on a real
/// server, over both transports (issue 27): the press app with drf-extensions' `APIETAGMixin`
/// (`server.py --drf-extensions`, `Tests/Servers/jsonapi/press/extensions.py`) instead of its own
/// middleware. Its tags are the MD5 of a resource's model row, not of the body; it sends no
/// `Cache-Control` (so the cache keeps documents by their validator and revalidates each use); it
/// refuses a write without `If-Match` (`428`), and a stale one with `412` and an error document rather
/// than the resource.
@Suite(.enabled(if: JSONAPIServer.isAvailable), .serialized) struct ServerDRFExtensionsETagTests {
    typealias Setup = ServerConditionalTests.Setup

    static func setup(_ kind: TransportKind, automaticIfMatch: Bool = false) async throws -> Setup {
        try await ServerConditionalTests.setup(kind, automaticIfMatch: automaticIfMatch, server: try await JSONAPIServer.withDRFExtensions())
    }

    /// Someone else's conditional write: the other client reads the article, then patches its title.
    static func theirWrite(_ setup: Setup, _ id: Int, title: String) async throws {
        let (read, response) = try await setup.other.fetchWithResponse(Article.show(id))
        var theirs = read
        theirs.title = title
        _ = try await setup.other.patch(Article.patch(id), theirs.changes(since: read), headers: [.ifMatch(try #require(response.entityTag))])
    }

    /// The `code` of each JSON:API error object the error carried.
    static func errorCodes(_ error: ClientError) -> [String?] {
        guard case .jsonAPI(let errors) = error.serverError else { return [] }
        return errors.map(\.code)
    }

    @Test(arguments: TransportKind.allCases) func aSecondReadIsA304AnsweredFromTheCache(kind: TransportKind) async throws {
        let setup = try await Self.setup(kind)
        let article = try await ServerConditionalTests.article(setup, "Revalidated", kind)
        let first = try await setup.client.fetchWithResponse(Article.show(article.id))
        let second = try await setup.client.fetchWithResponse(Article.show(article.id))
        #expect(first.response.entityTag?.isWeak == false)
        #expect(first.response.headerFields[.cacheControl] == nil, "stored for its validator alone")
        #expect(second.value == first.value)
        #expect(ServerConditionalTests.exchanges(setup.wire, .get, "/articles/\(article.id)").map(\.response.status.code) == [200, 304])
        #expect(setup.cache.statistics.revalidations == 1)
    }

    @Test(arguments: TransportKind.allCases) func aWriteWithoutIfMatchIsPreconditionRequired(kind: TransportKind) async throws {
        let setup = try await Self.setup(kind)
        let article = try await ServerConditionalTests.article(setup, "Required", kind)
        var edited = article
        edited.title += " (edited)"
        do {
            _ = try await setup.client.patch(Article.patch(article.id), edited.changes(since: article))
            Issue.record("drf-extensions refuses an unconditional write")
        } catch let error as ClientError {
            #expect(error.kind == .preconditionRequired)
            #expect(error.status?.code == 428)
            #expect(Self.errorCodes(error) == ["precondition_required"])
        }
        #expect(try await setup.other.fetch(Article.show(article.id)).title == article.title)
    }

    @Test(arguments: TransportKind.allCases) func aStaleIfMatchWriteIs412AndChangesNothing(kind: TransportKind) async throws {
        let setup = try await Self.setup(kind)
        let article = try await ServerConditionalTests.article(setup, "Contended", kind)
        let (read, response) = try await setup.client.fetchWithResponse(Article.show(article.id))
        let staleTag = try #require(response.entityTag)
        try await Self.theirWrite(setup, article.id, title: "Theirs \(kind.rawValue)")

        var mine = read
        mine.body = "My body"
        do {
            _ = try await setup.client.patch(Article.patch(article.id), mine.changes(since: read), headers: [.ifMatch(staleTag)])
            Issue.record("a write with a stale If-Match must not apply")
        } catch let error as ClientError {
            #expect(error.kind == .preconditionFailed)
            #expect(error.currentRepresentation == nil, "an error document is no representation")
            #expect(try setup.client.currentRepresentation(error, as: Article.self) == nil)
            #expect(Self.errorCodes(error) == ["precondition_failed"])
        }
        await #expect { try await setup.client.delete(Article.delete(article.id), headers: [.ifMatch(staleTag)]) } throws: {
            ($0 as? ClientError)?.kind == .preconditionFailed
        }
        let unchanged = try await setup.other.fetch(Article.show(article.id))
        #expect(unchanged.title == "Theirs \(kind.rawValue)" && unchanged.body == "Original body")

        let (now, nowResponse) = try await setup.client.fetchWithResponse(Article.show(article.id))
        var retry = now
        retry.body = "My body"
        let saved = try await setup.client.patch(Article.patch(article.id), retry.changes(since: now), headers: [.ifMatch(try #require(nowResponse.entityTag))])
        #expect(saved.body == "My body")
        #expect(try await setup.other.fetch(Article.show(article.id)).body == "My body")
    }

    @Test(arguments: TransportKind.allCases) func automaticIfMatchSendsTheLastReadTag(kind: TransportKind) async throws {
        let setup = try await Self.setup(kind, automaticIfMatch: true)
        let article = try await ServerConditionalTests.article(setup, "Automatic", kind)
        let read = try await setup.client.fetch(Article.show(article.id))
        var first = read
        first.title += " 1"
        let saved = try await setup.client.patch(Article.patch(article.id), first.changes(since: read))
        var second = saved
        second.title += " 2"
        let savedAgain = try await setup.client.patch(Article.patch(article.id), second.changes(since: saved))
        #expect(savedAgain.title == second.title, "the second write carried the tag the first one's answer gave")

        try await Self.theirWrite(setup, article.id, title: "Theirs \(kind.rawValue)")
        var third = savedAgain
        third.title += " 3"
        await #expect { _ = try await setup.client.patch(Article.patch(article.id), third.changes(since: savedAgain)) } throws: {
            ($0 as? ClientError)?.kind == .preconditionFailed
        }
        await #expect { try await setup.client.delete(Article.delete(article.id)) } throws: { ($0 as? ClientError)?.kind == .preconditionFailed }
        #expect(try await setup.other.fetch(Article.show(article.id)).title == "Theirs \(kind.rawValue)")

        _ = try await setup.client.fetch(Article.show(article.id))
        try await setup.client.delete(Article.delete(article.id))
        #expect(ServerConditionalTests.exchanges(setup.wire, .delete, "/articles/\(article.id)").map(\.response.status.code) == [412, 204])
    }

    @Test(arguments: TransportKind.allCases) func aPatchMakesDocumentsIncludingTheArticleStaleWhereTheServerWouldSay304(kind: TransportKind) async throws {
        // The server tags a comment by its own row: a change to the article it includes leaves the tag,
        // and a revalidation is a 304 with the old article. Only the client's own knowledge of what it
        // wrote makes the stored comment document stale.
        let setup = try await Self.setup(kind, automaticIfMatch: true)
        let article = try await ServerConditionalTests.article(setup, "Included", kind)
        let comment = try await setup.other.create(Comment.create(), Comment.New(body: "On it", author: nil, article: ToOne(id: article.id)))
        let commentReads = { setup.wire.recorded.filter { $0.request.path?.hasPrefix("/comments/\(comment.id)?include=") == true }.map(\.response.status.code) }
        _ = try await setup.client.fetch(Comment.show(comment.id), including: .authorAndArticle)

        try await Self.theirWrite(setup, article.id, title: "Theirs \(kind.rawValue)")
        let afterTheirs = try await setup.client.fetch(Comment.show(comment.id), including: .authorAndArticle)
        #expect(afterTheirs.article.resolved?.title == article.title, "the server said 304: the comment's row did not change")
        #expect(commentReads() == [200, 304])

        let read = try await setup.client.fetch(Article.show(article.id))
        var mine = read
        mine.body = "Edited body"
        _ = try await setup.client.patch(Article.patch(article.id), mine.changes(since: read))
        let afterMine = try await setup.client.fetch(Comment.show(comment.id), including: .authorAndArticle)
        #expect(afterMine.article.resolved?.body == "Edited body" && afterMine.article.resolved?.title == "Theirs \(kind.rawValue)")
        #expect(commentReads() == [200, 304, 200], "fetched anew, not revalidated")
    }
}
