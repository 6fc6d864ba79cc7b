import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// The JSON:API cursor pagination profile and profiles in general against the real
/// djangorestframework-jsonapi server over both transports (issue 25, item 5): its `/cursor-articles`
/// (`Tests/Servers/jsonapi/press/cursor.py`) serves the articles under the profile, 3 a page by
/// default and at most 5, and names the profile in its `Content-Type`. Every document received and
/// sent is checked against the JSON:API 1.0 schema.
@Suite(.enabled(if: JSONAPIServer.isAvailable)) struct ServerCursorPaginationTests {
    /// The articles under the profile: the same `articles` at another path.
    static let cursorArticles = ResourcePath<Article, Op.List>(uncheckedComponents: [.literal("cursor-articles")])

    static func client(_ kind: TransportKind, server: JSONAPIServer? = nil, codec: JSONAPICodec = JSONAPICodec(api: Press.self)) async throws -> (Client, RecordingTransport) {
        let server = if let server { server } else { try await JSONAPIServer.readOnly() }
        let transport = RecordingTransport(kind.make())
        return (Client(api: Press.self, baseURL: server.baseURL, transport: transport, configuration: .init(codec: codec)), transport)
    }

    static func collect(_ sequence: PageSequence<Article>) async throws -> [Page<Article>] {
        var pages: [Page<Article>] = []
        for try await page in sequence { pages.append(page) }
        return pages
    }

    /// Checks every document `transport` received against the JSON:API 1.0 response schema. The
    /// profile's error objects carry `links.type`, a JSON:API 1.1 member the 1.0 schema's closed error
    /// links refuse: it is checked to be there, then left out of the schema check.
    static func expectValidResponses(_ transport: RecordingTransport, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        var documents: [String] = []
        for exchange in transport.recorded where !exchange.responseBody.isEmpty {
            var object = try #require(try JSONSerialization.jsonObject(with: exchange.responseBody) as? [String: Any])
            if var errors = object["errors"] as? [[String: Any]] {
                for index in errors.indices {
                    guard var links = errors[index]["links"] as? [String: Any] else { continue }
                    #expect(links["type"] is String, "the profile's errors say their type", sourceLocation: sourceLocation)
                    links["type"] = nil
                    errors[index]["links"] = links.isEmpty ? nil : links
                }
                object["errors"] = errors
            }
            documents.append(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        }
        try await JSONAPISchemaChecker.expectValid(documents, against: JSONAPISchemaChecker.responseSchema, sourceLocation: sourceLocation)
    }

    @Test(arguments: TransportKind.allCases) func forwardWalkCoversTheCollectionWithItemCursors(kind: TransportKind) async throws {
        let (client, transport) = try await Self.client(kind)
        let pages = try await Self.collect(client.pages(Self.cursorArticles, cursor: .first(size: 5)))
        #expect(pages.map { $0.items.map(\.id) } == [Array(1...5), Array(6...10), [11, 12]])
        #expect(transport.recorded.count == 3, "the last page's next is null")
        #expect(pages.allSatisfy { $0.appliedProfiles == [CursorPagination.profile] }, "the server names the profile it applied")
        #expect(pages.allSatisfy { page in page.cursorPagination?.itemCursors.count == page.items.count && page.items.allSatisfy { $0.jsonAPI.pageCursor != nil } })
        #expect(pages[0].cursorPagination?.total == 12)
        #expect(pages[0].cursorPagination?.estimatedTotal == 12)
        #expect(pages[0].previous == nil, "no page before the first")
        #expect(transport.recorded.allSatisfy { $0.request.headerFields[.accept]?.hasPrefix(#"application/vnd.api+json;profile="http://jsonapi.org/profiles/ethanresnick/cursor-pagination/""#) == true })

        var defaulted: [Int] = []
        for try await page in client.pages(Self.cursorArticles, cursor: .first(), maximumPages: 1) { defaulted = page.items.map(\.id) }
        #expect(defaulted == [1, 2, 3], "the server's default size")
        try await Self.expectValidResponses(transport)
    }

    @Test(arguments: TransportKind.allCases) func backwardWalkFromAnItemCursorFollowsPrev(kind: TransportKind) async throws {
        let (client, transport) = try await Self.client(kind)
        var last: String?
        for try await page in client.pages(Self.cursorArticles, cursor: .first(size: 5)) { last = page.cursorPagination?.lastCursor }
        let cursor = try #require(last)
        let pages = try await Self.collect(client.pages(Self.cursorArticles, cursor: .before(cursor, size: 4), direction: .backward))
        #expect(pages.map { $0.items.map(\.id) } == [Array(8...11), Array(4...7), Array(1...3)])
        #expect(pages.last?.previous == nil)
        var items: [Int] = []
        for try await article in client.items(Self.cursorArticles, cursor: .before(cursor, size: 4), direction: .backward) { items.append(article.id) }
        #expect(items == Array((1...11).reversed()))
        try await Self.expectValidResponses(transport)
    }

    @Test(arguments: TransportKind.allCases) func aPageNumberCollectionWalksBackwardFromItsLastPage(kind: TransportKind) async throws {
        let (client, transport) = try await Self.client(kind)
        var ids: [[Int]] = []
        for try await page in client.pages(Article.list(), including: .author, query: [QueryItem(name: "page[number]", value: "3")], direction: .backward) {
            ids.append(page.items.map(\.id))
            #expect(page.items.allSatisfy { $0.author.resolved != nil })
            #expect(page.cursorPagination == nil && page.appliedProfiles.isEmpty, "no profile here")
        }
        #expect(ids == [[11, 12], Array(6...10), Array(1...5)], "prev links to the first page")
        try await Self.expectValidResponses(transport)
    }

    @Test(arguments: TransportKind.allCases) func aRangeWalkEndsWhereTheRangeDoes(kind: TransportKind) async throws {
        let (client, transport) = try await Self.client(kind)
        let first = try #require(try await Self.collect(client.pages(Self.cursorArticles, cursor: .first(size: 5), maximumPages: 2)).flatMap { $0.cursorPagination?.itemCursors ?? [] })
        let (after, before) = (try #require(first[1]), try #require(first[8]))  // articles 2 and 9
        let start = transport.recorded.count
        let pages = try await Self.collect(client.pages(Self.cursorArticles, cursor: .between(after: after, before: before, size: 3)))
        #expect(pages.map { $0.items.map(\.id) } == [[3, 4, 5], [6, 7, 8]])
        #expect(pages.map { $0.cursorPagination?.rangeTruncated } == [true, false])
        #expect(transport.recorded.count - start == 2, "the range's end is not passed")
        try await Self.expectValidResponses(transport)
    }

    @Test(arguments: TransportKind.allCases) func refusalsAreTheProfilesErrorTypes(kind: TransportKind) async throws {
        let (client, transport) = try await Self.client(kind)
        func refusal(_ cursor: CursorPageRequest, query: [QueryItem] = []) async throws -> CursorPaginationError? {
            do {
                _ = try await Self.collect(client.pages(Self.cursorArticles, cursor: cursor, query: query))
                Issue.record("refused: \(cursor)")
                return nil
            } catch let error as ClientError {
                #expect(error.status == .badRequest)
                return error.cursorPaginationError
            }
        }
        #expect(try await refusal(.first(size: 9)) == .maxSizeExceeded(maxSize: 5))
        #expect(try await refusal(.first(size: 0)) == .invalidParameter("page[size]"))
        #expect(try await refusal(.after("not-a-cursor")) == .invalidParameter("page[after]"))
        #expect(try await refusal(.first(), query: [QueryItem(name: "sort", value: "title")]) == .unsupportedSort)
        try await Self.expectValidResponses(transport)
    }

    @Test(arguments: TransportKind.allCases) func profilesAreAskedForAndSentWithoutBreakingAServerThatAppliesNone(kind: TransportKind) async throws {
        let timestamps = URL(string: "https://example.com/profiles/timestamps")!
        let server = try await JSONAPIServer.writableForProfileTests()
        let codec = JSONAPICodec(api: Press.self, requestedProfiles: [timestamps], sentProfiles: [timestamps])
        let (client, transport) = try await Self.client(kind, server: server, codec: codec)
        let document = try await client.fetchDocument(Tag.list())
        #expect(!document.data.isEmpty)
        #expect(document.appliedProfiles.isEmpty, "the server applied none, and says so")
        let id = "profiled-" + kind.rawValue.lowercased()
        let tag = try await client.create(Tag.create(), Tag.New(id: id, name: "Profiled"))
        #expect(tag.id == id)
        let create = try #require(transport.recorded.last)
        #expect(create.request.headerFields[.contentType] == #"application/vnd.api+json;profile="https://example.com/profiles/timestamps""#)
        try await JSONAPISchemaChecker.expectValid(transport.recorded.compactMap { $0.requestBody.map { String(decoding: $0, as: UTF8.self) } }, schema: "create_resource")
        try await Self.expectValidResponses(transport)
    }
}
