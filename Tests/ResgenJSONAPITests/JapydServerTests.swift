import Foundation
import ResgenRuntime
import Testing

/// Pages without links on a real server (issue 49, item 3): japyd writes no pagination links, only
/// `meta.pagination {page, per_page, has_next}` and `meta.count`. Following `next` links alone read the
/// first page of 30 events and stopped; the Events schema declares `pagination:` (page number, size
/// 10, `hasNext: pagination.has_next`, `count: count`), and the generated `Event` hands it to
/// `pages()`. Each test runs over both transports.
@Suite(.enabled(if: JapydServer.isAvailable), .serialized) struct JapydServerTests {
    static func client(_ server: JapydServer, _ kind: TransportKind) -> Client {
        Client(api: Events.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Events.self)))
    }

    @Test(arguments: TransportKind.allCases) func everyPageIsReadByParametersAndHasNextStops(kind: TransportKind) async throws {
        let server = try await JapydServer.shared()
        try await server.reset()
        var ids: [String] = []
        var pages = 0
        for try await page in Self.client(server, kind).pages(Event.list()) {
            #expect(page.next == nil && page.last == nil, "japyd writes no pagination links")
            pages += 1
            ids += page.items.map(\.id)
        }
        #expect(ids == (1...30).map(String.init))
        #expect(pages == 3)
        let targets = try await server.requests().map(\.target)
        #expect(targets == ["/events?page%5Bsize%5D=10", "/events?page%5Bsize%5D=10&page%5Bnumber%5D=2", "/events?page%5Bsize%5D=10&page%5Bnumber%5D=3"],
                "the third page says has_next: false; no fourth request")
        #expect(try await server.requests().allSatisfy { $0.status == 200 })
    }

    @Test(arguments: TransportKind.allCases) func theCallersFilterAndPageSizeAreKept(kind: TransportKind) async throws {
        let server = try await JapydServer.shared()
        try await server.reset()
        // A filter leaves 7 events: a page of 5 (the caller's size, not the declared 10), then 2.
        let query = [QueryItem(name: "filter", value: "greaterThan(seats,'230')"), QueryItem(name: "page[size]", value: "5")]
        var ids: [String] = []
        for try await event in Self.client(server, kind).items(Event.list(), query: query) { ids.append(event.id) }
        #expect(ids == (24...30).map(String.init))
        let targets = try await server.requests().map(\.target)
        #expect(targets == [
            "/events?filter=greaterThan%28seats%2C%27230%27%29&page%5Bsize%5D=5",
            "/events?filter=greaterThan%28seats%2C%27230%27%29&page%5Bsize%5D=5&page%5Bnumber%5D=2",
        ])
    }

    @Test(arguments: TransportKind.allCases) func withoutTheDeclarationOnlyTheFirstPageIsRead(kind: TransportKind) async throws {
        let server = try await JapydServer.shared()
        try await server.reset()
        var count = 0
        for try await page in Self.client(server, kind).pages(Event.list(), pagination: nil) { count += page.items.count }
        #expect(count == 20, "japyd's default page, and no link to go on by: what the issue saw")
        #expect(try await server.requests().count == 1)
    }
}
