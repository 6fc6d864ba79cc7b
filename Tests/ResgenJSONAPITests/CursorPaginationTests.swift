import Foundation
import HTTPTypes
import Testing

@testable import ResgenRuntime

/// The JSON:API cursor pagination profile in `pages` (issue 25, item 5), rule by rule against the
/// in-process ``CursorScript``: `page[size]`/`page[after]`/`page[before]`, item cursors, `prev`/`next`
/// both ways, `rangeTruncated`, the profile asked for in `Accept`, and its error types.
@Suite struct CursorPaginationTests {
    static func ids(_ pages: [Page<Article>]) -> [[Int]] { pages.map { $0.items.map(\.id) } }

    static func collect(_ sequence: PageSequence<Article>) async throws -> [Page<Article>] {
        var pages: [Page<Article>] = []
        for try await page in sequence { pages.append(page) }
        return pages
    }

    static func query(_ request: HTTPRequest) -> [String: String] {
        let items = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems } ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test func forwardFromTheFirstPageFollowsNextWithItemCursorsAndMetadata() async throws {
        let server = CursorScript(count: 7)
        let pages = try await Self.collect(server.client().pages(Article.list(), cursor: .first(size: 3)))
        #expect(Self.ids(pages) == [[1, 2, 3], [4, 5, 6], [7]])
        #expect(server.received.count == 3, "one request per page, none after next: null")
        #expect(Self.query(server.received[0]) == ["page[size]": "3"])
        #expect(Self.query(server.received[1]) == ["page[size]": "3", "page[after]": "c3"])
        #expect(pages[0].cursorPagination?.itemCursors == ["c1", "c2", "c3"])
        #expect(pages[1].cursorPagination?.firstCursor == "c4")
        #expect(pages[1].cursorPagination?.lastCursor == "c6")
        #expect(pages[0].items[1].jsonAPI.pageCursor == "c2", "an item's own cursor")
        #expect(pages[0].cursorPagination?.total == 7)
        #expect(pages[0].cursorPagination?.estimatedTotal == 8)
        #expect(pages.allSatisfy { $0.cursorPagination?.rangeTruncated == false })
        #expect(pages[0].previous == nil && pages[2].next == nil)
        #expect(pages.allSatisfy { $0.appliedProfiles == [CursorPagination.profile] }, "from the Content-Type")
    }

    @Test func everyPageRequestAsksForTheProfileWithTheBareMediaTypeAsFallback() async throws {
        let server = CursorScript(count: 3)
        _ = try await Self.collect(server.client().pages(Article.list(), cursor: .first(size: 2)))
        let accept = #"application/vnd.api+json;profile="http://jsonapi.org/profiles/ethanresnick/cursor-pagination/", application/vnd.api+json"#
        #expect(server.received.map { $0.headerFields[.accept] } == [accept, accept])

        let other = URL(string: "https://example.com/profiles/timestamps")!
        let asking = CursorScript(count: 1)
        _ = try await Self.collect(asking.client(codec: JSONAPICodec(api: Press.self, requestedProfiles: [other])).pages(Article.list(), cursor: .first()))
        #expect(asking.received.first?.headerFields[.accept] == #"application/vnd.api+json;profile="https://example.com/profiles/timestamps http://jsonapi.org/profiles/ethanresnick/cursor-pagination/", application/vnd.api+json"#)

        let plain = CursorScript(count: 1)
        _ = try await Self.collect(plain.client().pages(Article.list()))
        #expect(plain.received.first?.headerFields[.accept] == "application/vnd.api+json", "plain pages ask for no profile")
    }

    @Test func backwardFromACursorFollowsPrevAndItemsComeInReverse() async throws {
        let server = CursorScript(count: 7)
        let pages = try await Self.collect(server.client().pages(Article.list(), cursor: .before("c6", size: 2), direction: .backward))
        #expect(Self.ids(pages) == [[4, 5], [2, 3], [1]])
        #expect(Self.query(server.received[1]) == ["page[size]": "2", "page[before]": "c4"])
        var items: [Int] = []
        for try await article in server.client().items(Article.list(), cursor: .before("c6", size: 2), direction: .backward) { items.append(article.id) }
        #expect(items == [5, 4, 3, 2, 1])
    }

    @Test func forwardFromAnItemCursorStartsRightAfterIt() async throws {
        let server = CursorScript(count: 7)
        let first = try #require(try await Self.collect(server.client().pages(Article.list(), cursor: .first(size: 2), maximumPages: 1)).first)
        let cursor = try #require(first.cursorPagination?.lastCursor)
        let rest = try await Self.collect(server.client().pages(Article.list(), cursor: .after(cursor, size: 2)))
        #expect(Self.ids(rest) == [[3, 4], [5, 6], [7]])
    }

    @Test func afterTheLastItemIsOneEmptyPageAndTheEnd() async throws {
        let server = CursorScript(count: 3)
        let pages = try await Self.collect(server.client().pages(Article.list(), cursor: .after("c3")))
        #expect(Self.ids(pages) == [[]])
        #expect(pages[0].next == nil && server.received.count == 1)
        #expect(pages[0].cursorPagination?.itemCursors == [], "meta.page is there, no items")
    }

    @Test func aRangeWalkGoesOnWhileTruncatedAndStopsAtItsEnd() async throws {
        let server = CursorScript(count: 9)
        let pages = try await Self.collect(server.client().pages(Article.list(), cursor: .between(after: "c1", before: "c8", size: 2)))
        #expect(Self.ids(pages) == [[2, 3], [4, 5], [6, 7]])
        #expect(pages.map { $0.cursorPagination?.rangeTruncated } == [true, true, false])
        #expect(server.received.count == 3, "the last page's next link (past page[before]) is not followed")
        #expect(Self.query(server.received[1]) == ["page[size]": "2", "page[after]": "c3", "page[before]": "c8"])
    }

    @Test func aRangeWalkWithoutItemCursorsTakesTheCursorOfTheNextLink() async throws {
        let server = CursorScript(count: 9, itemCursors: false)
        let pages = try await Self.collect(server.client().pages(Article.list(), cursor: .between(after: "c1", before: "c6")))
        #expect(Self.ids(pages) == [[2, 3, 4], [5]])
        #expect(pages[0].cursorPagination?.itemCursors == [nil, nil, nil])
        #expect(Self.query(server.received[1]) == ["page[after]": "c4", "page[before]": "c6"])
    }

    @Test func refusalsAreTheProfilesErrorTypes() async throws {
        let server = CursorScript()
        let client = server.client()
        func refusal(_ cursor: CursorPageRequest, query: [QueryItem] = []) async -> ClientError? {
            do {
                _ = try await Self.collect(client.pages(Article.list(), cursor: cursor, query: query))
                Issue.record("\(cursor) is refused")
            } catch let error as ClientError {
                return error
            } catch {
                Issue.record("not a ClientError: \(error)")
            }
            return nil
        }
        #expect(await refusal(.first(size: 4))?.cursorPaginationError == .maxSizeExceeded(maxSize: 3))
        #expect(await refusal(.first(size: 0))?.cursorPaginationError == .invalidParameter("page[size]"))
        #expect(await refusal(.after("bogus"))?.cursorPaginationError == .invalidParameter("page[after]"))
        #expect(await refusal(.first(), query: [QueryItem(name: "sort", value: "title")])?.cursorPaginationError == .unsupportedSort)
        let ranges = CursorScript(refusesRanges: true).client()
        do {
            _ = try await Self.collect(ranges.pages(Article.list(), cursor: .between(after: "c1", before: "c3")))
            Issue.record("ranges are refused")
        } catch let error as ClientError {
            #expect(error.cursorPaginationError == .rangePaginationNotSupported, "an http: type URI is the same type")
        }
    }

    @Test func otherErrorsAreNoCursorPaginationError() {
        let unrelated = ClientError(kind: .unacceptableStatus, request: .init(method: .get, url: CursorScript.base), serverError: .jsonAPI([JSONAPIErrorObject(status: "400", source: .init(parameter: "filter[title]"))]))
        #expect(unrelated.cursorPaginationError == nil)
        let notFound = ClientError(kind: .unacceptableStatus, request: .init(method: .get, url: CursorScript.base), serverError: .jsonAPI([JSONAPIErrorObject(status: "404", source: .init(parameter: "page[after]"))]))
        #expect(notFound.cursorPaginationError == nil, "only a 400 names an invalid parameter")
    }

    @Test func appliedProfilesComeFromTheContentTypeThenJSONAPIProfile() async throws {
        let timestamps = "https://example.com/profiles/timestamps"
        let server = CursorScript(count: 1, jsonapi: #"{"version": "1.1", "profile": ["\#(timestamps)", "http://jsonapi.org/profiles/ethanresnick/cursor-pagination/"]}"#)
        let page = try #require(try await Self.collect(server.client().pages(Article.list(), cursor: .first())).first)
        #expect(page.appliedProfiles == [CursorPagination.profile, URL(string: timestamps)!], "each once, the Content-Type's first")

        let bare = CursorScript(count: 1, jsonapi: #"{"profile": ["https://jsonapi.org/profiles/ethanresnick/cursor-pagination/"]}"#, contentType: "application/vnd.api+json")
        let only = try #require(try await Self.collect(bare.client().pages(Article.list())).first)
        #expect(only.appliedProfiles.map(\.absoluteString) == ["https://jsonapi.org/profiles/ethanresnick/cursor-pagination/"])
        #expect(only.appliedProfiles.allSatisfy(CursorPagination.isProfile), "either scheme names the profile")
        #expect(only.cursorPagination?.itemCursors == ["c1"])
    }

    @Test func aCursorPageRequestIsQueryItemsForOneReadToo() {
        let query = Article.query(page: .cursor(.between(after: "a", before: "b", size: 2)))
        #expect(query == [QueryItem(name: "page[size]", value: "2"), QueryItem(name: "page[after]", value: "a"), QueryItem(name: "page[before]", value: "b")])
        #expect(CursorPageRequest.first().queryItems.isEmpty)
        #expect(CursorPageRequest.between(after: "a", before: "b").isRange && !CursorPageRequest.after("a").isRange)
    }

    @Test func aPageWithoutTheProfilesMembersHasNoCursorPagination() async throws {
        let json = #"{"data": [{"type": "articles", "id": "1", "attributes": {"title": "T", "body": "B", "published-at": "2026-01-02T09:00:00Z"}, "relationships": {"author": {"data": {"type": "people", "id": "1"}}}, "meta": {"page": 3}}], "meta": {"page": 2}}"#
        let codec = JSONAPICodec(api: Press.self)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let context = ResponseContext(decoder: decoder, url: CursorScript.base, response: HTTPResponse(status: .ok, headerFields: [.contentType: "application/vnd.api+json; charset=utf-8"]))
        let page = try codec.decodePage(Article.self, from: Data(json.utf8), context: context)
        #expect(page.cursorPagination == nil, "a `page` that is not an object is unrecognized")
        #expect(page.appliedProfiles.isEmpty)
    }
}
