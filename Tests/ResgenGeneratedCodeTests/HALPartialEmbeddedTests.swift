import Foundation
import Testing

@_spi(Generated) @testable import ResgenRuntime

/// Partial embedded resources (HAL: an embedded resource MAY be partial): one that lacks an attribute
/// its type requires no longer fails the whole document; traversal fetches it through its self link
/// (one request each), and one without a self link fails naming its JSON path.
@Suite struct HALPartialEmbeddedTests {
    func halDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.userInfo[.resgenWireFormat] = WireFormat.hal
        decoder.userInfo[.halDocumentURL] = URL(string: "https://shop.example/orders/1")
        return decoder
    }

    /// Decodes with JSONDecoder and with HALCodec's tape decoder, which must agree or decline (it leaves a
    /// document with a partial resource to JSONDecoder, whose errors say which resources are partial).
    func decode<T: Decodable & Equatable>(_ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> T {
        let decoder = halDecoder()
        let tape = TapeDecoder.decode(T.self, from: Data(json.utf8), like: decoder, userInfo: decoder.userInfo)
        do {
            let value = try decoder.decode(T.self, from: Data(json.utf8))
            #expect(tape == nil || tape == value, "the tape decoder agrees or declines", sourceLocation: sourceLocation)
            return value
        } catch {
            #expect(tape == nil, sourceLocation: sourceLocation)
            throw error
        }
    }

    static func order(items: String, customer: String? = nil) -> String {
        #"{"id": 1, "total": 3, "placed_at": "2026-01-01T10:00:00Z", "_links": {"self": {"href": "/orders/1"}}, "_embedded": {"ea:items": \#(items)\#(customer.map { #", "ea:customer": \#($0)"# } ?? "")}}"#
    }

    static let complete = #"{"id": 1, "name": "Tea", "price": 1.5, "_links": {"self": {"href": "/orders/1/items/1"}}}"#
    static let partial = #"{"id": 2, "name": "Cake", "_links": {"self": {"href": "/orders/1/items/2"}}}"#  // no price

    @Test func aPartialEmbeddedResourceIsItsSelfLinkNotAFailure() throws {
        let order = try decode(Order.self, Self.order(items: "[\(Self.complete), \(Self.partial)]"))
        #expect(order.items.resolved == nil, "not all of them are there")
        #expect(order.items.partialEmbedded?.partialCount == 1)
        #expect(order.items.partialEmbedded?.slots.last == .partial(URL(string: "https://shop.example/orders/1/items/2")!))
        let whole = try decode(Order.self, Self.order(items: "[\(Self.complete)]"))
        #expect(whole.items.resolved?.map(\.name) == ["Tea"] && whole.items.partialEmbedded == nil)
        // A single partial object, and a partial to-one whose relation has no link of its own.
        let single = try decode(Order.self, Self.order(items: Self.partial, customer: #"{"id": 9, "_links": {"self": {"href": "/contacts/9"}}}"#))
        #expect(single.items.partialEmbedded?.partialCount == 1)
        #expect(single.customer.resolved == nil && single.customer.link == URL(string: "https://shop.example/contacts/9"))
    }

    @Test func aPartialEmbeddedResourceWithoutASelfLinkFailsNamingItsPath() throws {
        let noSelf = #"{"id": 2, "name": "Cake"}"#
        let error = try #require(throws: DecodingError.self) { try decode(Order.self, Self.order(items: "[\(Self.complete), \(noSelf)]")) }
        #expect(error.pathDescription == "_embedded.ea:items[1].price")
        #expect(String(describing: error).contains("the embedded resource at '_embedded.ea:items[1]' is partial"))
        // What is there but wrong still fails as it did: a wrong type, or null for a required attribute.
        for item in [#"{"id": 2, "name": "Cake", "price": "x", "_links": {"self": {"href": "/i/2"}}}"#,
                     #"{"id": 2, "name": null, "price": 1, "_links": {"self": {"href": "/i/2"}}}"#] {
            #expect(throws: DecodingError.self) { try decode(Order.self, Self.order(items: "[\(item)]")) }
        }
    }

    @Test func traversalFetchesOnlyThePartialOnesOneRequestEach() async throws {
        let documents = HALTraversalTests.Documents(documents: [
            "/orders/1": Self.order(items: "[\(Self.complete), \(Self.partial)]", customer: #"{"id": 9, "_links": {"self": {"href": "/contacts/9"}}}"#),
            "/orders/1/items/2": #"{"id": 2, "name": "Cake", "price": 2.25, "_links": {"self": {"href": "/orders/1/items/2"}}}"#,
            "/contacts/9": #"{"id": 9, "name": "Ann", "_links": {"self": {"href": "/contacts/9"}}}"#,
        ])
        var configuration = Client.Configuration(codec: HALCodec())
        configuration.dateFormat = Contacts.dateFormat
        let client = Client(baseURL: URL(string: "https://shop.example")!, transport: documents, configuration: configuration)
        let traversal = try await client.traverse(Order.show(1), including: Order.Include.withItems.paths)
        #expect(traversal.value.items.resolved?.map(\.price) == [Decimal(string: "1.5")!, Decimal(string: "2.25")!])
        #expect(traversal.value.items.ids == [1, 2])
        #expect(traversal.requestCount == 2, "the order, and the partial item")
        let withCustomer = try await client.traverse(Order.show(1), including: Order.Include.withCustomer.paths)
        #expect(withCustomer.value.customer.resolved?.name == "Ann" && withCustomer.requestCount == 2)
        // Not included: nothing is fetched, and the partial relationship says it is not resolved.
        let plain = try await client.fetch(Order.show(1))
        #expect(plain.items.resolved == nil && plain.customer.resolved == nil)
    }
}
