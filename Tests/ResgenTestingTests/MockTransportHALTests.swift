import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenTesting
import Testing

/// MockTransport with the generated Contacts client (HAL): `_embedded`, `_links`, read-only attributes,
/// problem documents.
@Suite struct MockTransportHALTests {
    let mock = MockTransport(api: Contacts.self)
    var client: Client { Client(api: Contacts.self, transport: mock) }

    static let website = Website(id: 3, url: URL(string: "https://ada.example")!, title: "Ada's")

    @Test func aResolvedRelationshipIsEmbedded() async throws {
        mock.on(Contact.show(1), .resource(Contact(id: 1, name: "Ada", website: ToOne(id: 3, resolved: Self.website))))
        let contact = try await client.fetch(Contact.show(1), including: .website)
        #expect(contact.name == "Ada")
        #expect(contact.website?.resolved?.title == "Ada's")
        // Taken from `_embedded`: no second request for the website.
        #expect(mock.requests.map(\.summary) == ["GET /contacts/1"])
        #expect(mock.requests.first?.header(.accept) == "application/hal+json")
    }

    @Test func anUnresolvedRelationshipIsALinkTheClientFollows() async throws {
        let link = URL(string: "http://127.0.0.1:8000/websites/3")!
        mock.on(Contact.show(1), .resource(Contact(id: 1, name: "Ada", website: ToOne(link: link))))
        mock.on(Website.show(3), .resource(Self.website))
        let contact = try await client.fetch(Contact.show(1), including: .website)
        #expect(contact.website?.resolved?.url == Self.website.url)
        #expect(mock.requests.map(\.summary) == ["GET /contacts/1", "GET /websites/3"])
    }

    @Test func readOnlyAttributesAreSent() async throws {
        let placedAt = Date(timeIntervalSince1970: 1_700_000_000)
        mock.on(Order.show(5), .resource(Order(id: 5, total: 12.5, status: .shipped, placedAt: placedAt)))
        let order = try await client.fetch(Order.show(5))
        #expect(order.placedAt == placedAt)
        #expect(order.status == .shipped)
        #expect(order.total == 12.5)
    }

    @Test func aCollectionIsEmbeddedUnderItsType() async throws {
        mock.on(Contact.list(), .collection([Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Grace")]))
        let contacts = try await client.fetch(Contact.list())
        #expect(contacts.map(\.name) == ["Ada", "Grace"])
    }

    @Test func anErrorStatusCarriesAProblemDocument() async throws {
        mock.on(.delete, "/contacts/*", .error(.conflict, title: "In use", detail: "contact 1 has orders"))
        let error = await #expect(throws: ClientError.self) { try await client.delete(Contact.delete(1)) }
        #expect(error?.status == .conflict)
        #expect(error?.serverError == .problem(ProblemDetails(title: "In use", status: 409, detail: "contact 1 has orders")))
    }

    @Test func resettingForgetsRequestsButKeepsRoutes() async throws {
        mock.on(Contact.show(1), .resource(Contact(id: 1, name: "Ada")))
        _ = try await client.fetch(Contact.show(1))
        mock.resetRequests()
        #expect(mock.requests.isEmpty)
        _ = try await client.fetch(Contact.show(1))
        #expect(mock.requests.count == 1)
    }
}
