import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenStore
import Testing

/// Relationship changes through `ResourceStore` (issue 51, item 3): adding, removing and replacing a
/// relationship's members shows at once in every watcher whose graph goes through it, goes to the
/// endpoint the server's document gave, rolls back exactly when refused, and is queued, persisted and
/// replayed like any write when there is no connection.
@Suite struct StoreRelationshipTests {
    static let json = ["Content-Type": JSONAPICodec.mediaType]

    /// Article 1 by person 9, tagged `tags`; its tags relationship at `link` when given.
    static func article(tags: [String], link: String? = nil, withLinkage: Bool = true) -> String {
        let members = tags.map { #"{"type": "tags", "id": "\#($0)"}"# }.joined(separator: ", ")
        var relationship: [String] = []
        if withLinkage { relationship.append(#""data": [\#(members)]"#) }
        if let link { relationship.append(#""links": {"self": "\#(link)"}"#) }
        return #"{"type": "articles", "id": "1", "attributes": {"title": "T", "body": "B", "published-at": "2026-01-02T09:00:00Z"}, "relationships": {"author": {"data": {"type": "people", "id": "9"}}, "tags": {\#(relationship.joined(separator: ", "))}}}"#
    }

    static let included = #"[{"type": "people", "id": "9", "attributes": {"name": "Ann"}}, {"type": "tags", "id": "a", "attributes": {"name": "A"}}, {"type": "tags", "id": "b", "attributes": {"name": "B"}}, {"type": "tags", "id": "c", "attributes": {"name": "C"}}]"#

    /// An add shows at once in a watcher of the article with its tags and goes to the relationship's
    /// `links.self`; a refused remove shows, then rolls back; a `200` answer's linkage is what the store
    /// keeps; a to-one cleared with `nil` leaves the article without its author.
    @Test(arguments: TransportKind.allCases)
    func relationshipChangesShowAtOnceAndSettleAsTheServerAnswers(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let store = try StoreTests.store(server, kind)
        try await server.script([
            "/articles/1": .init(headers: Self.json, body: #"{"data": \#(Self.article(tags: ["a"], link: "/elsewhere/1/tags")), "included": \#(Self.included)}"#),
            "/elsewhere/1/tags": .init(status: 204),
        ])
        let article = try await store.fetch(Article.show(1), including: .full)
        var watch = await store.watch(Article.self, id: 1, including: .full).makeAsyncIterator()
        #expect(await watch.next()?.tags.resolved?.map(\.name) == ["A"])

        let added = try await store.add(["b"], to: \Article.tags, of: article)
        #expect(added?.tags.ids == ["a", "b"])
        #expect(await watch.next()?.tags.resolved?.map(\.name) == ["A", "B"], "shown at once, the tag resolved from the store")
        let sent = try await server.log(under: "/elsewhere")
        #expect(sent.map(\.method) == ["POST"], "to the link the server wrote, not /articles/1/relationships/tags")
        #expect(sent.first?.body?.contains(#""id":"b""#) == true)

        try await server.script(["/elsewhere/1/tags": .init(status: 422, headers: Self.json, body: #"{"errors": [{"status": "422"}]}"#)])
        await #expect(throws: ClientError.self) { try await store.remove(["a"], from: \Article.tags, of: article) }
        #expect(await watch.next()?.tags.ids == ["b"], "shown at once")
        #expect(await watch.next()?.tags.ids == ["a", "b"], "then rolled back")

        try await server.script(["/elsewhere/1/tags": .init(headers: Self.json, body: #"{"data": [{"type": "tags", "id": "c"}, {"type": "tags", "id": "a"}]}"#)])
        try await store.replace(\Article.tags, of: article, with: ["a", "c"])
        #expect(await watch.next()?.tags.ids == ["a", "c"])
        #expect(await watch.next()?.tags.ids == ["c", "a"], "the server's answer is the relationship it has")
        #expect(await store.peek(Article.self, id: 1)?.tags.ids == ["c", "a"])
        #expect(await store.pendingWrites.isEmpty)

        try await server.script(["/articles/1/relationships/author": .init(status: 204)])
        try await store.replace(\Article.author, of: article, with: nil)
        #expect(await store.peek(Article.self, id: 1)?.author.id == nil, "no link for it: the conventional endpoint")
        #expect(try await server.log(under: "/articles/1/relationships").map(\.method) == ["PATCH"])
    }

    /// A relationship the server did not send: the store does not know its members, so an add is sent
    /// (to the conventional path, there being no link) and not shown; a replace is shown.
    @Test func anAddToMembersNeverReadIsSentNotShown() async throws {
        let server = LinkageServer(tags: ["a"], linkage: false)
        let store = try ResourceStore(client: server.client())
        let article = try await store.fetch(Article.show(1))
        #expect(article.tags.ids == nil)
        try await store.add(["b"], to: \Article.tags, of: article)
        #expect(await store.peek(Article.self, id: 1)?.tags.ids == nil)
        #expect(server.requests == ["GET /articles/1", "POST /articles/1/relationships/tags"])
        #expect(server.tags == ["a", "b"])
        try await store.replace(\Article.tags, of: article, with: ["c"])
        #expect(await store.peek(Article.self, id: 1)?.tags.ids == ["c"])
    }

    /// With no connection, relationship writes stay applied and queued in the store file; a new process
    /// on the file shows them before any request, and they replay in order when the server answers.
    @Test func relationshipWritesQueuedOfflineSurviveARestartAndReplay() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("store-relationships-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        let server = LinkageServer(tags: ["a"])
        do {
            let store = try ResourceStore(client: server.client(), file: file)
            let article = try await store.fetch(Article.show(1))
            server.isOnline = false
            try await store.add(["b", "c"], to: \Article.tags, of: article)
            try await store.remove(["a"], from: \Article.tags, of: article)
            #expect(await store.peek(Article.self, id: 1)?.tags.ids == ["b", "c"])
            #expect(await store.pendingWrites.map(\.method) == ["POST", "DELETE"])
            #expect(await store.pendingWrites.first?.path == "https://press.example/tagging/1")
        }
        let reopened = try ResourceStore(client: server.client(), file: file)
        #expect(await reopened.peek(Article.self, id: 1)?.tags.ids == ["b", "c"], "read from the file, before any request")
        server.isOnline = true
        await reopened.sync()
        #expect(await reopened.pendingWrites.isEmpty)
        #expect(server.tags == ["b", "c"])
        #expect(server.requests.suffix(2) == ["POST /tagging/1", "DELETE /tagging/1"])
        #expect(await reopened.peek(Article.self, id: 1)?.tags.ids == ["b", "c"])
    }

    /// A queued relationship write the server refuses on replay waits for the app; taking the server's
    /// version reads the relationship at its endpoint and shows what the server has.
    @Test func aRefusedQueuedRelationshipWriteTakesTheServerVersion() async throws {
        let server = LinkageServer(tags: ["a"])
        let store = try ResourceStore(client: server.client())
        let article = try await store.fetch(Article.show(1))
        server.isOnline = false
        try await store.add(["z"], to: \Article.tags, of: article)
        #expect(await store.peek(Article.self, id: 1)?.tags.ids == ["a", "z"])
        server.isOnline = true
        server.refusesWrites = true
        server.tags = ["a", "q"]  // changed meanwhile by someone else
        await store.sync()
        let refused = try #require(await store.pendingWrites.first)
        #expect(refused.refusalStatus == 409)
        #expect(await store.peek(Article.self, id: 1)?.tags.ids == ["a", "z"], "still shown while the app decides")
        try await store.takeServerVersion(refused.id)
        #expect(await store.pendingWrites.isEmpty)
        #expect(await store.peek(Article.self, id: 1)?.tags.ids == ["a", "q"])
        #expect(server.requests.last == "GET /tagging/1")
    }
}

/// An in-process JSON:API server of one Press article whose tags relationship is served at
/// `/tagging/1` (its `links.self`) or, with `linkage: false`, left out of the article (no `data`, no
/// link: the conventional `/articles/1/relationships/tags`). It can be taken offline and made to refuse
/// writes with `409`.
final class LinkageServer: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var state: (tags: [String], online: Bool, refuses: Bool, log: [String])
    private let linkage: Bool

    init(tags: [String], linkage: Bool = true) {
        state = (tags, true, false, [])
        self.linkage = linkage
    }

    var tags: [String] {
        get { lock.withLock { state.tags } }
        set { lock.withLock { state.tags = newValue } }
    }
    var isOnline: Bool {
        get { lock.withLock { state.online } }
        set { lock.withLock { state.online = newValue } }
    }
    var refusesWrites: Bool {
        get { lock.withLock { state.refuses } }
        set { lock.withLock { state.refuses = newValue } }
    }
    /// `METHOD /path` of every request answered online, in order.
    var requests: [String] { lock.withLock { state.log } }

    func client() -> Client {
        Client(api: Press.self, baseURL: URL(string: "https://press.example/")!, transport: self, configuration: .init(codec: JSONAPICodec(api: Press.self)))
    }

    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        guard isOnline else {
            throw TransportError(code: .cannotConnect, method: request.method, url: request.url, underlying: URLError(.cannotConnectToHost))
        }
        var sent: [String] = []
        if case .data(let data) = body, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let members = object["data"] as? [[String: Any]] {
            sent = members.compactMap { $0["id"] as? String }
        }
        let line = "\(request.method.rawValue) \(request.path ?? "/")"
        let (status, document): (Int, Any?) = lock.withLock {
            state.log.append(line)
            let endpoint = linkage ? "/tagging/1" : "/articles/1/relationships/tags"
            let identifiers = { (ids: [String]) in ids.map { ["type": "tags", "id": $0] } }
            switch (request.method, request.path ?? "") {
            case (.get, "/articles/1"):
                var relationships: [String: Any] = ["author": ["data": ["type": "people", "id": "9"]]]
                if linkage {
                    relationships["tags"] = ["data": identifiers(state.tags), "links": ["self": "https://press.example/tagging/1"]]
                }
                return (200, ["data": [
                    "type": "articles", "id": "1",
                    "attributes": ["title": "T", "body": "B", "published-at": "2026-01-02T09:00:00Z"],
                    "relationships": relationships,
                ]])
            case (.get, endpoint):
                return (200, ["data": identifiers(state.tags)])
            case (_, endpoint) where state.refuses:
                return (409, ["errors": [["status": "409", "title": "Conflict"]]])
            case (.post, endpoint):
                for id in sent where !state.tags.contains(id) { state.tags.append(id) }
                return (204, nil)
            case (.delete, endpoint):
                state.tags.removeAll { sent.contains($0) }
                return (204, nil)
            case (.patch, endpoint):
                state.tags = sent
                return (204, nil)
            default:
                return (404, ["errors": [["status": "404"]]])
            }
        }
        var response = HTTPResponse(status: .init(code: status))
        response.headerFields[.contentType] = "application/vnd.api+json"
        return (response, try document.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data())
    }
}
