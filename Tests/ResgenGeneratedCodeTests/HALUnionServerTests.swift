import Foundation
import ResgenRuntime
import Testing

/// HAL unions over loopback HTTP, both transports: a scripted server (`Tests/Servers/scripted_server.py`)
/// serves the documents of ``HALUnionTests`` — an embedded collection mixing books, films and a kind the
/// schema does not list, a polymorphic link followed by traversal, self-link and `_embedded`-key unions.
@Suite(.serialized) struct HALUnionServerTests {
    static let scripted = Task { () throws -> ScriptedServer? in
        guard ScriptedServer.python != nil || ProcessInfo.processInfo.environment["CI"] != nil else {
            print("note: python3 is not on PATH; skipping the scripted HAL union tests")
            return nil
        }
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let routes = [
            "/books/2": HALUnionTests.book2,
            "/films/2": HALUnionTests.film2,
            "/authors/1": #"{"id":1,"name":"Frank Herbert","_links":{"self":{"href":"/authors/1"}}}"#,
            "/loans/1": #"{"id":1,"borrower":"Ada","_links":{"self":{"href":"/loans/1"},"item":{"href":"/films/2"}}}"#,
            "/loans/2": #"{"id":2,"borrower":"Alan","_links":{"self":{"href":"/loans/2"}},"_embedded":{"item":\#(HALUnionTests.book2)}}"#,
            "/items": #"{"_links":{"self":{"href":"/items"}},"_embedded":{"items":[\#(HALUnionTests.book2),\#(HALUnionTests.film2),\#(HALUnionTests.podcast)]}}"#,
            "/media": #"{"_links":{"self":{"href":"/media"}},"_embedded":{"films":[\#(HALUnionTests.film2)],"books":[\#(HALUnionTests.book2)]}}"#,
            "/shelves/1": #"{"id":1,"name":"Twos","_links":{"self":{"href":"/shelves/1"},"items":[{"href":"/books/2"},{"href":"/films/2"}]}}"#,
        ]
        try await server.script(routes.mapValues { ScriptedServer.Route(headers: ["Content-Type": "application/hal+json"], body: $0) })
        return server
    }

    static func client(_ kind: TransportKind) async throws -> Client? {
        guard let server = try await scripted.value else { return nil }
        return Client(api: Media.self, baseURL: server.baseURL, transport: kind.make())
    }

    @Test(arguments: TransportKind.allCases) func eachMemberDecodesAsItsOwnModel(kind: TransportKind) async throws {
        guard let client = try await Self.client(kind) else { return }
        let linked = try await client.fetch(Loan.show(1), including: .item)
        #expect(linked.item.resolved?.id == .film(2), "the followed link is a film")
        let embedded = try await client.fetch(Loan.show(2), including: .itemWithAuthor)
        guard case .book(let dune)? = embedded.item.resolved else { Issue.record("loan 2's item is not a book"); return }
        #expect(dune.author?.resolved?.name == "Frank Herbert")
        let items = try await client.fetch(Item.list(), including: .authors)
        #expect(items.map(\.id) == [.book(2), .film(2), .other(ResourceIdentity(type: "podcast", id: "/podcasts/7"))])
        let shelf = try await client.fetch(Shelf.show(1), including: .items)
        #expect(shelf.items.resolved?.map(\.id) == [.book(2), .film(2)])
        #expect(try await client.fetch(Medium.list()).map(\.id) == [.book(2), .film(2)])
    }
}
