import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenTesting
import Testing

/// The bodies the generated Contacts client sends for relationships the schema says the server takes
/// (`write:`): an order's customer as a link, a contact's website as a URI, its contacts as ids; on
/// create (the full model) and through `changes(since:)` (replacement and removal).
@Suite struct HALRelationshipWriteBodyTests {
    let mock = MockTransport(api: Contacts.self)
    var client: Client { Client(api: Contacts.self, transport: mock) }
    static let placedAt = Date(timeIntervalSince1970: 1_767_261_600)

    /// The body of the last request, as sorted JSON text.
    func lastBody() throws -> String {
        let body = try #require(mock.requests.last?.body)
        let object = try JSONSerialization.jsonObject(with: body)
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    }

    @Test func aCreateSendsARequiredRelationshipAsALinkUnderTheBaseURL() async throws {
        mock.on(Order.create(), .resource(Order(id: 9, total: 5, placedAt: Self.placedAt), status: .created))
        _ = try await client.create(Order.create(), Order(id: 0, total: 5, placedAt: Self.placedAt, customer: ToOne(id: 2)))
        #expect(try lastBody() == #"{"_links":{"ea:customer":{"href":"http://127.0.0.1:8000/contacts/2"}},"currency":"EUR","status":"pending","total":5}"#)
    }

    @Test func anUnknownRelationshipIsLeftOutAndNilIsNull() async throws {
        mock.on(Order.create(), .resource(Order(id: 9, total: 5, placedAt: Self.placedAt), status: .created))
        _ = try await client.create(Order.create(), Order(id: 0, total: 5, placedAt: Self.placedAt))
        #expect(try lastBody() == #"{"currency":"EUR","status":"pending","total":5}"#)
        mock.on(Contact.create(), .resource(Contact(id: 9, name: "Ada"), status: .created))
        _ = try await client.create(Contact.create(), Contact(id: 0, name: "Ada"))
        #expect(try lastBody() == #"{"email":null,"name":"Ada","phone_number":null,"website":null}"#)
    }

    @Test func aCreateSendsAURIPropertyAndIDs() async throws {
        mock.on(Contact.create(), .resource(Contact(id: 9, name: "Ada"), status: .created))
        _ = try await client.create(Contact.create(), Contact(id: 0, name: "Ada", contacts: ToMany(ids: [1, 3]), website: ToOne(id: 2)))
        #expect(try lastBody() == #"{"contact_ids":[1,3],"email":null,"name":"Ada","phone_number":null,"website":"http://127.0.0.1:8000/websites/2"}"#)
    }

    @Test func changesReplaceAndRemoveRelationships() async throws {
        let link = URL(string: "http://127.0.0.1:8000/websites/3")!
        let fetched = Contact(id: 1, name: "Ada", contacts: ToMany(ids: [2]), website: ToOne(link: link))
        mock.on(Contact.patch(1), .resource(fetched))
        // Unchanged relationships are not sent, whatever their form.
        #expect(fetched.changes(since: fetched).isEmpty)

        var replaced = fetched
        replaced.website = ToOne(id: 4)
        replaced.contacts.ids = [2, 5]
        _ = try await client.patch(Contact.patch(1), replaced.changes(since: fetched))
        #expect(try lastBody() == #"{"contact_ids":[2,5],"website":"http://127.0.0.1:8000/websites/4"}"#)

        var removed = fetched
        removed.website = nil
        removed.contacts = ToMany(ids: [])
        _ = try await client.patch(Contact.patch(1), removed.changes(since: fetched))
        #expect(try lastBody() == #"{"contact_ids":[],"website":null}"#)

        // Setting a relationship that was absent is a change too.
        let bare = Contact(id: 1, name: "Ada")
        var set = bare
        set.website = ToOne(link: link)
        _ = try await client.patch(Contact.patch(1), set.changes(since: bare))
        #expect(try lastBody() == #"{"website":"http://127.0.0.1:8000/websites/3"}"#)
    }

    @Test func changesReplaceALinkRelationship() async throws {
        let fetched = Order(id: 1, total: 5, placedAt: Self.placedAt, customer: ToOne(link: URL(string: "http://127.0.0.1:8000/contacts/1")!))
        mock.on(Order.patch(1), .resource(fetched))
        var edited = fetched
        edited.customer = ToOne(id: 3)
        edited.total = 6
        _ = try await client.patch(Order.patch(1), edited.changes(since: fetched))
        #expect(try lastBody() == #"{"_links":{"ea:customer":{"href":"http://127.0.0.1:8000/contacts/3"}},"total":6}"#)
        // Emptying a required relationship (nothing known) is not a change: there is nothing to send.
        var emptied = fetched
        emptied.customer = ToOne()
        #expect(emptied.changes(since: fetched).isEmpty)
    }
}
