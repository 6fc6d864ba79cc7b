import Foundation
import ResgenRuntime
import Testing

/// Typed entry points (issue 25, item 14) over both transports: the real HAL server's root document
/// (`GET /` of `Tests/Servers/hal/server.py`, declared by Schemas/contacts' `entry:`), and a JSON:API root
/// document with top-level links on a scripted server (Schemas/blog's `entry:`). The links are read by
/// the generated `Entry.Link` cases, resolved against the document, and templates expanded and followed.
@Suite struct EntryPointServerTests {
    static let scripted = Task { () throws -> ScriptedServer? in
        guard ScriptedServer.python != nil || ProcessInfo.processInfo.environment["CI"] != nil else {
            print("note: python3 is not on PATH; skipping the scripted entry point tests")
            return nil
        }
        return try await ScriptedServer.start(host: "127.0.0.1")
    }

    @Test(.enabled(if: HALServer.isAvailable), arguments: TransportKind.allCases)
    func theHALServersRootDocumentIsTyped(kind: TransportKind) async throws {
        let server = try await HALServer.shared()
        let client = Client(api: Contacts.self, baseURL: server.baseURL, transport: kind.make())
        let root = try await client.entry(Contacts.Entry.self)
        #expect(try root.url(.contacts) == server.url("/contacts"))
        #expect(try root.url(.orders) == server.url("/orders"))
        let search = try #require(root.link(.search), "'ea:find' is found by the schema's CURIE")
        #expect(search.templated && search.title == "Find contacts by name")
        let url = try #require(try root.url(.search, expanding: ["name": "contact 1"]))
        #expect(url == server.url("/contacts/search?name=contact%201"))
        let found = try await client.collection(at: url)
        let names = found.items.compactMap { item -> String? in if case .string(let name)? = item.properties["name"] { name } else { nil } }
        #expect(names.first == "Contact 1" && names.allSatisfy { $0.hasPrefix("Contact 1") }, "the search found \(names)")
    }

    @Test(arguments: TransportKind.allCases) func aJSONAPIRootDocumentsTopLevelLinksAreTyped(kind: TransportKind) async throws {
        guard let server = try await Self.scripted.value else { return }
        let document = #"{"jsonapi": {"version": "1.1"}, "links": {"self": "/", "articles": {"href": "/articles", "title": "Articles"}, "people": "/people", "search": "/articles/search{?q}"}, "meta": {"name": "blog"}}"#
        try await server.script(["/": .init(headers: ["Content-Type": "application/vnd.api+json"], body: document)])
        let client = Client(api: Blog.self, baseURL: server.baseURL, transport: kind.make())
        let root = try await client.entry(Blog.Entry.self)
        #expect(try root.url(.articles) == server.url("/articles"))
        #expect(root.link(.articles)?.title == "Articles")
        #expect(try root.url(.people) == server.url("/people"))
        #expect(root.link(.search)?.templated == true, "the schema says the JSON:API link is a template")
        #expect(try root.url(.search, expanding: ["q": "swift 6"]) == server.url("/articles/search?q=swift%206"))
        #expect(Blog.Entry.Link.allCases == [.articles, .people, .search])
    }
}
