import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenStore
import Testing

/// `ResourceStore`'s file (issue 51, item 4 in part): SQLite through GRDB, `0600`; a new store on the
/// same file answers `peek` and `watch` before any request; an unreadable file is set aside, reported,
/// and the store starts empty; private responses stay in memory unless the app opts in.
@Suite struct StorePersistenceTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func client(_ transport: any Transport) -> Client {
        Client(api: Press.self, baseURL: URL(string: "https://press.example")!, transport: transport, configuration: .init(codec: JSONAPICodec(api: Press.self)))
    }

    static let article = #"{"data": {"type": "articles", "id": "1", "attributes": {"title": "One", "body": "B", "published-at": "2026-01-02T09:00:00Z"}, "relationships": {"author": {"data": {"type": "people", "id": "9"}}}}, "included": [{"type": "people", "id": "9", "attributes": {"name": "Ann"}}]}"#

    @Test func aNewStoreOnTheFileAnswersBeforeAnyRequest() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("store.sqlite")
        let transport = ScriptTransport()
        transport.body = Self.article
        do {
            let store = try ResourceStore(client: Self.client(transport), file: file)
            _ = try await store.fetch(Article.show(1), including: .author)
            #expect(await store.fileProblem == nil)
        }
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // A new process, the server down: every request fails.
        let offline = try ResourceStore(client: Self.client(FailingTransport()), file: file)
        let peeked = await offline.peek(Article.self, id: 1, including: .author)
        #expect(peeked?.title == "One")
        #expect(peeked?.author.resolved?.name == "Ann")
        var watch = await offline.watch(Article.self, id: 1, including: .author).makeAsyncIterator()
        #expect(await watch.next()?.author.resolved?.name == "Ann")
        await offline.evictAll()
        let reopened = try ResourceStore(client: Self.client(FailingTransport()), file: file)
        #expect(await reopened.count == 0, "eviction reaches the file")
    }

    @Test(arguments: ["garbage", "truncated"])
    func anUnreadableFileIsSetAsideAndTheStoreStartsEmpty(_ damage: String) async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("store.sqlite")
        if damage == "garbage" {
            try Data(repeating: 0x5A, count: 8192).write(to: file)
        } else {
            let transport = ScriptTransport()
            transport.body = Self.article
            do {
                let store = try ResourceStore(client: Self.client(transport), file: file)
                _ = try await store.fetch(Article.show(1), including: .author)
            }
            let bytes = try Data(contentsOf: file)
            try bytes.prefix(100).write(to: file)
        }
        let store = try ResourceStore(client: Self.client(FailingTransport()), file: file)
        #expect(await store.count == 0)
        let problem = await store.fileProblem
        #expect(problem?.contains("unreadable-1") == true, "\(problem ?? "no problem reported")")
        #expect(FileManager.default.fileExists(atPath: file.path + ".unreadable-1"))
    }

    @Test func privateResponsesStayInMemoryUnlessTheAppOptsIn() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for optedIn in [false, true] {
            let file = folder.appendingPathComponent("store-\(optedIn).sqlite")
            let transport = ScriptTransport()
            transport.body = Self.article
            transport.cacheControl = "private, max-age=60"
            do {
                let store = try ResourceStore(client: Self.client(transport), file: file, persistsPrivateResponses: optedIn)
                _ = try await store.fetch(Article.show(1), including: .author)
                #expect(await store.peek(Article.self, id: 1) != nil, "in memory either way")
            }
            let later = try ResourceStore(client: Self.client(FailingTransport()), file: file)
            let kept = await later.peek(Article.self, id: 1) != nil
            #expect(kept == optedIn)
        }
    }

    /// A response to a request with credentials (an `AuthMiddleware`'s here) is one a shared cache would
    /// not keep for another user: it stays in memory unless marked `public` or the app opts in.
    @Test(arguments: [(nil, false, false), ("public, max-age=60", false, true), ("max-age=60", true, true)] as [(String?, Bool, Bool)])
    func credentialedResponsesStayInMemoryUnlessPublicOrOptedIn(cacheControl: String?, optedIn: Bool, kept: Bool) async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("store.sqlite")
        let transport = ScriptTransport()
        transport.body = Self.article
        transport.cacheControl = cacheControl
        do {
            let client = Client(
                api: Press.self, baseURL: URL(string: "https://press.example")!, transport: transport, configuration: .init(codec: JSONAPICodec(api: Press.self)),
                middlewares: [AuthMiddleware(provider: InMemoryCredentialStore(credential: .bearer("secret")))])
            let store = try ResourceStore(client: client, file: file, persistsPrivateResponses: optedIn)
            _ = try await store.fetch(Article.show(1), including: .author)
            #expect(await store.peek(Article.self, id: 1) != nil, "in memory either way")
        }
        let later = try ResourceStore(client: Self.client(FailingTransport()), file: file)
        #expect((await later.peek(Article.self, id: 1) != nil) == kept)
    }

    /// A credential the caller passes with a write stays in memory: the queued write in the file keeps
    /// its other header fields, not the `Authorization` one.
    @Test func aCredentialPassedWithAWriteIsNeverWrittenToTheFile() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("store.sqlite")
        let server = OfflinePressServer(people: ["Ann"])
        let client = Client(api: Press.self, baseURL: URL(string: "https://press.example/")!, transport: server, configuration: .init(codec: JSONAPICodec(api: Press.self)))
        let store = try ResourceStore(client: client, file: file, persistsPrivateResponses: true)
        let ann = try await store.fetch(Person.show(1))
        server.isOnline = false
        var edited = ann
        edited.name = "Ann Lee"
        try await store.patch(Person.patch(1), edited.changes(since: ann), headers: [
            HeaderField(name: "Authorization", value: "Bearer token-6f1c2e"), HeaderField(name: "X-Request-Tag", value: "tag-93b7d1"),
        ])
        #expect(await store.pendingWrites.count == 1)
        let written = [file, URL(fileURLWithPath: file.path + "-wal")].compactMap { try? Data(contentsOf: $0) }.reduce(Data(), +)
        #expect(written.range(of: Data("tag-93b7d1".utf8)) != nil, "the queued write's other fields are in the file")
        #expect(written.range(of: Data("token-6f1c2e".utf8)) == nil)
    }
}

/// A transport whose every request fails as a lost connection does.
struct FailingTransport: Transport {
    struct Offline: Error {}
    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) { throw Offline() }
}
