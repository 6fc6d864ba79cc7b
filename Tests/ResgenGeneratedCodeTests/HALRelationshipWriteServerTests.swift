import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Writes that carry relationships, through the generated Contacts client, against the real HAL server
/// (`Tests/Servers/hal/server.py`), which takes them in three forms: an order's customer as a link
/// (`write: link`), a contact's website as its absolute URI (`write: uri`) and its contacts as ids
/// (`write: { id: contact_ids }`). The server checks each (a URI must name one of its websites, under the
/// base URL the client sends to), so a value the client gets wrong is a 400, not a silent change.
@Suite(.enabled(if: HALServer.isAvailable), .serialized) struct HALRelationshipWriteServerTests {
    func client(_ server: HALServer, _ kind: TransportKind) -> Client {
        var configuration = Client.Configuration(codec: HALCodec())
        configuration.dateFormat = Contacts.dateFormat
        return Client(baseURL: server.baseURL, transport: kind.make(), configuration: configuration)
    }

    @Test(arguments: TransportKind.allCases) func requiredRelationshipIsSentAsALinkAndReplacedThroughChanges(kind: TransportKind) async throws {
        let server = try await HALServer.start()
        let client = client(server, kind)
        defer { Task { await server.stop() } }
        let placedAt = Date(timeIntervalSince1970: 1_767_261_600)
        // Without the customer the server answers as drf-hal-json does: the required link is missing.
        let refused = await #expect(throws: ClientError.self) {
            try await client.create(Order.create(), Order(id: 0, total: 5, placedAt: placedAt))
        }
        #expect(refused?.status?.code == 400)
        #expect(refused?.bodyExcerpt?.contains(#"{"_links":{"ea:customer":["This field is required."]}}"#) == true)
        // Django REST framework's field shape, read as such (issue 49): the message reaches the description.
        #expect(refused?.serverError?.summaries == ["_links.ea:customer: This field is required."])
        #expect(refused?.description.contains("\n  _links.ea:customer: This field is required.") == true, "\(String(describing: refused))")

        let created = try await client.create(Order.create(), Order(id: 0, total: 5, placedAt: placedAt, customer: ToOne(id: 2)))
        #expect(created.id == 4 && created.customer.link == server.url("/contacts/2"))

        // The fetched customer is a link without an id: unchanged, it is not sent; replaced, it is.
        var edited = try await client.fetch(Order.show(created.id))
        #expect(edited.changes(since: created).isEmpty)
        edited.customer = ToOne(id: 3)
        #expect(edited.changes(since: created).changedKeys == ["_links.ea:customer"])
        let moved = try await client.patch(Order.patch(created.id), edited.changes(since: created))
        #expect(moved.customer.link == server.url("/contacts/3") && moved.total == 5)

        // A relationship decoded from the server (its link, no id) is written back as that link.
        let copy = try await client.create(Order.create(), Order(id: 0, total: 7, placedAt: placedAt, customer: moved.customer))
        #expect(copy.customer.link == server.url("/contacts/3"))
        await server.stop()
    }

    @Test(arguments: TransportKind.allCases) func uriAndIDPropertiesAreCreatedReplacedAndRemoved(kind: TransportKind) async throws {
        let server = try await HALServer.start()
        let client = client(server, kind)
        let created = try await client.create(
            Contact.create(), Contact(id: 0, name: "Writer", contacts: ToMany(ids: [1, 3]), website: ToOne(id: 2)))
        #expect(created.website?.link == server.url("/websites/2"))
        #expect(created.links.links("contacts").compactMap(\.url) == [server.url("/contacts/1"), server.url("/contacts/3")])

        // Replace: the website by id (its URI is built under the client's base URL), the contacts by ids.
        var edited = created
        edited.website = ToOne(id: 4)
        edited.contacts = ToMany(ids: [5])
        #expect(edited.changes(since: created).changedKeys == ["contact_ids", "website"])
        let replaced = try await client.patch(Contact.patch(created.id), edited.changes(since: created))
        #expect(replaced.website?.link == server.url("/websites/4") && replaced.name == "Writer")
        #expect(replaced.links.links("contacts").compactMap(\.url) == [server.url("/contacts/5")])

        // Remove: nil is sent as null, an empty to-many as [].
        var cleared = replaced
        cleared.website = nil
        cleared.contacts = ToMany(ids: [])
        let removed = try await client.patch(Contact.patch(created.id), cleared.changes(since: replaced))
        #expect(removed.website == nil && removed.links.links("contacts").isEmpty)

        await server.stop()
    }
}
