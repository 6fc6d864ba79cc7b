import Foundation
import ResgenRuntime
import ResgenStore
import Testing

/// `ResourceStore` against the real fastapi-hypermodel HAL server (issue 51's proof for HAL, by `self`
/// links): two watchers over overlapping graphs — contact 1 with the contacts it links to, and the
/// list of contacts with their websites — both update after contact 2 is patched through a third call
/// (the plain client) and read again through the store. A fresh server per run (the patch changes its
/// data), over both transports.
@Suite(.enabled(if: HALServer.isAvailable)) struct HALStoreServerTests {
    @Test(arguments: TransportKind.allCases)
    func overlappingWatchersBothSeeAPatchMadeThroughAThirdCall(kind: TransportKind) async throws {
        let server = try await HALServer.start()
        defer { Task { await server.stop() } }
        let client = Client(api: Contacts.self, baseURL: server.baseURL, transport: kind.make())
        let store = try ResourceStore(client: client)
        let known = [IncludePath(.toMany("contacts"))]
        let websites = [IncludePath(.toOne("website"))]
        let contact = try await store.fetch(Contact.show(1), includingPaths: known)
        #expect(contact.contacts.resolved?.map(\.name) == ["Contact 2", "Contact 3"])
        let listed = try await store.fetch(Contact.list(), includingPaths: websites)
        #expect(listed.map(\.id) == [1, 2, 3, 4, 5])
        #expect(listed.first?.website?.resolved?.title == "Site 1")
        // Contact 2 is one record: linked from contact 1, and a member of the list.
        #expect(await store.count == 9, "five contacts and the four websites of contacts 1, 2, 4, 5")

        var contactWatch = await store.watch(Contact.show(1), includingPaths: known).makeAsyncIterator()
        var listWatch = await store.watch(Contact.list(), includingPaths: websites).makeAsyncIterator()
        #expect(await contactWatch.next()?.contacts.resolved?.map(\.name) == ["Contact 2", "Contact 3"])
        #expect(await listWatch.next()?.map(\.name) == listed.map(\.name))

        // The third call: the plain client patches contact 2; the store learns of it from its next read.
        let two = try await client.fetch(Contact.show(2))
        var renamed = two
        renamed.name = "Contact Two"
        _ = try await client.patch(Contact.patch(2), renamed.changes(since: two))
        _ = try await store.fetch(Contact.show(2))
        #expect(await contactWatch.next()?.contacts.resolved?.map(\.name) == ["Contact Two", "Contact 3"])
        #expect(await listWatch.next()?.map(\.name) == ["Contact 1", "Contact Two", "Contact 3", "Contact 4", "Contact 5"])
        // What the server now has is what the store shows, without a request.
        try await server.resetStats()
        #expect(await store.peek(Contact.list(), includingPaths: websites)?[1].name == "Contact Two")
        #expect(await store.peek(Contact.show(1), includingPaths: known)?.contacts.resolved?.first?.name == "Contact Two")
        #expect(try await server.stats().filter { !$0.key.hasPrefix("/_") }.isEmpty, "peek makes no request")
    }
}
