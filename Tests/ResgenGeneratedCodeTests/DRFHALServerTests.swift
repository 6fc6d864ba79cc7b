import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Untyped calls against the real drf-hal-json server (`Tests/Servers/drf_hal`), over both transports
/// (issue 49): its pages write `_embedded` as an array, links as bare strings and `null`, a to-many
/// relation as an array of strings. The untyped traversal refused its pages at `_embedded` (item 7); and
/// its validation errors are Django REST framework's `{"field": ["message"]}` under
/// `application/hal+json`, whose messages reach the error's description (item 4).
@Suite(.enabled(if: DRFHALServer.isAvailable)) struct DRFHALServerTests {
    func client(_ server: DRFHALServer, _ kind: TransportKind) -> Client {
        Client(baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: HALCodec()))
    }

    /// `client.collection(at:)` reads a page whose `_embedded` is an array, and follows `next` (a bare
    /// string) to the end, where it is `null`.
    @Test(arguments: TransportKind.allCases) func anEmbeddedArrayPageReadsUntyped(kind: TransportKind) async throws {
        let server = try await DRFHALServer.shared()
        let client = client(server, kind)
        var titles: [String?] = []
        var next: URL? = server.url("/talks/")
        var pages = 0
        while let url = next, pages < 10 {
            let page = try await client.collection(at: url)
            #expect(page.metadata["count"] == .number(5) && page.metadata["page_size"] == .number(2))
            titles += page.items.map { $0["title"]?.stringValue }
            #expect(page.items.allSatisfy { $0.links.link("speaker")?.url?.path.hasPrefix("/speakers/") == true })
            next = page.next
            pages += 1
        }
        #expect(pages == 3)
        #expect(titles == ["Engines", "Notes", "Compilers", "COBOL", "Machines"])
    }

    /// From the root document (links as bare strings), a bracketed include follows `talks` to its first
    /// page (`_embedded` as an array) and each talk's `speaker`; a speaker's `talks` (an array of strings)
    /// are fetched one by one.
    @Test(arguments: TransportKind.allCases) func theUntypedTraversalFollowsIntoEmbeddedArrayPages(kind: TransportKind) async throws {
        let server = try await DRFHALServer.shared()
        let client = client(server, kind)
        let root = try await client.resource(at: server.url("/"), includes: ["[talks]", "[talks].speaker"])
        let talks = try #require(root.embedded("talks"))
        #expect(talks.map { $0["title"]?.stringValue } == ["Engines", "Notes"])
        #expect(talks.map { $0.embeddedOne("speaker")?["name"]?.stringValue } == ["Ada Lovelace", "Ada Lovelace"])
        let ada = try await client.resource(at: server.url("/speakers/1/"), includes: ["[talks]"])
        #expect(ada.embedded("talks")?.map { $0["title"]?.stringValue } == ["Engines", "Notes"])
    }

    /// A talk without a speaker and with a blank title: drf-hal-json's 400 (DRF's field shape, the links
    /// under `_links`), shown line by line.
    @Test(arguments: TransportKind.allCases) func fieldErrorsReachTheDescription(kind: TransportKind) async throws {
        let server = try await DRFHALServer.shared()
        let client = client(server, kind)
        let error = await #expect(throws: ClientError.self) {
            _ = try await client.request(.post, server.url("/talks/"), body: .raw(Data(#"{"title": ""}"#.utf8), contentType: "application/hal+json"))
        }
        let thrown = try #require(error)
        #expect(thrown.status?.code == 400)
        #expect(thrown.headers?[.contentType] == "application/hal+json")
        let lines = ["_links.speaker: This field is required.", "title: This field may not be blank."]
        #expect(thrown.serverError?.summaries == lines, "\(thrown.bodyExcerpt ?? "")")
        for line in lines { #expect(thrown.description.contains("\n  " + line), "\(thrown.description)") }
    }
}
