import Foundation
import Logging
import Testing

@_spi(Generated) @testable import ResgenRuntime

/// The rest of the HAL draft: links chosen by `name`, deprecated links announced when followed, and
/// CURIEs that embedded resources inherit from the documents they are embedded in.
@Suite struct HALLinkSelectionTests {
    func halDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.userInfo[.resgenWireFormat] = WireFormat.hal
        decoder.userInfo[.halDocumentURL] = URL(string: "https://api.example.org/orders")
        return decoder
    }

    /// Decodes with JSONDecoder and with HALCodec's tape decoder, which must agree.
    func decode<T: Decodable & Equatable>(_ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> T {
        let decoder = halDecoder()
        let value = try decoder.decode(T.self, from: Data(json.utf8))
        let tape = TapeDecoder.decode(T.self, from: Data(json.utf8), like: decoder, userInfo: decoder.userInfo)
        #expect(tape == value, "the tape decoder agrees", sourceLocation: sourceLocation)
        return value
    }

    // MARK: name

    @Test func aLinkIsSelectableByName() throws {
        let links = try decode(HALLinks.self, #"""
            {"curies": [{"name": "ea", "href": "/rels/{rel}", "templated": true}],
             "ea:admin": [{"href": "/admins/2", "name": "fred"}, {"href": "/admins/5", "name": "kate"}],
             "help": {"href": "/help", "name": "manual"}}
            """#)
        #expect(links.link("ea:admin", named: "kate")?.url == URL(string: "https://api.example.org/admins/5"))
        #expect(links.link("/rels/admin", named: "fred")?.href == "/admins/2")  // under any spelling
        #expect(links.link("ea:admin", named: "bob") == nil && links.link("nope", named: "fred") == nil)
        #expect(links.link("help", named: "manual")?.href == "/help" && links.link("help", named: "other") == nil)
        #expect(links["ea:admin"]?.link(named: "fred")?.href == "/admins/2")
    }

    // MARK: deprecation

    @Test func followingADeprecatedLinkLogsAWarningOncePerURLWithItsURLRedacted() async throws {
        let website = #"{"href": "/websites/1?api_key=s3cret", "deprecation": "https://api.example.org/deprecations/websites?token=t0ken"}"#
        let documents = HALTraversalTests.Documents(documents: [
            "/contacts/1": #"{"id": 1, "name": "A", "_links": {"website": \#(website), "contacts": [{"href": "/contacts/2"}]}}"#,
            "/contacts/2": #"{"id": 2, "name": "B", "_links": {"website": \#(website)}}"#,
            "/websites/1?api_key=s3cret": #"{"id": 1, "url": "https://example.org"}"#,
        ])
        let log = CapturedLog()
        var options = HALTraversalOptions()
        options.logger = log.logger
        let client = Client(baseURL: URL(string: "https://api.example.org")!, transport: documents, configuration: .init(codec: HALCodec(options: options)))
        let contact = try await client.fetch(Contact.show(1), including: ["website", "[contacts].website"])
        #expect(contact.website?.resolved?.id == 1 && contact.contacts.resolved?.first?.website?.resolved?.id == 1)
        let warnings = log.messages.filter { $0.level == .warning }.map(\.message)
        #expect(warnings.count == 1, "once per URL: \(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.contains("https://api.example.org/websites/1?api_key=<redacted>"))
        #expect(warning.contains("https://api.example.org/deprecations/websites?token=<redacted>"))
        #expect(!warning.contains("s3cret") && !warning.contains("t0ken"))
        // Links without a deprecation are followed without a word.
        let quiet = CapturedLog()
        options.logger = quiet.logger
        let plain = HALTraversalTests.Documents(documents: [
            "/contacts/1": #"{"id": 1, "name": "A", "_links": {"website": {"href": "/websites/1"}}}"#, "/websites/1": #"{"id": 1, "url": "https://example.org"}"#,
        ])
        _ = try await Client(baseURL: URL(string: "https://api.example.org")!, transport: plain, configuration: .init(codec: HALCodec(options: options)))
            .fetch(Contact.show(1), including: ["website"])
        #expect(quiet.messages.isEmpty)
    }

    // MARK: CURIEs

    /// A collection defines `ea` once; its items write relations as the URIs `ea` expands to, and nest a
    /// resource of their own that writes the CURIE.
    static let collection = #"""
        {"_links": {"self": {"href": "/orders"}, "curies": [{"name": "ea", "href": "https://rels.example.org/{rel}", "templated": true}]},
         "_embedded": {"orders": [
           {"id": 1, "total": 10, "placed_at": "2026-01-01T10:00:00Z",
            "_links": {"self": {"href": "/orders/1"}, "https://rels.example.org/customer": {"href": "/contacts/1"}},
            "_embedded": {"https://rels.example.org/customer": {"id": 1, "name": "Ann", "_links": {"ea:orders": {"href": "/contacts/1/orders"}}}}}
         ]}}
        """#

    @Test func embeddedResourcesInheritTheirParentsCURIEs() throws {
        let decoder = halDecoder()
        let document = try decoder.decode(HALCollectionDocumentProbe.self, from: Data(Self.collection.utf8))
        let order = try #require(document.items.first)
        #expect(order.customer.link == URL(string: "https://api.example.org/contacts/1"))  // `ea:customer`, written expanded
        #expect(order.customer.resolved?.name == "Ann")
        // The grandchild inherits them too: `ea:orders` read back as the URI.
        #expect(order.customer.resolved?.links["https://rels.example.org/orders"]?.links.first?.href == "/contacts/1/orders")
        #expect(order.links.spellings(of: "ea:customer") == ["ea:customer", "https://rels.example.org/customer"])
        let tape = TapeDecoder.decode(HALCollectionDocumentProbe.self, from: Data(Self.collection.utf8), like: decoder, userInfo: decoder.userInfo)
        #expect(tape?.items == document.items)
        // Untyped documents alike.
        let untyped = try decode(HALDocument.self, Self.collection)
        let item = try #require(untyped.embedded("orders")?.first)
        #expect(item.embeddedOne("ea:customer")?["name"] == .string("Ann"))
        #expect(item.embeddedOne("ea:customer")?.links.link("https://rels.example.org/orders")?.href == "/contacts/1/orders")
        // Without the parent, the relation is found only as written.
        let alone = try decode(Order.self, #"{"id": 1, "total": 1, "placed_at": "2026-01-01T10:00:00Z", "_links": {"https://rels.example.org/customer": {"href": "/contacts/1"}}}"#)
        #expect(alone.customer.link == nil)
    }

    @Test func aResourcesOwnCURIEsTakePrecedence() throws {
        let document = try decode(HALDocument.self, #"""
            {"_links": {"curies": [{"name": "ea", "href": "https://old.example.org/{rel}", "templated": true}]},
             "_embedded": {"item": {"_links": {"curies": [{"name": "ea", "href": "https://new.example.org/{rel}", "templated": true}],
                                               "https://new.example.org/x": {"href": "/x"}}}}}
            """#)
        let item = try #require(document.embeddedOne("item"))
        #expect(item.links.spellings(of: "ea:x") == ["ea:x", "https://new.example.org/x"])
        #expect(item.links.link("ea:x")?.href == "/x")
    }

    /// `count` CURIEs `prefix0`…, each expanding to a URI of its own.
    static func curies(_ count: Int, prefix: String = "c") -> String {
        "[" + (0..<count).map { #"{"name": "\#(prefix)\#($0)", "href": "https://rels.example.org/\#(prefix)\#($0)/{rel}", "templated": true}"# }
            .joined(separator: ", ") + "]"
    }

    /// Every relation a resource decodes is checked against each CURIE in scope, and an embedded resource
    /// that defines its own keeps a list with the inherited ones: more than `HALLinks.maximumCURIEs` in
    /// scope of one resource is refused, by both decoders alike, where the resource's `_links` is.
    @Test func atMostMaximumCURIEsAreInScopeOfOneResource() throws {
        let maximum = HALLinks.maximumCURIEs
        let full = try decode(HALLinks.self, #"{"curies": \#(Self.curies(maximum)), "c\#(maximum - 1):x": {"href": "/x"}}"#)
        #expect(full.curies.count == maximum)
        #expect(full.link("https://rels.example.org/c\(maximum - 1)/x")?.href == "/x")  // the last one counts
        // An embedded resource without CURIEs of its own inherits all of them.
        let inherits = try decode(HALDocument.self, #"""
            {"_links": {"curies": \#(Self.curies(maximum))},
             "_embedded": {"item": {"_links": {"https://rels.example.org/c0/y": {"href": "/y"}}}}}
            """#)
        #expect(inherits.embeddedOne("item")?.links.link("c0:y")?.href == "/y")
        // Its own that redefine inherited names do not count twice.
        let redefines = try decode(HALDocument.self, #"""
            {"_links": {"curies": \#(Self.curies(maximum))},
             "_embedded": {"item": {"_links": {"curies": [{"name": "c0", "href": "/own/{rel}", "templated": true}], "/own/y": {"href": "/y"}}}}}
            """#)
        #expect(redefines.embeddedOne("item")?.links.link("c0:y")?.href == "/y")

        let refused: [(json: String, path: [String])] = [
            (#"{"id": 1, "name": "A", "_links": {"curies": \#(Self.curies(maximum + 1))}}"#, ["_links"]),
            // Each list within the limit, but not together: the embedded resource is refused.
            (#"""
                {"id": 1, "name": "A", "_links": {"curies": \#(Self.curies(maximum / 2 + 1))},
                 "_embedded": {"contacts": [{"id": 2, "name": "B", "_links": {"curies": \#(Self.curies(maximum / 2, prefix: "d"))}}]}}
                """#, ["_embedded", "contacts", "Index 0", "_links"]),
        ]
        for (json, path) in refused {
            let decoder = halDecoder()
            let error = #expect(throws: DecodingError.self) { try decoder.decode(Contact.self, from: Data(json.utf8)) }
            guard case .dataCorrupted(let context)? = error else {
                Issue.record("expected dataCorrupted, got \(String(describing: error))")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == path)
            #expect(context.debugDescription.contains("HALLinks.maximumCURIEs"))
            #expect(TapeDecoder.decode(Contact.self, from: Data(json.utf8), like: decoder, userInfo: decoder.userInfo) == nil)
            #expect(throws: DecodingError.self) { try decoder.decode(HALDocument.self, from: Data(json.utf8)) }
        }
    }

    /// A `_links` of more than a handful of relations finds duplicates in a set rather than by searching:
    /// the first of repeated relations still wins, and a `null` still hides a later duplicate, as
    /// JSONDecoder reads them.
    @Test func aWideLinksObjectKeepsTheFirstOfRepeatedRelations() throws {
        let many = (0..<40).map { #""r\#($0)": {"href": "/\#($0)"}"# }.joined(separator: ", ")
        let links = try decode(HALLinks.self, #"{\#(many), "r3": {"href": "/again"}, "gone": null, "gone": {"href": "/late"}, "self": "/s"}"#)
        #expect(links.relations.count == 41)
        #expect(links.link("r3")?.href == "/3" && links["gone"] == nil && links.selfLink?.href == "/s")
    }
}

/// HAL collection decoding of `[Order]` as HALCodec does it, as a `Decodable` a test can call.
struct HALCollectionDocumentProbe: Decodable {
    var items: [Order]

    init(from decoder: any Decoder) throws {
        items = try HALCollectionDocument<Order>(from: decoder).items
    }
}
