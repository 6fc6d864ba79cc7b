import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// One HAL reading rule for typed and untyped calls (issue 49, item 7): every collection shape of the HAL
/// article's table is read alike by a generated model's page and by ``Client/collection(at:includes:options:)``
/// — `_embedded` as an object of arrays or of single objects, as an array (drf-hal-json), a bare JSON array,
/// links as objects, arrays or bare strings — and refused alike where a reading would be a guess. From a
/// scripted server, over both transports.
@Suite(.serialized) struct HALReadingRuleTests {
    static let scripted = Task { () throws -> ScriptedServer? in
        guard ScriptedServer.python != nil || ProcessInfo.processInfo.environment["CI"] != nil else {
            print("note: python3 is not on PATH; skipping the scripted HAL reading-rule tests")
            return nil
        }
        return try await ScriptedServer.start(host: "127.0.0.1")
    }

    static let hal = ["Content-Type": "application/hal+json"]
    static let ann = #"{"id": 1, "name": "Ann", "_links": {"self": "/contacts/1", "website": {"href": "/websites/1"}}}"#
    static let bo = #"{"id": 2, "name": "Bo", "_links": {"self": {"href": "/contacts/2"}, "contacts": ["/contacts/1", {"href": "/contacts/3"}]}}"#

    /// A collection document and what both paths must read from it.
    struct Collection: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var names: [String]
        var next: String? = nil
        var meta: [String: JSONValue] = [:]
        var testDescription: String { name }
    }

    static let collections: [Collection] = [
        Collection(
            name: "_embedded as an object of arrays",
            body: #"{"_links": {"self": {"href": "/c"}, "next": {"href": "/c?page=2"}}, "total": 2, "_embedded": {"contacts": [\#(ann), \#(bo)]}}"#,
            names: ["Ann", "Bo"], next: "/c?page=2", meta: ["total": .number(2)]),
        Collection(
            name: "_embedded as an object of one object",
            body: #"{"_links": {"next": [{"href": "/c?page=2"}]}, "_embedded": {"contacts": \#(ann)}}"#, names: ["Ann"], next: "/c?page=2"),
        Collection(
            name: "_embedded as an array (drf-hal-json)",
            body: #"{"_links": {"self": "/c", "next": "/c?page=2", "previous": null}, "count": 5, "page_size": 2, "_embedded": [\#(ann), \#(bo)]}"#,
            names: ["Ann", "Bo"], next: "/c?page=2", meta: ["count": .number(5), "page_size": .number(2)]),
        Collection(name: "a bare JSON array", body: "[\(ann), \(bo)]", names: ["Ann", "Bo"]),
        Collection(name: "the only entry, under another name", body: #"{"_embedded": {"people": [\#(bo)]}}"#, names: ["Bo"]),
        Collection(name: "the items entry beside others", body: #"{"_embedded": {"items": [\#(ann)], "facets": [{"id": 9, "name": "F"}]}}"#, names: ["Ann"]),
        Collection(name: "_embedded null", body: #"{"_links": {"self": "/c"}, "_embedded": null}"#, names: []),
        Collection(name: "_embedded empty", body: #"{"_embedded": {}}"#, names: []),
        Collection(name: "no _embedded", body: #"{"_links": {"self": "/c"}, "total": 0}"#, names: [], meta: ["total": .number(0)]),
    ]

    func client(_ server: ScriptedServer, _ kind: TransportKind) -> Client {
        Client(baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: HALCodec()))
    }

    @Test(arguments: TransportKind.allCases) func typedAndUntypedReadEveryCollectionAlike(kind: TransportKind) async throws {
        guard let server = try await Self.scripted.value else { return }
        let client = client(server, kind)
        for (index, collection) in Self.collections.enumerated() {
            let path = "/\(kind.rawValue)/collections/\(index)"
            try await server.script([path: .init(headers: Self.hal, body: collection.body)])
            let url = server.url(path)
            let page = try await client.page(Contact.self, at: url)
            let untyped = try await client.collection(at: url)
            #expect(page.items.map(\.name) == collection.names, "typed: \(collection.name)")
            #expect(untyped.items.map { $0["name"]?.stringValue } == collection.names, "untyped: \(collection.name)")
            #expect(page.items.map(\.links.selfLink?.url) == untyped.items.map(\.links.selfLink?.url), "\(collection.name)")
            #expect(page.items.map { $0.links.links("contacts").map(\.url) } == untyped.items.map { $0.links.links("contacts").map(\.url) }, "\(collection.name)")
            #expect(page.next == collection.next.map { server.url($0) } && untyped.next == page.next, "\(collection.name)")
            #expect(page.meta == (collection.meta.isEmpty ? nil : .object(collection.meta)) && untyped.metadata == collection.meta, "\(collection.name)")
        }
    }

    /// What neither reads: `_embedded` entries none of which is the items' (a guess), and `_embedded` as an
    /// array in a resource (it names no relation). Both fail as decoding errors naming `_embedded`.
    @Test(arguments: TransportKind.allCases) func typedAndUntypedRefuseTheSameDocuments(kind: TransportKind) async throws {
        guard let server = try await Self.scripted.value else { return }
        let client = client(server, kind)
        let prefix = "/\(kind.rawValue)/refused"
        try await server.script([
            "\(prefix)/ambiguous": .init(headers: Self.hal, body: #"{"_embedded": {"people": [\#(Self.ann)], "others": [\#(Self.bo)]}}"#),
            "\(prefix)/contacts/1": .init(headers: Self.hal, body: #"{"id": 1, "name": "Ann", "_embedded": [\#(Self.bo)]}"#),
        ])
        for fetch in [
            { _ = try await client.page(Contact.self, at: server.url("\(prefix)/ambiguous")) },
            { _ = try await client.collection(at: server.url("\(prefix)/ambiguous")) },
            { _ = try await client.fetch(ResourcePath<Contact, Op.Show>(uncheckedComponents: [.literal("\(prefix)/contacts/1")])) },
            { _ = try await client.resource(at: server.url("\(prefix)/contacts/1")) },
        ] as [@Sendable () async throws -> Void] {
            let error = await #expect(throws: ClientError.self) { try await fetch() }
            #expect(error?.kind == .decoding)
            #expect(error?.codingPath?.hasPrefix("_embedded") == true, "\(String(describing: error))")
        }
    }

    /// A bracketed include whose single link points to a drf-hal-json page (`_embedded` as an array): the
    /// generated model's traversal and the untyped one take the same items.
    @Test(arguments: TransportKind.allCases) func aBracketedIncludeReadsAnEmbeddedArrayPageBothWays(kind: TransportKind) async throws {
        guard let server = try await Self.scripted.value else { return }
        let client = client(server, kind)
        let prefix = "/\(kind.rawValue)/include"
        try await server.script([
            "\(prefix)/contacts/1": .init(headers: Self.hal, body: #"{"id": 1, "name": "Ann", "_links": {"self": "\#(prefix)/contacts/1", "contacts": "\#(prefix)/contacts/1/contacts/"}}"#),
            "\(prefix)/contacts/1/contacts/": .init(headers: Self.hal, body: #"{"_links": {"self": "\#(prefix)/contacts/1/contacts/", "next": null}, "count": 1, "_embedded": [\#(Self.bo)]}"#),
        ])
        let typed = try await client.fetch(ResourcePath<Contact, Op.Show>(uncheckedComponents: [.literal("\(prefix)/contacts/1")]), including: ["[contacts]"])
        let untyped = try await client.resource(at: server.url("\(prefix)/contacts/1"), includes: ["[contacts]"])
        #expect(typed.contacts.resolved?.map(\.name) == ["Bo"])
        #expect(untyped.embedded("contacts")?.map { $0["name"]?.stringValue } == ["Bo"])
    }
}
