import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Typed list parameters (`list:` of `Schemas/press`, issue 47) against the real
/// djangorestframework-jsonapi server (django-filter, its OrderingFilter and SearchFilter): each typed
/// filter, sort and limit selects the same articles, in the same order, as the raw query the server
/// documents. The read-only server (12 articles by Ada (1), Alan (2) and Grace (3), article n by
/// person n % 3 + 1 in turn, published a day apart; article 1 tagged swift and http); each test runs
/// over both transports.
@Suite(.enabled(if: JSONAPIServer.isAvailable)) struct ServerListParametersTests {
    /// A client over the `kind` of transport, recording what it sends.
    static func client(_ kind: TransportKind) async throws -> (Client, RecordingTransport) {
        let server = try await JSONAPIServer.readOnly()
        let transport = RecordingTransport(kind.make())
        let client = Client(api: Press.self, baseURL: server.baseURL, transport: transport, configuration: .init(codec: JSONAPICodec(api: Press.self)))
        return (client, transport)
    }

    /// The ids of every page of `path` (raw items added to the first request).
    static func ids(_ client: Client, _ path: ResourcePath<Article, Op.List>, raw: [QueryItem] = []) async throws -> [Int] {
        var ids: [Int] = []
        for try await page in client.pages(path, query: raw) { ids += page.items.map(\.id) }
        return ids
    }

    /// `name=value` pairs as `QueryItem`s.
    static func raw(_ pairs: KeyValuePairs<String, String>) -> [QueryItem] {
        pairs.map { QueryItem(name: $0.key, value: $0.value) }
    }

    @Test(arguments: TransportKind.allCases) func aTypedFilterSelectsWhatTheRawQueryDoes(kind: TransportKind) async throws {
        let (client, _) = try await Self.client(kind)
        let typed = try await Self.ids(client, Article.list(filter: .init(author: 1)))
        #expect(typed == [3, 6, 9, 12])
        #expect(try await Self.ids(client, Article.list(), raw: Self.raw(["filter[author]": "1"])) == typed)

        // Several values joined by commas: django-filter's `in` lookup.
        let either = try await Self.ids(client, Article.list(filter: .init(authors: [1, 3])))
        #expect(either == [2, 3, 5, 6, 8, 9, 11, 12])
        #expect(try await Self.ids(client, Article.list(), raw: Self.raw(["filter[author.in]": "1,3"])) == either)

        // A closed enum (`values:`), a lookup with its own key and the search filter, all at once.
        let tagged = try await Self.ids(client, Article.list(filter: .init(titleContains: "article 0", tag: .swift, search: "Body")))
        #expect(tagged == [1])
        #expect(try await Self.ids(client, Article.list(), raw: Self.raw(["filter[title.icontains]": "article 0", "filter[tags]": "swift", "filter[search]": "Body"])) == tagged)
        #expect(try await Self.ids(client, Article.list(filter: .init(tag: .json))).isEmpty)
    }

    @Test(arguments: TransportKind.allCases) func aTypedSortOrdersAsTheRawQueryDoes(kind: TransportKind) async throws {
        let (client, transport) = try await Self.client(kind)
        let typed = try await Self.ids(client, Article.list(filter: .init(authors: [2, 3]), sort: [.publishedAt.descending]))
        #expect(typed == [11, 10, 8, 7, 5, 4, 2, 1])
        let raw = try await Self.ids(client, Article.list(), raw: Self.raw(["filter[author.in]": "2,3", "sort": "-published-at"]))
        #expect(raw == typed)
        // Two keys, most significant first: by title (all different), then by id.
        let twoKeys = try await Self.ids(client, Article.list(filter: .init(author: 2), sort: [.title, .id.descending]))
        #expect(twoKeys == [1, 4, 7, 10])
        #expect(try await Self.ids(client, Article.list(), raw: Self.raw(["filter[author]": "2", "sort": "title,-id"])) == twoKeys)
        #expect(transport.recorded.first?.request.path == "/articles?filter%5Bauthor.in%5D=2%2C3&sort=-published-at")
    }

    @Test(arguments: TransportKind.allCases) func theLimitSizesEveryPageAndTheWalkKeepsTheParameters(kind: TransportKind) async throws {
        let (client, transport) = try await Self.client(kind)
        var pages: [[Int]] = []
        for try await page in client.pages(Article.list(filter: .init(authors: [1, 2]), sort: [.views.descending], limit: 3)) {
            pages.append(page.items.map(\.id))
        }
        #expect(pages == [[12, 10, 9], [7, 6, 4], [3, 1]], "3 a page; the server's next links keep the filter and sort")
        #expect(transport.recorded.count == 3)
        let fetched = try await client.fetch(Article.list(sort: [.views.descending], limit: 2), including: .author)
        #expect(fetched.map(\.id) == [12, 11])
        #expect(fetched.map { $0.author.resolved?.name } == ["Ada Lovelace", "Grace Hopper"])
    }
}
