import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenStore
import Testing

/// `ResourceStore` (issue 51, first increment): one record per resource merged from every read,
/// `peek` without a request, and watchers that see every change to their graph once, over both
/// transports against the scripted server, plus a property test of merges against a reference model.
@Suite struct StoreTests {
    static let json = ["Content-Type": JSONAPICodec.mediaType]

    static func article(_ id: Int, title: String, author: Int, extra: String = "") -> String {
        #"{"type": "articles", "id": "\#(id)", "attributes": {"title": "\#(title)", "body": "B", "published-at": "2026-01-02T09:00:00Z"\#(extra)}, "relationships": {"author": {"data": {"type": "people", "id": "\#(author)"}}}}"#
    }

    static func person(_ id: Int, name: String, email: String? = "x@example.com") -> String {
        let mail = email.map { #", "email": "\#($0)""# } ?? ""
        return #"{"type": "people", "id": "\#(id)", "attributes": {"name": "\#(name)"\#(mail)}}"#
    }

    static func store(_ server: ScriptedServer, _ kind: TransportKind) throws -> ResourceStore {
        try ResourceStore(client: Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self))))
    }

    /// The article read on one screen and the author included with another read are one record: a
    /// later read of the author changes the article's resolved author, and `peek` answers without a
    /// request.
    @Test(arguments: TransportKind.allCases)
    func oneRecordPerResourceWhereverItWasRead(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let store = try Self.store(server, kind)
        try await server.script([
            "/articles/1": .init(headers: Self.json, body: #"{"data": \#(Self.article(1, title: "One", author: 9)), "included": [\#(Self.person(9, name: "Ann"))]}"#),
            "/people/9": .init(headers: Self.json, body: #"{"data": \#(Self.person(9, name: "Ann Lee"))}"#),
        ])
        let article = try await store.fetch(Article.show(1), including: .author)
        #expect(article.author.resolved?.name == "Ann")
        _ = try await store.fetch(Person.show(9))
        let requests = try await server.log(under: "/").count
        let peeked = await store.peek(Article.self, id: 1, including: .author)
        #expect(peeked?.author.resolved?.name == "Ann Lee", "the author read later is the same record")
        #expect(peeked?.title == "One")
        #expect(try await server.log(under: "/").count == requests, "peek makes no request")
        #expect(await store.peek(Article.self, id: 2) == nil)
        #expect(await store.count == 2)
    }

    /// A field a response did not carry keeps its stored value; an explicit `null` clears it.
    @Test(arguments: TransportKind.allCases)
    func absentIsNotNull(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let store = try Self.store(server, kind)
        try await server.script(["/people/9": .init(headers: Self.json, body: #"{"data": \#(Self.person(9, name: "Ann", email: "ann@example.com"))}"#)])
        _ = try await store.fetch(Person.show(9))
        // A sparse answer: only the name.
        try await server.script(["/people/9": .init(headers: Self.json, body: #"{"data": {"type": "people", "id": "9", "attributes": {"name": "Ann B"}}}"#)])
        _ = try await store.fetch(Person.show(9))
        #expect(await store.peek(Person.self, id: 9)?.email == "ann@example.com", "absent: kept")
        #expect(await store.peek(Person.self, id: 9)?.name == "Ann B")
        try await server.script(["/people/9": .init(headers: Self.json, body: #"{"data": {"type": "people", "id": "9", "attributes": {"email": null}}}"#)])
        _ = try await store.fetch(Person.show(9))
        #expect(await store.peek(Person.self, id: 9)?.email == nil, "null: cleared")
        #expect(await store.peek(Person.self, id: 9)?.name == "Ann B")
    }

    /// Two watchers over overlapping graphs (an article with its author; the author's list) both see a
    /// change of the author made by a third read; a read that changes nothing yields nothing; a list
    /// watcher sees a new member.
    @Test(arguments: TransportKind.allCases)
    func watchersSeeEveryChangeToTheirGraphOnce(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let store = try Self.store(server, kind)
        try await server.script([
            "/articles/1": .init(headers: Self.json, body: #"{"data": \#(Self.article(1, title: "One", author: 9)), "included": [\#(Self.person(9, name: "Ann"))]}"#),
            "/articles": .init(headers: Self.json, body: #"{"data": [\#(Self.article(1, title: "One", author: 9))], "included": [\#(Self.person(9, name: "Ann"))]}"#),
        ])
        _ = try await store.fetch(Article.show(1), including: .author)
        _ = try await store.fetch(Article.list(), including: .author)

        let article = await store.watch(Article.self, id: 1, including: .author)
        let list = await store.watch(Article.list(), including: .author)
        var articles = article.makeAsyncIterator()
        var lists = list.makeAsyncIterator()
        #expect(await articles.next()?.author.resolved?.name == "Ann", "the stored value at once")
        #expect(await lists.next()?.map(\.title) == ["One"])

        // The same document again changes nothing: no value. Then the author changes.
        _ = try await store.fetch(Article.show(1), including: .author)
        try await server.script(["/people/9": .init(headers: Self.json, body: #"{"data": \#(Self.person(9, name: "Ann Lee"))}"#)])
        _ = try await store.fetch(Person.show(9))
        #expect(await articles.next()?.author.resolved?.name == "Ann Lee", "the next value is the change, not a repeat")
        #expect(await lists.next()?.first?.author.resolved?.name == "Ann Lee")

        try await server.script([
            "/articles": .init(headers: Self.json, body: #"{"data": [\#(Self.article(1, title: "One", author: 9)), \#(Self.article(2, title: "Two", author: 9))]}"#)
        ])
        _ = try await store.fetch(Article.list(), including: .author)
        #expect(await lists.next()?.map(\.title) == ["One", "Two"])
        #expect(await store.watcherCount == 2)
    }

    /// A watcher of a resource the store does not hold yet yields once a read brings it; cancelling the
    /// task that iterates it, or releasing the sequence, unregisters it.
    @Test func aWatcherWaitsForTheFirstReadAndEndsWithItsTask() async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let store = try Self.store(server, .urlSession)
        try await server.script(["/people/9": .init(headers: Self.json, body: #"{"data": \#(Self.person(9, name: "Ann"))}"#)])
        let first = Task { () -> String? in
            for await person in await store.watch(Person.self, id: 9) { return person.name }
            return nil
        }
        try #require(await Self.eventually { await store.watcherCount == 1 }, "the task registered its watch")
        _ = try await store.fetch(Person.show(9))
        #expect(await first.value == "Ann")
        let waiting = Task { for await _ in await store.watch(Person.self, id: 10) {} }
        #expect(await Self.eventually { await store.watcherCount == 1 }, "the first watch went with its sequence; the second is there")
        waiting.cancel()
        await waiting.value
        #expect(await Self.eventually { await store.watcherCount == 0 })
    }

    /// Whether `condition` holds within a bounded number of scheduler turns (no clock: a loaded machine
    /// only makes it take longer).
    static func eventually(_ condition: () async -> Bool) async -> Bool {
        for _ in 0..<100_000 {
            if await condition() { return true }
            await Task.yield()
        }
        return await condition()
    }

    /// A fetch answers what the store holds, also where that is not what the response alone decodes to
    /// (the store decodes a fetched value from the response's own parse only when the two agree): an
    /// author the store holds but the response did not include is resolved; a resource the response
    /// carries twice is the merge of both; an include the store changed since is the store's. Compact
    /// documents, as servers send them (their records are copied as written).
    @Test func aFetchAnswersWhatTheStoreHolds() async throws {
        let transport = ScriptTransport()
        let store = try ResourceStore(client: Client(api: Press.self, baseURL: URL(string: "https://press.example")!, transport: transport, configuration: .init(codec: JSONAPICodec(api: Press.self))))
        func compact(_ text: String) -> String { text.replacingOccurrences(of: ": ", with: ":").replacingOccurrences(of: ", ", with: ",") }
        transport.body = compact(#"{"data": \#(Self.person(9, name: "Ann"))}"#)
        _ = try await store.fetch(Person.show(9))

        // The author is not in the response: the store's is.
        transport.body = compact(#"{"data": [\#(Self.article(1, title: "One", author: 9))]}"#)
        let list = try await store.fetch(Article.list(), including: .author)
        #expect(list.first?.author.resolved?.name == "Ann")
        transport.body = compact(#"{"data": \#(Self.article(1, title: "One", author: 9))}"#)
        let one = try await store.fetch(Article.show(1), including: .author)
        #expect(one.author.resolved?.name == "Ann")
        #expect(await store.peek(Article.self, id: 1, including: .author) == one)

        // The same resource twice, differently: the store merged them (the later title wins).
        transport.body = compact(#"{"data": [\#(Self.article(2, title: "Early", author: 9))], "included": [\#(Self.person(9, name: "Ann")), \#(Self.article(2, title: "Late", author: 9))]}"#)
        let twice = try await store.fetch(Article.list(), including: .author)
        #expect(twice.map(\.title) == ["Late"])
        #expect(await store.peek(Article.self, id: 2, including: .author) == twice.first)

        // Everything as the response sent it, and nothing else reachable: the response's value.
        transport.body = compact(#"{"data": [\#(Self.article(3, title: "Three", author: 10))], "included": [\#(Self.person(10, name: "Bo"))]}"#)
        let plain = try await store.fetch(Article.list(), including: .author)
        #expect(plain.first?.author.resolved?.name == "Bo")
        #expect(await store.peek(Article.self, id: 3, including: .author) == plain.first)
    }

    /// A number too large for an integer as a resource's `id` is refused as the client refuses it, not
    /// a trap while the store names the resource.
    @Test func aHugeNumericIDIsNoCrash() async throws {
        let transport = ScriptTransport()
        transport.body = #"{"data": [{"type": "people", "id": 1e300, "attributes": {"name": "A"}}, {"type": "people", "id": 7, "attributes": {"name": "B"}}]}"#
        let store = try ResourceStore(client: Client(api: Press.self, baseURL: URL(string: "https://press.example")!, transport: transport, configuration: .init(codec: JSONAPICodec(api: Press.self))))
        await #expect(throws: (any Error).self) { _ = try await store.fetch(Person.list()) }
        #expect(await store.count == 2, "both were merged under their identities")
    }

    /// Random sequences of reads (whole and sparse resources, nulls, relationship changes) merged into
    /// the store, against a reference model of the absent-is-not-null rule: after every step, each
    /// watcher's last value and `peek` equal the reference.
    @Test func randomMergesMatchTheReferenceModel() async throws {
        var generator = SplitMix64(seed: 49_51)
        for _ in 0..<200 {
            try await Self.runOneSequence(&generator)
        }
    }

    /// A reference person: what the absent-is-not-null rule says the store holds.
    struct ReferencePerson: Equatable {
        var name: String
        var email: String?
        var twitter: String?
    }

    static func runOneSequence(_ generator: inout SplitMix64) async throws {
        let transport = ScriptTransport()
        let client = Client(api: Press.self, baseURL: URL(string: "https://press.example")!, transport: transport, configuration: .init(codec: JSONAPICodec(api: Press.self)))
        let store = try ResourceStore(client: client)
        var reference: [Int: ReferencePerson] = [:]
        let ids = [1, 2, 3]
        var watches: [Int: ResourceWatch<Person>.AsyncIterator] = [:]
        var lastSeen: [Int: ReferencePerson] = [:]
        for _ in 0..<12 {
            let id = ids[Int(generator.next() % 3)]
            var attributes: [String] = []
            var next = reference[id]
            let full = next == nil || generator.next() % 3 == 0
            // The name is required by the model, so a first read always carries it.
            if full || generator.next() % 2 == 0 {
                let name = "n\(generator.next() % 4)"
                attributes.append(#""name": "\#(name)""#)
                next = ReferencePerson(name: name, email: next?.email, twitter: next?.twitter)
            }
            for (key, path) in [("email", \ReferencePerson.email), ("twitter-handle", \ReferencePerson.twitter)] where full || generator.next() % 2 == 0 {
                let value: String? = generator.next() % 3 == 0 ? nil : "v\(generator.next() % 3)"
                attributes.append(#""\#(key)": \#(value.map { #""\#($0)""# } ?? "null")"#)
                next?[keyPath: path] = value
            }
            transport.body = #"{"data": {"type": "people", "id": "\#(id)", "attributes": {\#(attributes.joined(separator: ", "))}}}"#
            _ = try await store.fetch(Person.show(id))
            let changed = next != reference[id]
            reference[id] = next
            if watches[id] == nil, generator.next() % 2 == 0 {
                watches[id] = await store.watch(Person.self, id: id).makeAsyncIterator()
                let value = await watches[id]?.next()
                lastSeen[id] = value.map { ReferencePerson(name: $0.name, email: $0.email, twitter: $0.twitter) }
                #expect(lastSeen[id] == reference[id])
            } else if changed, watches[id] != nil {
                let value = await watches[id]?.next()
                lastSeen[id] = value.map { ReferencePerson(name: $0.name, email: $0.email, twitter: $0.twitter) }
                #expect(lastSeen[id] == reference[id], "a watcher's value after a change is the reference's")
            }
            for id in ids {
                let peeked = await store.peek(Person.self, id: id).map { ReferencePerson(name: $0.name, email: $0.email, twitter: $0.twitter) }
                #expect(peeked == reference[id])
            }
        }
    }
}

/// A transport answering every request with one settable JSON:API body.
final class ScriptTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var current = ""
    private var control: String?
    var body: String {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
    /// The `Cache-Control` of every answer, when set.
    var cacheControl: String? {
        get { lock.withLock { control } }
        set { lock.withLock { control = newValue } }
    }

    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        var response = HTTPResponse(status: .ok)
        response.headerFields[.contentType] = JSONAPICodec.mediaType
        if let cacheControl { response.headerFields[.cacheControl] = cacheControl }
        return (response, Data(self.body.utf8))
    }
}

/// A small deterministic generator (SplitMix64), so a failing sequence can be replayed.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
