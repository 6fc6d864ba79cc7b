import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenStore
import Testing

/// A transport that fails as a lost connection does while ``isOnline`` is false, and forwards to
/// `wrapped` otherwise.
final class SwitchableTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var online = true
    private let wrapped: any Transport

    init(_ wrapped: any Transport) { self.wrapped = wrapped }

    var isOnline: Bool {
        get { lock.withLock { online } }
        set { lock.withLock { online = newValue } }
    }

    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        guard isOnline else {
            throw TransportError(code: .cannotConnect, method: request.method, url: request.url, underlying: URLError(.cannotConnectToHost))
        }
        return try await wrapped.send(request, body: body)
    }
}

/// Issue 51, item 5: creates made offline and the writes naming them (by the stand-in id the store
/// gave them) replay as one JSON:API atomic request where the server accepts the extension: the
/// creates as `add` with their `lid`, the rest naming them by `lid`, all or nothing. Against the real
/// fastapi-jsonapi server, in its serialized suite (one server, reset before each test).
extension FastAPIServerTests {
    @Test(arguments: TransportKind.allCases)
    func storeReplaysCreatesAndTheWritesNamingThemInOneAtomicRequest(kind: TransportKind) async throws {
        let server = try await Self.server()
        let network = SwitchableTransport(kind.make())
        let client = Client(api: Library.self, baseURL: server.baseURL, transport: network, configuration: .init(codec: JSONAPICodec(api: Library.self)))
        let store = try ResourceStore(client: client)
        await store.setAtomicOperations(path: "/operations")
        _ = try await store.fetch(Book.list())

        network.isOnline = false
        let authorLID = LocalID()
        let author = try #require(try await store.create(Author.create(), Author.New(name: "Iain M. Banks", password: "culture"), lid: authorLID))
        let bookLID = LocalID()
        let book = try #require(try await store.create(
            Book.create(), Book.New(title: "Consider Phlebas", published: day("1987-04-23"), author: ToOne(id: author.id)), lid: bookLID))
        try await store.replace(\Book.genres, of: book, with: [2, 3])
        var edited = book
        edited.subtitle = "Culture 1"
        try await store.patch(Book.patch(book.id), edited.changes(since: book))
        #expect(await store.pendingWrites.map(\.method) == ["POST", "POST", "PATCH", "PATCH"])
        #expect(await store.peek(Book.list())?.last?.subtitle == "Culture 1", "shown at once, at the end of the list")

        network.isOnline = true
        try await server.reset()  // the log: only what the replay sends
        await store.sync()
        #expect(await store.pendingWrites.isEmpty)
        #expect(try await server.requests().map { "\($0.method) \($0.path) \($0.status)" } == ["POST /operations 200"])

        let created = try #require(await store.peek(Book.self, lid: bookLID))
        let newAuthor = try #require(await store.peek(Author.self, lid: authorLID))
        #expect(created.id > 0 && newAuthor.id > 0, "the server's ids in place of the stand-ins")
        #expect(created.author?.id == newAuthor.id)
        #expect(created.subtitle == "Culture 1")
        let onServer = try await client.fetch(Book.show(created.id), including: .full)
        #expect(onServer.author?.resolved?.name == "Iain M. Banks", "linked by lid")
        #expect(onServer.genres.ids == [2, 3])
        #expect(onServer.subtitle == "Culture 1")
        #expect(await store.peek(Book.list())?.map(\.id).last == created.id)
    }

    /// A refused atomic replay changes nothing on the server; the operation it names waits for the app,
    /// and what names it waits too.
    @Test(arguments: TransportKind.allCases)
    func aRefusedAtomicReplayWaitsForTheApp(kind: TransportKind) async throws {
        let server = try await Self.server()
        let network = SwitchableTransport(kind.make())
        let client = Client(api: Library.self, baseURL: server.baseURL, transport: network, configuration: .init(codec: JSONAPICodec(api: Library.self)))
        let store = try ResourceStore(client: client)
        await store.setAtomicOperations(path: "/operations")
        network.isOnline = false
        let author = try #require(try await store.create(Author.create(), Author.New(name: "Iain M. Banks"), lid: LocalID()))
        try await store.create(Book.create(), Book.New(title: " ", published: day("1987-04-23"), author: ToOne(id: author.id)), lid: LocalID())
        network.isOnline = true
        await store.sync()
        let pending = await store.pendingWrites
        #expect(pending.count == 2)
        #expect(pending.compactMap(\.refusalStatus) == [422], "the blank title's create is refused; the author's waits with it")
        #expect(pending.first(where: { $0.refusal != nil })?.resource.type == "books")
        #expect(try await client.fetch(Author.list()).count == 2, "all or nothing: no author was made")
    }
}
