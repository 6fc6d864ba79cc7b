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
}

/// A transport whose every request fails as a lost connection does.
struct FailingTransport: Transport {
    struct Offline: Error {}
    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) { throw Offline() }
}
