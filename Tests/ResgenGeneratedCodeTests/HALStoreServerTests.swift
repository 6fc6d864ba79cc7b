import Foundation
import HTTPTypes
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

    /// Writes made while the server is down (a patch, a delete, a create) show at once and stay queued
    /// in the store file; a process restarted on that file while the server is still down shows them;
    /// when the server is back (same port, same data file) a sync replays them in order, and the
    /// server's data, read with a plain client, is the store's.
    @Test(arguments: TransportKind.allCases)
    func writesMadeWhileTheServerIsDownReplayWhenItIsBack(kind: TransportKind) async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("hal-store-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("store.sqlite")
        let serverData = data.appendingPathComponent("server.json")
        // Four contacts: one page of the list holds them all, and the one created after them.
        let server = try await HALServer.start(data: serverData, arguments: ["--contacts", "4"])
        let (port, baseURL) = (server.port, server.baseURL)
        func makeStore() throws -> ResourceStore {
            try ResourceStore(client: Client(api: Contacts.self, baseURL: baseURL, transport: kind.make()), file: file)
        }
        let expected = ["Contact One", "Contact 2", "Contact 3", "Contact New"]
        let lid = LocalID()
        do {
            let store = try makeStore()
            let one = try await store.fetch(Contact.show(1))
            #expect(try await store.fetch(Contact.list()).map(\.name) == ["Contact 1", "Contact 2", "Contact 3", "Contact 4"])
            await server.stop()

            var renamed = one
            renamed.name = "Contact One"
            let patched = try await store.patch(Contact.patch(1), renamed.changes(since: one))
            #expect(patched?.name == "Contact One", "applied at once, with no answer")
            try await store.delete(Contact.delete(4))
            try await store.create(Contact.create(), Contact(id: 0, name: "Contact New"), lid: lid)
            #expect(await store.pendingWrites.map(\.method) == ["PATCH", "DELETE", "POST"])
            #expect(await store.peek(Contact.list(), includingPaths: [])?.map(\.name) == expected)
        }

        // A new process on the file, the server still down: the queued writes show, and wait.
        let store = try makeStore()
        #expect(await store.peek(Contact.show(1))?.name == "Contact One", "read while the server is down")
        #expect(await store.peek(Contact.show(4)) == nil)
        #expect(await store.peek(Contact.list(), includingPaths: [])?.map(\.name) == expected)
        #expect(await store.peekCreated(Contact.self, lid: lid)?.name == "Contact New")
        #expect(await store.pendingWrites.map(\.method) == ["PATCH", "DELETE", "POST"])

        let restarted = try await HALServer.start(data: serverData, port: port, arguments: ["--contacts", "4"])
        defer { Task { await restarted.stop() } }
        #expect(restarted.port == port)
        // A connection the client pooled to the stopped server may fail the first attempt: that is a
        // lost connection too, and the write stays queued for the next sync.
        for _ in 0..<3 where await !store.pendingWrites.isEmpty { await store.sync() }
        #expect(await store.pendingWrites.isEmpty)

        let client = Client(api: Contacts.self, baseURL: baseURL, transport: kind.make())
        let onServer = try await client.fetch(Contact.list())
        #expect(onServer.map(\.name) == expected)
        #expect(await store.peek(Contact.list(), includingPaths: [])?.map(\.id) == onServer.map(\.id), "the server's data is the store's")
        #expect(await store.peekCreated(Contact.self, lid: lid)?.id == onServer.last?.id, "the lid names the server's contact")
        #expect(try await client.fetch(Contact.show(1)).name == "Contact One")
        // Another process on the file finds the queue empty: nothing is sent twice.
        #expect(try await makeStore().pendingWrites.isEmpty)
    }

    /// A process restarted on the store file answers `peek` and `watch` by path (with include paths)
    /// while the server is down, with the values the first process read, without a request.
    @Test(arguments: TransportKind.allCases)
    func aRestartedProcessReadsTheFileWhileTheServerIsDown(kind: TransportKind) async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("hal-store-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("store.sqlite")
        let server = try await HALServer.start()
        let baseURL = server.baseURL
        let known = [IncludePath(.toMany("contacts"))]
        let websites = [IncludePath(.toOne("website"))]
        let (contact, listed): (Contact, [Contact])
        do {
            let store = try ResourceStore(client: Client(api: Contacts.self, baseURL: baseURL, transport: kind.make()), file: file)
            contact = try await store.fetch(Contact.show(1), includingPaths: known)
            listed = try await store.fetch(Contact.list(), includingPaths: websites)
            #expect(contact.contacts.resolved?.map(\.name) == ["Contact 2", "Contact 3"])
            #expect(listed.first?.website?.resolved?.title == "Site 1")
        }
        await server.stop()

        let requests = RequestCount()
        let client = Client(api: Contacts.self, baseURL: baseURL, transport: kind.make(), middlewares: [requests])
        let store = try ResourceStore(client: client, file: file)
        // Required before the watches are awaited: a watch of what the store does not hold yields nothing.
        #expect(try #require(await store.peek(Contact.show(1), includingPaths: known)) == contact)
        #expect(try #require(await store.peek(Contact.list(), includingPaths: websites)) == listed)
        #expect(await store.peek(Contact.show(2))?.name == "Contact 2", "a contact only linked from the one read")
        var contactWatch = await store.watch(Contact.show(1), includingPaths: known).makeAsyncIterator()
        var listWatch = await store.watch(Contact.list(), includingPaths: websites).makeAsyncIterator()
        #expect(await contactWatch.next() == contact)
        #expect(await listWatch.next() == listed)
        #expect(requests.count == 0, "peek and watch make no request")
    }
}

/// Counts the requests a client sends.
private final class RequestCount: ClientMiddleware, @unchecked Sendable {
    // @unchecked: `sent` is only touched under `lock`.
    private let lock = NSLock()
    private var sent = 0

    var count: Int { lock.withLock { sent } }

    func intercept(
        _ request: HTTPRequest, body: OutgoingBody, context: MiddlewareContext,
        next: @Sendable (HTTPRequest, OutgoingBody) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        lock.withLock { sent += 1 }
        return try await next(request, body)
    }
}
