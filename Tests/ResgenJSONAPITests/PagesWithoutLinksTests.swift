import Foundation
import ResgenRuntime
import Testing

/// Pages without links (issue 49, item 3), over both transports against the scripted server: a
/// collection that writes no `next` link pages by the query parameters its pagination declares and
/// stops on `has_next: false`, an empty page, the count or the number of pages, never asking for one
/// URL twice; and a page that omits `next` while giving `last` is followed toward `last` by the
/// parameter the two URLs differ in.
@Suite struct PagesWithoutLinksTests {
    static let json = ["Content-Type": JSONAPICodec.mediaType]

    /// A page of articles `ids`, with `meta` and `links` (JSON object texts) when given.
    static func page(_ ids: ClosedRange<Int>?, meta: String? = nil, links: String? = nil) -> ScriptedServer.Route {
        let items = (ids.map(Array.init) ?? []).map { id in
            #"{"type": "articles", "id": "\#(id)", "attributes": {"title": "T\#(id)", "body": "B", "published-at": "2026-01-02T09:00:00Z"}}"#
        }
        let members = [#""data": [\#(items.joined(separator: ", "))]"#] + [meta.map { #""meta": \#($0)"# }, links.map { #""links": \#($0)"# }].compactMap { $0 }
        return .init(headers: json, body: "{\(members.joined(separator: ", "))}")
    }

    /// The ids of every article `pages` reads, and the targets the server saw under `/articles`.
    static func walk(_ server: ScriptedServer, _ pages: PageSequence<Article>) async throws -> (ids: [Int], targets: [String]) {
        var ids: [Int] = []
        for try await page in pages { ids += page.items.map(\.id) }
        return (ids, try await server.log(under: "/articles").map(\.target))
    }

    static func client(_ server: ScriptedServer, _ kind: TransportKind) -> Client {
        Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self)))
    }

    /// The issue's server (japyd) writes `meta.pagination {page, per_page, has_next}` and no links;
    /// here under `paging`, as Press's articles type `meta.pagination` as djangorestframework-jsonapi's.
    static let pageNumber = ParameterPagination(.pageNumber(page: "page", size: "per_page", firstPage: 1), pageSize: 3, hasNext: ["paging", "has_next"])

    static func pagination(page: Int, hasNext: Bool) -> String {
        #"{"paging": {"page": \#(page), "per_page": 3, "has_next": \#(hasNext)}}"#
    }

    @Test(arguments: TransportKind.allCases) func metaHasNextFalseStops(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        try await server.script([
            "/articles?per_page=3": Self.page(1...3, meta: Self.pagination(page: 1, hasNext: true)),
            "/articles?per_page=3&page=2": Self.page(4...6, meta: Self.pagination(page: 2, hasNext: true)),
            "/articles?per_page=3&page=3": Self.page(7...7, meta: Self.pagination(page: 3, hasNext: false)),
            "/articles": .init(status: 400, body: "no route"),
        ])
        let (ids, targets) = try await Self.walk(server, Self.client(server, kind).pages(Article.list(), pagination: Self.pageNumber))
        #expect(ids == Array(1...7))
        #expect(targets == ["/articles?per_page=3", "/articles?per_page=3&page=2", "/articles?per_page=3&page=3"])
    }

    @Test(arguments: TransportKind.allCases) func anEmptyPageStops(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        try await server.script([
            "/articles": Self.page(1...2),
            "/articles?page=2": Self.page(3...4),
            "/articles?page=3": Self.page(nil),
        ])
        let pagination = ParameterPagination(.pageNumber(page: "page", size: nil, firstPage: 1))
        let (ids, targets) = try await Self.walk(server, Self.client(server, kind).pages(Article.list(), pagination: pagination))
        #expect(ids == [1, 2, 3, 4])
        #expect(targets == ["/articles", "/articles?page=2", "/articles?page=3"])
    }

    @Test(arguments: TransportKind.allCases) func reachingTheCountStops(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let meta = #"{"count": 7}"#
        try await server.script([
            "/articles?per_page=3": Self.page(1...3, meta: meta),
            "/articles?per_page=3&page=2": Self.page(4...6, meta: meta),
            "/articles?per_page=3&page=3": Self.page(7...7, meta: meta),
        ])
        var pagination = Self.pageNumber
        pagination.hasNext = nil
        pagination.count = ["count"]
        let (ids, targets) = try await Self.walk(server, Self.client(server, kind).pages(Article.list(), pagination: pagination))
        #expect(ids == Array(1...7))
        #expect(targets.count == 3, "the third page reaches the count: no fourth request")
    }

    @Test(arguments: TransportKind.allCases) func reachingTheTotalPagesStops(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let meta = #"{"page": {"total-pages": 2}}"#
        try await server.script([
            "/articles?page%5Bsize%5D=2": Self.page(1...2, meta: meta),
            "/articles?page%5Bsize%5D=2&page%5Bnumber%5D=2": Self.page(3...4, meta: meta),
        ])
        let pagination = ParameterPagination(.pageNumber(page: "page[number]", size: "page[size]", firstPage: 1), pageSize: 2, totalPages: ["page", "total-pages"])
        let (ids, targets) = try await Self.walk(server, Self.client(server, kind).pages(Article.list(), pagination: pagination))
        #expect(ids == [1, 2, 3, 4], "the second page is full, but it is the last of two")
        #expect(targets == ["/articles?page%5Bsize%5D=2", "/articles?page%5Bsize%5D=2&page%5Bnumber%5D=2"])
    }

    @Test(arguments: TransportKind.allCases) func offsetAndLimit(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let meta = #"{"total": 5}"#
        try await server.script([
            "/articles?sort=title&limit=2": Self.page(1...2, meta: meta),
            "/articles?sort=title&limit=2&offset=2": Self.page(3...4, meta: meta),
            "/articles?sort=title&limit=2&offset=4": Self.page(5...5, meta: meta),
        ])
        let pagination = ParameterPagination(.offset(offset: "offset", limit: "limit"), pageSize: 2, count: ["total"])
        let pages = Self.client(server, kind).pages(Article.list(), query: [QueryItem(name: "sort", value: "title")], pagination: pagination)
        let (ids, targets) = try await Self.walk(server, pages)
        #expect(ids == [1, 2, 3, 4, 5])
        #expect(targets == ["/articles?sort=title&limit=2", "/articles?sort=title&limit=2&offset=2", "/articles?sort=title&limit=2&offset=4"])
    }

    @Test(arguments: TransportKind.allCases) func aCursorInMeta(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        try await server.script([
            "/articles": Self.page(1...2, meta: #"{"cursors": {"next": "b2"}}"#),
            "/articles?cursor=b2": Self.page(3...4, meta: #"{"cursors": {"next": "c 4/+"}}"#),
            "/articles?cursor=c%204%2F%2B": Self.page(5...5, meta: #"{"cursors": {"next": null}}"#),
        ])
        let pagination = ParameterPagination(.cursor(parameter: "cursor", next: ["cursors", "next"], size: nil))
        let (ids, targets) = try await Self.walk(server, Self.client(server, kind).pages(Article.list(), pagination: pagination))
        #expect(ids == [1, 2, 3, 4, 5])
        #expect(targets == ["/articles", "/articles?cursor=b2", "/articles?cursor=c%204%2F%2B"], "the cursor is encoded once")
    }

    @Test(arguments: TransportKind.allCases) func neverTheSameURLTwice(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        try await server.script([
            "/articles": Self.page(1...2, meta: #"{"next": "b"}"#),
            // A server stuck on one cursor, and one whose computed next page is a URL it already gave.
            "/articles?cursor=b": Self.page(3...4, meta: #"{"next": "b"}"#),
            "/other": Self.page(1...2),
            "/other?page=2": Self.page(3...4, links: #"{"next": "/other"}"#),
        ])
        let client = Self.client(server, kind)
        let cursor = ParameterPagination(.cursor(parameter: "cursor", next: ["next"], size: nil))
        let (ids, targets) = try await Self.walk(server, client.pages(Article.list(), pagination: cursor))
        #expect(ids == [1, 2, 3, 4])
        #expect(targets == ["/articles", "/articles?cursor=b"])
        let other = client.pages(ResourcePath<Article, Op.List>(uncheckedComponents: [.literal("other")]), pagination: ParameterPagination(.pageNumber(page: "page", size: nil, firstPage: 1)))
        var otherIDs: [Int] = []
        for try await page in other { otherIDs += page.items.map(\.id) }
        #expect(otherIDs == [1, 2, 3, 4], "page 2's next link leads back to the first page, which is not requested again")
        #expect(try await server.log(under: "/other").map(\.target) == ["/other", "/other?page=2"])
    }

    @Test(arguments: TransportKind.allCases) func aNextLinkIsFollowedFirst(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        try await server.script([
            "/articles?per_page=3": Self.page(1...3, meta: Self.pagination(page: 1, hasNext: true), links: #"{"next": "/articles?per_page=3&page=2&by=link"}"#),
            "/articles?per_page=3&page=2&by=link": Self.page(4...6, meta: Self.pagination(page: 2, hasNext: false)),
        ])
        let (ids, targets) = try await Self.walk(server, Self.client(server, kind).pages(Article.list(), pagination: Self.pageNumber))
        #expect(ids == Array(1...6))
        #expect(targets == ["/articles?per_page=3", "/articles?per_page=3&page=2&by=link"])
    }

    @Test(arguments: TransportKind.allCases) func aWalkOfLinkedPagesEndsWhereNextDoes(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        try await server.script([
            "/articles?per_page=3": Self.page(1...3, links: #"{"next": "/articles?per_page=3&page=2"}"#),
            "/articles?per_page=3&page=2": Self.page(4...5),
            "/articles": .init(status: 404, body: "beyond the last page"),
        ])
        let (ids, targets) = try await Self.walk(server, Self.client(server, kind).pages(Article.list(), pagination: Self.pageNumber))
        #expect(ids == [1, 2, 3, 4, 5])
        #expect(targets == ["/articles?per_page=3", "/articles?per_page=3&page=2"], "a server that links its pages ends them without next")
    }

    @Test(arguments: TransportKind.allCases) func aServerThatIgnoresThePageParameterEndsTheWalk(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        try await server.script(["/articles": Self.page(1...3)])
        let (ids, targets) = try await Self.walk(server, Self.client(server, kind).pages(Article.list(), pagination: Self.pageNumber))
        #expect(ids == [1, 2, 3], "the same page again is not returned")
        #expect(targets == ["/articles?per_page=3", "/articles?per_page=3&page=2"])
    }

    /// safrs leaves `next` out on the page before the last while giving `last`: the next offset is
    /// computed from what the page's own URL and `last` share, and `last` is requested as written.
    @Test(arguments: TransportKind.allCases) func lastWithoutNextIsReachedByOffset(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let last = #""last": "/articles?page[offset]=6&page[limit]=2&include=author""#
        try await server.script([
            "/articles": Self.page(1...2, links: #"{"next": "/articles?page[offset]=2&page[limit]=2&include=author", \#(last)}"#),
            "/articles?page%5Boffset%5D=2&page%5Blimit%5D=2&include=author": Self.page(3...4, links: "{\(last)}"),
            "/articles?page%5Boffset%5D=4&page%5Blimit%5D=2&include=author": Self.page(5...6, links: "{\(last)}"),
            "/articles?page%5Boffset%5D=6&page%5Blimit%5D=2&include=author": Self.page(7...7, links: "{\(last)}"),
        ])
        let (ids, targets) = try await Self.walk(server, Self.client(server, kind).pages(Article.list()))
        #expect(ids == Array(1...7))
        #expect(targets == [
            "/articles", "/articles?page%5Boffset%5D=2&page%5Blimit%5D=2&include=author",
            "/articles?page%5Boffset%5D=4&page%5Blimit%5D=2&include=author", "/articles?page%5Boffset%5D=6&page%5Blimit%5D=2&include=author",
        ])
    }

    @Test(arguments: TransportKind.allCases) func lastWithoutNextIsReachedByPageNumber(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let last = #"{"last": "/articles?page=3&size=2"}"#
        try await server.script([
            "/articles": Self.page(1...2, links: last),
            "/articles?page=2": Self.page(3...4, links: last),
            "/articles?page=3&size=2": Self.page(5...5, links: last),
        ])
        let (ids, targets) = try await Self.walk(server, Self.client(server, kind).pages(Article.list()))
        #expect(ids == [1, 2, 3, 4, 5])
        #expect(targets == ["/articles", "/articles?page=2", "/articles?page=3&size=2"], "a size the page's URL leaves out is the server's; last is requested as written")
    }

    @Test(arguments: TransportKind.allCases) func lastThatDiffersInMoreThanOneParameterIsNotGuessed(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        try await server.script(["/articles": Self.page(1...2, links: #"{"last": "/articles?page=3&sort=title"}"#)])
        let (ids, targets) = try await Self.walk(server, Self.client(server, kind).pages(Article.list()))
        #expect(ids == [1, 2])
        #expect(targets == ["/articles"])
    }
}
