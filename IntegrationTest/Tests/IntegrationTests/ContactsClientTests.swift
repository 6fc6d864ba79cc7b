import ContactsClient
import Foundation
import ResgenRuntime
import Testing

/// The HAL client generated at build time by ResgenBuildPlugin (target ContactsClient).
@Suite struct ContactsClientTests {
    @Test func buildsPathsIncludesAndLinks() {
        #expect(Contacts.format == .hal)
        #expect(Contact.show(7).path == "/contacts/7")
        #expect((Order.show(3) / OrderItem.list()).path == "/orders/3/items")
        #expect(Contact.Include.website.paths.map(\.halDescription) == ["website"])
        #expect(Contact.Link.search.rawValue == "ea:find")
    }

    @Test func decodesAContactAndAnOrder() throws {
        let contact = try JSONDecoder().decode(
            Contact.self,
            from: Data(#"{"id": 1, "name": "Ann", "email": "ann@example.org", "phone_number": "123"}"#.utf8)
        )
        #expect(contact.phone == "123")
        #expect(contact.displayName == "Ann <ann@example.org>")

        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let order = try decoder.decode(
            Order.self,
            from: Data(#"{"id": 1, "total": 12.5, "placed_at": "2026-01-01T00:00:00Z"}"#.utf8)
        )
        #expect(order.currency == "EUR")
        #expect(order.status == .pending)
    }
}
