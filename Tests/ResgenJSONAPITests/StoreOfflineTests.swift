import Foundation
import HTTPTypes
import ResgenRuntime
@_spi(Testing) import ResgenStore
import Testing

/// Creates with a local identity, the list rule, and the write queue (issue 51, items 3 and 5): writes
/// that find no connection stay applied and queued, replay in order, follow the ids the server
/// assigns, wait for the app when refused, and survive a restart.
@Suite struct StoreOfflineTests {
    static func store(_ server: OfflinePressServer, file: URL? = nil) throws -> ResourceStore {
        let client = Client(api: Press.self, baseURL: URL(string: "https://press.example/")!, transport: server, configuration: .init(codec: JSONAPICodec(api: Press.self)))
        return try ResourceStore(client: client, file: file)
    }

    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("store-offline-\(UUID().uuidString).sqlite")
    }

    /// Offline, a create shows at once at the end of the list read from its path, under a stand-in id;
    /// after the replay the server's id takes its place, in the list and for the watcher by `lid`.
    @Test func aCreateShowsAtOnceAndKeepsItsPlaceWhenTheServerAssignsTheID() async throws {
        let server = OfflinePressServer(people: ["Ann", "Bo"])
        let store = try Self.store(server)
        _ = try await store.fetch(Person.list())
        var list = await store.watch(Person.list()).makeAsyncIterator()
        #expect(await list.next()?.map(\.name) == ["Ann", "Bo"])

        server.isOnline = false
        let lid = LocalID()
        var byLID = await store.watch(Person.self, lid: lid).makeAsyncIterator()
        let local = try #require(try await store.create(Person.create(), Person.New(name: "Cy"), lid: lid))
        #expect(local.id < 0, "a stand-in no server writes")
        #expect(await byLID.next()?.name == "Cy")
        #expect(await list.next()?.map(\.name) == ["Ann", "Bo", "Cy"], "appended to the list read from the create's path")
        #expect(await store.pendingWrites.map(\.method) == ["POST"])

        server.isOnline = true
        await store.sync()
        #expect(await byLID.next()?.id == 3, "the watcher by lid goes on with the server's resource")
        #expect(await list.next()?.map(\.id) == [1, 2, 3], "the server's id where the stand-in stood")
        #expect(await store.pendingWrites.isEmpty)
        #expect(await store.peek(Person.self, lid: lid)?.id == 3)
        #expect(server.storedPeople[3]?.name == "Cy")
    }

    /// The id the server gave a create is kept in the store file with its answer: a process restarted on
    /// the file finds the resource by its `lid`, offline, as the one that created it did.
    @Test func aProcessRestartedOnTheFileFindsASettledCreateByItsLID() async throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let server = OfflinePressServer(people: ["Ann", "Bo"])
        let lid = LocalID()
        do {
            let store = try Self.store(server, file: file)
            let created = try await store.create(Person.create(), Person.New(name: "Cy"), lid: lid)
            #expect(created?.id == 3)
        }
        server.isOnline = false
        let restarted = try Self.store(server, file: file)
        #expect(await restarted.peek(Person.self, lid: lid)?.name == "Cy")
        var byLID = await restarted.watch(Person.self, lid: lid).makeAsyncIterator()
        #expect(await byLID.next()?.id == 3)
        await restarted.evictAll()
        #expect(await restarted.peek(Person.self, lid: lid) == nil, "sign-out forgets it too")
    }

    /// A bundle the server applied as one atomic request is settled in the store file as one: at the
    /// moment the first write of it counts as settled, a process opening the file finds none of the
    /// bundle left to send (before, it found the rest queued, and would have sent it a second time).
    @Test func anAtomicBundleIsSettledInTheFileAsOne() async throws {
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let server = OfflinePressServer(people: ["Ann"])
        let store = try Self.store(server, file: file)
        await store.setAtomicOperations(path: "/operations")
        server.isOnline = false
        let lid = LocalID()
        let local = try #require(try await store.create(Person.create(), Person.New(name: "Cy"), lid: lid))
        var edited = local
        edited.email = "cy@example.org"
        try await store.patch(Person.patch(local.id), edited.changes(since: local))
        let bundle = await store.pendingWrites.map(\.id)
        #expect(bundle.count == 2)

        // What a process opening the file right after the first write settled finds queued.
        final class Seen: @unchecked Sendable {
            // @unchecked: `value` is only touched under `lock`.
            private let lock = NSLock()
            private var pending: [Int]?
            var value: [Int]? {
                get { lock.withLock { pending } }
                set { lock.withLock { pending = newValue } }
            }
        }
        let seen = Seen()
        await store.setReplayHook { step, write in
            guard step == .afterSettle, write == bundle[0], seen.value == nil else { return }
            let other = try? Self.store(OfflinePressServer(), file: file)
            seen.value = await other?.pendingWrites.map(\.id)
        }
        server.isOnline = true
        await store.sync()
        #expect(server.requests == ["POST /operations"])
        #expect(seen.value == [], "the whole bundle settled in one transaction")
        #expect(await store.peek(Person.self, lid: lid)?.email == "cy@example.org")
        #expect(server.storedPeople[2] == .init(name: "Cy", email: "cy@example.org"))
    }

    /// A refused create leaves the list again and is thrown; a list read with a query is not touched.
    @Test func aRefusedCreateLeavesTheList() async throws {
        let server = OfflinePressServer(people: ["Ann"])
        let store = try Self.store(server)
        _ = try await store.fetch(Person.list())
        server.refuse("POST /people", status: 422)
        await #expect(throws: ClientError.self) { try await store.create(Person.create(), Person.New(name: "")) }
        #expect(await store.peek(Person.list())?.map(\.name) == ["Ann"])
        #expect(await store.pendingWrites.isEmpty)
    }

    /// Writes made offline replay in order; a comment linking to a person created offline, and a patch of
    /// that person, reach the server with the id it assigned.
    @Test func queuedWritesFollowTheAssignedID() async throws {
        let server = OfflinePressServer(people: ["Ann", "Bo"])
        let store = try Self.store(server)
        server.isOnline = false
        let cy = try #require(try await store.create(Person.create(), Person.New(name: "Cy")))
        try await store.create(Comment.create(), Comment.New(body: "First", author: ToOne(id: cy.id), article: ToOne(id: 1)))
        var renamed = cy
        renamed.name = "Cy Young"
        try await store.patch(Person.patch(cy.id), renamed.changes(since: cy))
        #expect(await store.peek(Person.self, id: cy.id)?.name == "Cy Young")
        #expect(await store.pendingWrites.count == 3)
        #expect(server.requests.isEmpty)

        server.isOnline = true
        await store.sync()
        #expect(server.requests == ["POST /people", "POST /comments", "PATCH /people/3"])
        #expect(server.storedPeople[3] == .init(name: "Cy Young", email: nil))
        #expect(server.storedComments[4] == .init(body: "First", author: "3", article: "1"))
        #expect(await store.peek(Person.self, id: 3)?.name == "Cy Young")
        #expect(await store.peek(Person.self, id: cy.id) == nil, "the stand-in is gone")
        #expect(await store.pendingWrites.isEmpty)
    }

    /// A write refused on replay stops its resource's part of the queue (the later write of the same
    /// person waits) while other resources go on; the app takes the server's version, and the rest goes.
    @Test func aWriteRefusedOnReplayWaitsForTheApp() async throws {
        let server = OfflinePressServer(people: ["Ann", "Bo"])
        let store = try Self.store(server)
        let ann = try await store.fetch(Person.show(1))
        let bo = try await store.fetch(Person.show(2))
        server.isOnline = false
        var first = ann
        first.name = "Ann A"
        try await store.patch(Person.patch(1), first.changes(since: ann))
        var second = first
        second.email = "ann@example.com"
        try await store.patch(Person.patch(1), second.changes(since: first))
        var other = bo
        other.name = "Bo B"
        try await store.patch(Person.patch(2), other.changes(since: bo))

        server.isOnline = true
        server.refuse("PATCH /people/1", status: 409)
        await store.sync()
        #expect(server.storedPeople[2]?.name == "Bo B", "another resource's write went")
        let pending = await store.pendingWrites
        #expect(pending.map(\.path) == ["/people/1", "/people/1"])
        #expect(pending.first?.refusalStatus == 409)
        #expect(pending.last?.refusal == nil, "the later write of the same person waits, unsent")
        #expect(server.requests.filter { $0 == "PATCH /people/1" }.count == 1)
        #expect(await store.peek(Person.self, id: 1)?.name == "Ann A", "still shown until the app decides")

        server.accept("PATCH /people/1")
        try await store.takeServerVersion(try #require(pending.first?.id))
        #expect(await store.peek(Person.self, id: 1)?.name == "Ann", "the server's name; the waiting email change still shows")
        #expect(await store.peek(Person.self, id: 1)?.email == "ann@example.com")
        await store.sync()
        #expect(await store.pendingWrites.isEmpty)
        #expect(server.storedPeople[1] == .init(name: "Ann", email: "ann@example.com"))
    }

    /// A delete replayed after someone else deleted the resource (`404`) is settled, not refused.
    @Test func aDeleteOfWhatIsAlreadyGoneIsSettled() async throws {
        let server = OfflinePressServer(people: ["Ann", "Bo"])
        let store = try Self.store(server)
        _ = try await store.fetch(Person.list())
        server.isOnline = false
        try await store.delete(Person.delete(2), id: 2)
        #expect(await store.peek(Person.list())?.map(\.name) == ["Ann"])
        server.removePerson(2)
        server.isOnline = true
        await store.sync()
        #expect(await store.pendingWrites.isEmpty)
        #expect(await store.peek(Person.self, id: 2) == nil)
    }

    /// A read that succeeds replays what waited for a connection, without a `sync()`.
    @Test func aLaterSuccessfulReadReplaysTheQueue() async throws {
        let server = OfflinePressServer(people: ["Ann"])
        let store = try Self.store(server)
        let ann = try await store.fetch(Person.show(1))
        server.isOnline = false
        var edited = ann
        edited.name = "Ann B"
        try await store.patch(Person.patch(1), edited.changes(since: ann))
        server.isOnline = true
        _ = try await store.fetch(Person.list())
        await server.waitFor("PATCH /people/1")
        #expect(server.storedPeople[1]?.name == "Ann B")
    }

    /// The queue is in the store file: a new process on it shows the queued changes before any request
    /// and replays them; once settled, a third process finds nothing queued.
    @Test func queuedWritesSurviveARestart() async throws {
        let file = Self.temporaryFile()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) } }
        let server = OfflinePressServer(people: ["Ann"])
        do {
            let store = try Self.store(server, file: file)
            let ann = try await store.fetch(Person.show(1))
            _ = try await store.fetch(Person.list())
            server.isOnline = false
            var edited = ann
            edited.name = "Ann B"
            try await store.patch(Person.patch(1), edited.changes(since: ann))
            try await store.create(Person.create(), Person.New(name: "Cy"))
        }
        do {
            let store = try Self.store(server, file: file)
            #expect(await store.peek(Person.self, id: 1)?.name == "Ann B", "before any request")
            #expect(await store.peek(Person.list())?.map(\.name) == ["Ann B", "Cy"])
            #expect(await store.pendingWrites.map(\.method) == ["PATCH", "POST"])
            server.isOnline = true
            await store.sync()
            #expect(await store.pendingWrites.isEmpty)
        }
        let store = try Self.store(server, file: file)
        #expect(await store.pendingWrites.isEmpty)
        #expect(await store.peek(Person.list())?.map(\.name) == ["Ann B", "Cy"])
        #expect(server.storedPeople == [1: .init(name: "Ann B", email: nil), 2: .init(name: "Cy", email: nil)])
    }
}
