import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// A to-many relation written as one link object is followed as what the link points to: a collection,
/// one member (Flask-HAL writes a to-many relation of one that way), an empty collection, or neither —
/// which fails, never leaving the relationship silently empty. On a scripted server and on the real HAL
/// server (`--single-links`), over both transports.
@Suite(.serialized) struct HALToManyOneLinkTests {
    static let scripted = Task { () throws -> ScriptedServer? in
        guard ScriptedServer.python != nil || ProcessInfo.processInfo.environment["CI"] != nil else {
            print("note: python3 is not on PATH; skipping the scripted HAL to-many tests")
            return nil
        }
        return try await ScriptedServer.start(host: "127.0.0.1")
    }

    static let hal = ["Content-Type": "application/hal+json"]

    static func order(_ id: Int, total: String = "10") -> String {
        #"{"id": \#(id), "total": \#(total), "placed_at": "2026-01-01T10:00:00Z", "_links": {"self": {"href": "/orders/\#(id)"}}}"#
    }

    /// A contact at `<prefix>/contacts/<name>` whose `ea:orders` is one link object to `<prefix>/<target>`.
    static func contact(_ prefix: String, _ name: String, ordersAt target: String) -> String {
        #"{"id": 1, "name": "Ann", "_links": {"self": {"href": "\#(prefix)/contacts/\#(name)"}, "ea:orders": {"href": "\#(prefix)\#(target)"}}}"#
    }

    func orders(_ server: ScriptedServer, _ kind: TransportKind, _ name: String, target: String, body: String) async throws -> Result<Contact, any Error> {
        let prefix = "/\(kind.rawValue)/\(name)"
        try await server.script([
            "\(prefix)/contacts/1": .init(headers: Self.hal, body: Self.contact(prefix, "1", ordersAt: target)),
            "\(prefix)\(target)": .init(headers: Self.hal, body: body),
        ])
        let client = Client(baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: HALCodec()))
        let path = ResourcePath<Contact, Op.Show>(uncheckedComponents: [.literal("\(prefix)/contacts/1")])
        do {
            return .success(try await client.fetch(path, including: ["ea:orders"]))
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: TransportKind.allCases) func oneLinkToOneMemberIsThatMember(kind: TransportKind) async throws {
        guard let server = try await Self.scripted.value else { return }
        let contact = try await orders(server, kind, "member", target: "/orders/4", body: Self.order(4)).get()
        #expect(contact.orders.resolved?.map(\.id) == [4])
        #expect(contact.orders.ids == [4])
        let log = try await server.log(under: "/\(kind.rawValue)/member/orders")
        #expect(log.map(\.target) == ["/\(kind.rawValue)/member/orders/4"], "one request for the member")
    }

    @Test(arguments: TransportKind.allCases) func oneLinkToACollectionIsItsItems(kind: TransportKind) async throws {
        guard let server = try await Self.scripted.value else { return }
        let collection = #"{"_links": {"self": {"href": "/orders"}}, "_embedded": {"orders": [\#(Self.order(1)), \#(Self.order(2))]}}"#
        let contact = try await orders(server, kind, "collection", target: "/orders", body: collection).get()
        #expect(contact.orders.resolved?.map(\.id) == [1, 2])
        // A collection whose entry is named otherwise (`items`), and a bare JSON array.
        let items = #"{"_embedded": {"items": [\#(Self.order(3))]}, "total": 1}"#
        #expect(try await orders(server, kind, "items", target: "/orders", body: items).get().orders.resolved?.map(\.id) == [3])
        let array = "[\(Self.order(5))]"
        #expect(try await orders(server, kind, "array", target: "/orders", body: array).get().orders.resolved?.map(\.id) == [5])
    }

    @Test(arguments: TransportKind.allCases) func anEmptyCollectionWithoutEmbeddedIsNoMembers(kind: TransportKind) async throws {
        guard let server = try await Self.scripted.value else { return }
        let empty = #"{"_links": {"self": {"href": "/contacts/1/orders?page=0"}, "first": {"href": "/contacts/1/orders?page=0"}}, "page": {"size": 20, "totalElements": 0}}"#
        let contact = try await orders(server, kind, "empty", target: "/contacts/1/orders", body: empty).get()
        #expect(contact.orders.resolved == [])
    }

    @Test(arguments: TransportKind.allCases) func aDocumentThatIsNeitherFailsNamingThePath(kind: TransportKind) async throws {
        guard let server = try await Self.scripted.value else { return }
        let result = try await orders(server, kind, "neither", target: "/orders/4", body: Self.order(4, total: #""lots""#))
        #expect(throws: ClientError.self) { try result.get() }
        guard case .failure(let error as ClientError) = result else { return }
        #expect(error.kind == .decoding && error.codingPath == "total")
        #expect(error.description.contains("neither a collection of 'orders'") && error.description.contains("nor one 'orders' resource"))
        #expect(error.request.url.path.hasSuffix("/neither/orders/4") && error.status?.code == 200)
    }
}

/// The same against the real HAL server, which writes a contact's single known contact as one link
/// object with `--single-links` (and an empty orders collection without `_embedded`).
@Suite(.enabled(if: HALServer.isAvailable), .serialized) struct HALToManyOneLinkServerTests {
    static let server = Task { try await HALServer.start(arguments: ["--contacts", "2", "--single-links"]) }

    @Test(arguments: TransportKind.allCases) func aToManyWrittenAsOneLinkObjectIsItsMember(kind: TransportKind) async throws {
        let server = try await Self.server.value
        var configuration = Client.Configuration(codec: HALCodec())
        configuration.dateFormat = Contacts.dateFormat
        let client = Client(baseURL: server.baseURL, transport: kind.make(), configuration: configuration)
        let plain = try await client.fetch(Contact.show(1))
        guard case .one(let link) = plain.links["contacts"] else {
            Issue.record("the server writes the relation as one link object: \(String(describing: plain.links["contacts"]))")
            return
        }
        #expect(link.url == server.url("/contacts/2"))
        try await server.resetStats()
        let traversal = try await client.traverse(Contact.show(1), including: [IncludePath(.toMany("contacts")), IncludePath(.toMany("orders"))])
        #expect(traversal.value.contacts.resolved?.map(\.name) == ["Contact 2"])
        #expect(traversal.value.orders.resolved?.map(\.id) == [1, 2, 3])  // one link to the collection
        let second = try await client.fetch(Contact.show(2), including: ["contacts", "ea:orders"])
        #expect(second.contacts.resolved?.map(\.id) == [1])
        #expect(second.orders.resolved == [])  // an empty collection, written without `_embedded`
        let stats = try await server.stats()
        #expect(stats["/contacts/2"] == 2 && stats["/contacts/1/orders"] == 1 && stats["/contacts/1"] == 2, "\(stats)")
    }
}
