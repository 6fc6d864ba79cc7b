import Foundation
import ResgenRuntime
import Testing

/// A request type's include set against the real HAL server (issue 25, item 16): `FindContacts`
/// (`requests.FindContacts.includes.withWebsite`) returns contacts whose websites are links, which
/// `send(_:including:)` follows, each URL once, over both transports.
@Suite(.enabled(if: HALServer.isAvailable), .serialized) struct HALRequestIncludesServerTests {
    @Test(arguments: TransportKind.allCases) func aRequestsIncludeSetIsTraversed(kind: TransportKind) async throws {
        let server = try await HALServer.start()
        let client = Client(api: Contacts.self, baseURL: server.baseURL, transport: kind.make())
        let plain = try await client.send(FindContacts(name: "Contact 1"))
        #expect(plain.map(\.name) == ["Contact 1", "Contact 10", "Contact 11", "Contact 12"])
        #expect(plain.allSatisfy { $0.website?.resolved == nil })

        try await server.resetStats()
        let found = try await client.send(FindContacts(name: "Contact 1"), including: .withWebsite)
        #expect(found.map { $0.website?.resolved?.title } == ["Site 1", "Site 10", "Site 11", nil])
        let stats = try await server.stats()
        #expect(stats == ["/contacts/search?name=Contact%201&page=0": 1, "/websites/1": 1, "/websites/10": 1, "/websites/11": 1])
        await server.stop()
    }
}
