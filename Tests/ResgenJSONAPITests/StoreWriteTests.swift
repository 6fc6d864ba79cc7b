import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenStore
import Testing

/// Writes through `ResourceStore` (issue 51, item 3): applied at once so every watcher sees them, then
/// sent; rolled back exactly on failure, keeping what reads merged meanwhile.
@Suite struct StoreWriteTests {
    static let json = ["Content-Type": JSONAPICodec.mediaType]

    static func store(_ server: ScriptedServer, _ kind: TransportKind) throws -> ResourceStore {
        try ResourceStore(client: Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self))))
    }

    static func person(_ name: String, email: String = "ann@example.com") -> String {
        #"{"data": {"type": "people", "id": "9", "attributes": {"name": "\#(name)", "email": "\#(email)"}}}"#
    }

    /// A patch shows at once; the server's `200` with the same resource yields nothing more; a refused
    /// patch (`422`) shows the old value again and throws.
    @Test(arguments: TransportKind.allCases)
    func aPatchShowsAtOnceAndARefusalRollsItBack(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let store = try Self.store(server, kind)
        try await server.script(["/people/9": .init(headers: Self.json, body: Self.person("Ann"))])
        let ann = try await store.fetch(Person.show(9))
        var watch = await store.watch(Person.self, id: 9).makeAsyncIterator()
        #expect(await watch.next()?.name == "Ann")

        try await server.script(["/people/9": .init(headers: Self.json, body: Self.person("Ann Lee"))])
        var edited = ann
        edited.name = "Ann Lee"
        let saved = try await store.patch(Person.patch(9), edited.changes(since: ann))
        #expect(saved?.name == "Ann Lee")
        #expect(await watch.next()?.name == "Ann Lee", "the optimistic value; the server's equal answer yields nothing more")

        try await server.script(["/people/9": .init(status: 422, headers: Self.json, body: #"{"errors": [{"status": "422", "detail": "name taken"}]}"#)])
        var refused = edited
        refused.name = "Taken"
        await #expect(throws: ClientError.self) { try await store.patch(Person.patch(9), refused.changes(since: edited)) }
        #expect(await watch.next()?.name == "Taken", "shown at once")
        #expect(await watch.next()?.name == "Ann Lee", "then rolled back")
        #expect(await store.peek(Person.self, id: 9)?.name == "Ann Lee")
        #expect(await store.peek(Person.self, id: 9)?.email == "ann@example.com")
    }

    /// A `204` says the server applied the change as sent: it stays.
    @Test(arguments: TransportKind.allCases)
    func aNoContentReplyKeepsTheChange(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let store = try Self.store(server, kind)
        try await server.script(["/people/9": .init(headers: Self.json, body: Self.person("Ann"))])
        let ann = try await store.fetch(Person.show(9))
        try await server.script(["/people/9": .init(status: 204)])
        var edited = ann
        edited.email = nil
        try await store.patch(Person.patch(9), edited.changes(since: ann))
        #expect(await store.peek(Person.self, id: 9)?.email == nil)
        #expect(await store.peek(Person.self, id: 9)?.name == "Ann")
    }

    /// A delete leaves the lists at once; refused, the resource is back in its place.
    @Test(arguments: TransportKind.allCases)
    func aDeleteLeavesTheListAndARefusalPutsItBack(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let store = try Self.store(server, kind)
        let people = [1, 2, 3].map { #"{"type": "people", "id": "\#($0)", "attributes": {"name": "P\#($0)"}}"# }.joined(separator: ", ")
        try await server.script(["/people": .init(headers: Self.json, body: #"{"data": [\#(people)]}"#), "/people/2": .init(status: 409, headers: Self.json, body: #"{"errors": [{"status": "409"}]}"#)])
        _ = try await store.fetch(Person.list())
        var list = await store.watch(Person.list()).makeAsyncIterator()
        #expect(await list.next()?.map(\.id) == [1, 2, 3])
        await #expect(throws: ClientError.self) { try await store.delete(Person.delete(2), id: 2) }
        #expect(await list.next()?.map(\.id) == [1, 3], "gone at once")
        #expect(await list.next()?.map(\.id) == [1, 2, 3], "back in its place")
        try await server.script(["/people/2": .init(status: 204)])
        try await store.delete(Person.delete(2), id: 2)
        #expect(await list.next()?.map(\.id) == [1, 3])
        #expect(await store.peek(Person.self, id: 2) == nil)
        #expect(await store.peek(Person.list())?.map(\.id) == [1, 3])
    }

    /// A read that merges the resource while a patch is in flight is kept when the patch is rolled back:
    /// the rollback removes the local change, not what the server said meanwhile.
    @Test func aRollbackKeepsWhatAReadMergedMeanwhile() async throws {
        let transport = GatedTransport(get: Self.person("Ann"))
        let store = try ResourceStore(client: Client(api: Press.self, baseURL: URL(string: "https://press.example")!, transport: transport, configuration: .init(codec: JSONAPICodec(api: Press.self))))
        let ann = try await store.fetch(Person.show(9))
        var edited = ann
        edited.name = "Ann Lee"
        let patch = Task { try await store.patch(Person.patch(9), edited.changes(since: ann)) }
        await transport.waitForPatch()
        #expect(await store.peek(Person.self, id: 9)?.name == "Ann Lee", "optimistic")
        transport.getBody = Self.person("Ann", email: "new@example.com")
        _ = try await store.fetch(Person.show(9))
        #expect(await store.peek(Person.self, id: 9)?.email == "new@example.com")
        #expect(await store.peek(Person.self, id: 9)?.name == "Ann Lee", "the pending change still shows over the new read")
        transport.refusePatch()
        await #expect(throws: ClientError.self) { _ = try await patch.value }
        #expect(await store.peek(Person.self, id: 9)?.name == "Ann", "rolled back")
        #expect(await store.peek(Person.self, id: 9)?.email == "new@example.com", "the read made meanwhile is kept")
    }

    /// The pending change is encoded as the client encodes the request (the API's date format), so a
    /// resource with a changed `Date` still decodes while the write is in flight.
    @Test func aPendingDateChangeIsInTheAPIsFormat() async throws {
        let article = #"{"data": {"type": "articles", "id": "1", "attributes": {"title": "One", "body": "B", "published-at": "2026-01-02T09:00:00Z"}, "relationships": {"author": {"data": {"type": "people", "id": "9"}}}}}"#
        let transport = GatedTransport(get: article)
        let store = try ResourceStore(client: Client(api: Press.self, baseURL: URL(string: "https://press.example")!, transport: transport, configuration: .init(codec: JSONAPICodec(api: Press.self))))
        let one = try await store.fetch(Article.show(1))
        var edited = one
        edited.publishedAt = one.publishedAt.addingTimeInterval(86_400)
        let changes = edited.changes(since: one)
        let patch = Task { _ = try await store.patch(Article.patch(1), changes) }
        await transport.waitForPatch()
        #expect(await store.peek(Article.self, id: 1)?.publishedAt == edited.publishedAt, "optimistic, and decodable")
        transport.refusePatch()
        await #expect(throws: ClientError.self) { _ = try await patch.value }
        #expect(await store.peek(Article.self, id: 1)?.publishedAt == one.publishedAt)
    }
}

/// A transport that answers `GET` with a settable body and holds a `PATCH` until the test refuses it.
final class GatedTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var body: String
    private var patchArrived: CheckedContinuation<Void, Never>?
    private var arrived = false
    private var release: CheckedContinuation<Void, Never>?

    init(get body: String) { self.body = body }

    var getBody: String {
        get { lock.withLock { body } }
        set { lock.withLock { body = newValue } }
    }

    /// Returns once a `PATCH` is waiting.
    func waitForPatch() async {
        await withCheckedContinuation { continuation in
            let ready = lock.withLock { () -> Bool in
                if arrived { return true }
                patchArrived = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Answers the waiting `PATCH` with `422`.
    func refusePatch() {
        lock.withLock { release }?.resume()
    }

    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        var response = HTTPResponse(status: .ok)
        response.headerFields[.contentType] = JSONAPICodec.mediaType
        guard request.method == .patch else { return (response, Data(getBody.utf8)) }
        await withCheckedContinuation { continuation in
            let waiting = lock.withLock { () -> CheckedContinuation<Void, Never>? in
                arrived = true
                release = continuation
                defer { patchArrived = nil }
                return patchArrived
            }
            waiting?.resume()
        }
        response.status = .unprocessableContent
        return (response, Data(#"{"errors": [{"status": "422"}]}"#.utf8))
    }
}
