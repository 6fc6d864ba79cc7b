import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// A link is requested as the server wrote it (issue 49, item 1), over both transports: a `next` link
/// with an escaped comma and raw brackets in its query, absolute or relative, reaches the server with
/// the comma still `%2C` (Linux Foundation's `URL(string:relativeTo:)` sent `%252C`, and the server
/// answered 400) and the brackets encoded once (a `URL` cannot hold them raw on Linux).
@Suite struct LinksAsWrittenTests {
    static func page(_ titles: [String], next: String?) -> String {
        let items = titles.enumerated().map { index, title in
            #"{"type": "articles", "id": "\#(index + 1)", "attributes": {"title": "\#(title)", "body": "B", "published-at": "2026-01-02T09:00:00Z"}}"#
        }
        let links = next.map { #", "links": {"next": "\#($0)"}"# } ?? ""
        return #"{"data": [\#(items.joined(separator: ", "))]\#(links)}"#
    }

    @Test(arguments: TransportKind.allCases, [true, false])
    func aNextLinkKeepsItsEscapes(kind: TransportKind, absolute: Bool) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let client = Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self)))
        let json = ["Content-Type": JSONAPICodec.mediaType]
        let next = (absolute ? String(server.url("/").absoluteString.dropLast()) : "") + "/later/?include=venue%2Ctickets&page[number]=2&page[size]=5&filter=a%20b+c"
        try await server.script([
            "/articles": .init(headers: json, body: Self.page(["One"], next: next)),
            "/later/": .init(headers: json, body: Self.page(["Two"], next: nil)),
        ])
        var titles: [String] = []
        for try await page in client.pages(Article.list()) { titles += page.items.map(\.title) }
        #expect(titles == ["One", "Two"])
        let targets = try await server.log(under: "/later/").map(\.target)
        #expect(targets == ["/later/?include=venue%2Ctickets&page%5Bnumber%5D=2&page%5Bsize%5D=5&filter=a%20b+c"])
    }
}
