import Foundation
import HTTPTypes
import Testing

@_spi(Generated) @testable import ResgenRuntime

/// Generated HAL decoding on documents shaped the ways servers differ (no server needed).
@Suite struct HALDecodingTests {
    /// Decodes `json` with JSONDecoder and with the tape decoder HALCodec uses, which must agree: the
    /// same value, or both fail (the tape decoder then leaves the error to JSONDecoder).
    func decode<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, base: String = "https://api.example.org/contacts/1", sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.userInfo[.resgenWireFormat] = WireFormat.hal
        decoder.userInfo[.halDocumentURL] = URL(string: base)
        let data = Data(json.utf8)
        let tape = TapeDecoder.decode(T.self, from: data, like: decoder, userInfo: decoder.userInfo)
        do {
            let value = try decoder.decode(T.self, from: data)
            #expect(tape == value, "HALCodec's tape decoder decodes it alike", sourceLocation: sourceLocation)
            return value
        } catch {
            #expect(tape == nil, sourceLocation: sourceLocation)
            throw error
        }
    }

    @Test func anOptionalAttributeNotSentIsUnknownNullIsAKnownNilAndOnlyKnownOnesAreSent() throws {
        let json = #"{"id": 1, "name": "Ann", "phone_number": null, "_links": {"self": {"href": "/contacts/1"}}}"#
        let contact = try decode(Contact.self, json)
        let decoder = JSONDecoder()
        decoder.userInfo[.resgenWireFormat] = WireFormat.hal
        let tape = try #require(TapeDecoder.decode(Contact.self, from: Data(json.utf8), like: decoder, userInfo: decoder.userInfo))
        for value in [contact, tape] {
            #expect(!value.isKnown(.email), "not sent")
            #expect(value.isKnown(.phone), "null is a known nil")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.userInfo[.resgenWireFormat] = WireFormat.hal
        // The website link is absent (HAL has no null links), so `website` is nil: the schema writes it as a
        // URI property (`write: uri`), and nil is a known "none", sent as null.
        #expect(String(decoding: try encoder.encode(contact), as: UTF8.self) == #"{"name":"Ann","phone_number":null,"website":null}"#)
        var cleared = contact
        cleared.email = nil
        #expect(String(decoding: try encoder.encode(cleared), as: UTF8.self) == #"{"email":null,"name":"Ann","phone_number":null,"website":null}"#)
    }

    @Test func idFromTheSelfLinkAndCuriesWrittenAsFullURIs() throws {
        let contact = try decode(Contact.self, #"""
            {"name": "Ann", "_links": {
              "self": {"href": "/contacts/42"},
              "curies": [{"name": "ea", "href": "https://rels.example.org/{rel}", "templated": true}],
              "https://rels.example.org/orders": {"href": "orders"},
              "contacts": {"href": "/contacts/7"}
            }}
            """#)
        #expect(contact.id == 42)  // no `id` property: the self link's last segment
        #expect(contact.orders.link == URL(string: "https://api.example.org/contacts/orders"))  // relative to the document
        #expect(contact.links.spellings(of: "https://rels.example.org/orders") == ["https://rels.example.org/orders", "ea:orders"])
        #expect(contact.contacts.link == URL(string: "https://api.example.org/contacts/7"))
        guard case .one = contact.links["contacts"] else {
            Issue.record("a single link object stays one")
            return
        }
    }

    @Test func embeddedAsObjectOrArrayForEitherCardinality() throws {
        let order = try decode(Order.self, #"""
            {"id": 3, "total": 1, "placed_at": "2026-01-01T00:00:00Z",
             "_links": {"self": {"href": "/orders/3"}},
             "_embedded": {
               "ea:items": {"id": 1, "name": "One", "price": 2},
               "ea:customer": [{"id": 9, "name": "Zoe", "_embedded": {"website": [{"id": 5, "url": "https://zoe.example"}]}}]
             }}
            """#)
        #expect(order.items.resolved?.map(\.name) == ["One"] && order.items.ids == [1])
        #expect(order.customer.resolved?.name == "Zoe" && order.customer.id == 9)
        #expect(order.customer.resolved?.website?.resolved?.url == URL(string: "https://zoe.example"))
    }

    @Test func relationshipLinksResolveWhenReadAndCompareByURL() throws {
        let contact = try decode(Contact.self, #"""
            {"id": 1, "name": "Ann", "_links": {"website": {"href": "../websites/3"}, "ea:orders": {"href": "orders?page=2"}}}
            """#)
        // Kept as hrefs while decoding; equal (and hashed alike) to relationships holding the resolved URLs.
        let orders = ToMany<Order>(link: URL(string: "https://api.example.org/contacts/orders?page=2"))
        let website = ToOne<Website>(link: URL(string: "https://api.example.org/websites/3"))
        #expect(contact.orders == orders && contact.website == website)
        #expect(Set([contact.orders, orders]).count == 1 && Set([contact.website, website]).count == 1)
        var changed = contact
        changed.orders.link = nil
        #expect(changed.orders.link == nil && changed.orders.isEmpty && changed != contact)
    }

    @Test func curiesAsOneObjectNullLinksAndWrongShapes() throws {
        // `curies` is an array by the spec; a single object still defines the CURIE.
        let links = try decode(HALLinks.self, #"""
            {"curies": {"name": "ea", "href": "https://rels.example.org/{rel}", "templated": true},
             "ea:orders": [{"href": "/orders/1"}, {"href": "/orders/2"}]}
            """#)
        #expect(links.links("https://rels.example.org/orders").map(\.href) == ["/orders/1", "/orders/2"])
        #expect(links.curies.map(\.name) == ["ea"])
        let contact = try decode(Contact.self, #"{"id": 2, "name": "Bo", "_links": null}"#)
        #expect(contact.links.isEmpty && contact.website == nil && contact.orders.isEmpty)
        // A bare string is a link with that href (drf-hal-json; see HALLenientFormsTests).
        #expect(try decode(HALLinks.self, #"{"self": "/contacts/1"}"#).selfLink?.href == "/contacts/1")
        #expect(throws: DecodingError.self) { try decode(HALLinks.self, #"{"self": {"title": "no href"}}"#) }
        #expect(throws: DecodingError.self) { try decode(Contact.self, #"{"id": 3, "name": "Cy", "_links": []}"#) }
    }

    /// HALCodec reads a resource's `_links` straight from the parsed document; `decode` checks it against
    /// JSONDecoder on every shape: escaped and repeated keys, `null` properties, unknown ones, and errors.
    @Test func linksReadStraightFromTheDocumentAgreeWithDecodable() throws {
        let contact = try decode(Contact.self, #"""
            {"id": 1, "name": "Ann", "_links": {
              "self": {"hr\u0065f": "/contacts/1", "title": null, "templated": null, "extra": {"x": [1]}, "name": "n", "name": "dup"},
              "contacts": [],
              "website": {"href": "/websites/1", "href": "/websites/2"},
              "website": {"href": "/ignored"},
              "ea:orders": {"href": "/orders{?page}", "templated": true},
              "curies": [{"name": "ea", "href": "/rels/{rel}", "templated": true}],
              "https://rels.example.org/unknown": {"href": "u", "type": "t", "deprecation": "d", "profile": "p", "hreflang": "de"}
            }}
            """#)
        #expect(contact.links.selfLink?.href == "/contacts/1" && contact.links.selfLink?.name == "n")
        #expect(contact.website?.link == URL(string: "https://api.example.org/websites/1"))
        #expect(contact.links.link("https://rels.example.org/unknown")?.hreflang == "de")
        let twice = try decode(Contact.self, #"{"id": 1, "name": "A", "_links": {"self": {"href": "/1"}}, "_links": {"self": {"href": "/2"}}}"#)
        #expect(twice.links.selfLink?.href == "/1")
        // Lenient forms real servers write: a non-Boolean `templated` is false, a string is an href,
        // `null` is no link (HALLenientFormsTests).
        let lenient = try decode(Contact.self, #"{"id": 1, "name": "A", "_links": {"self": {"templated": "yes", "href": "/x"}, "contacts": [{"href": "/a"}, "b"], "website": null}}"#)
        #expect(lenient.links.selfLink?.templated == false && lenient.links.links("contacts").map(\.href) == ["/a", "b"])
        #expect(lenient.website == nil && lenient.links["website"] == nil)
        for links in [
            #"{"self": {"href": 5}}"#, #"{"self": {"href": null}}"#, #"{"contacts": [{"href": "/a"}, 2]}"#, #"{"self": 1}"#,
            #"{"self": [null]}"#, "5", "[]",
        ] {
            #expect(throws: DecodingError.self, "\(links)") { try decode(Contact.self, #"{"id": 1, "name": "A", "_links": \#(links)}"#) }
        }
    }

    /// When the tape decoder declines (here: an error), HALCodec's answer is JSONDecoder's, error and all.
    @Test func halCodecErrorsAreJSONDecodersOwn() {
        let context = ResponseContext(decoder: JSONDecoder(), url: URL(string: "https://api.example.org/contacts/1")!, response: HTTPResponse(status: .ok))
        for json in [#"{"id": "x", "name": "A"}"#, #"{"id": 1, "_links": {"self": {"href": 5}}}"#, #"{"id": 1, "name": }"#] {
            let data = Data(json.utf8)
            let viaCodec = #expect(throws: DecodingError.self) { try HALCodec().decodeResource(Contact.self, from: data, context: context) }
            let direct = #expect(throws: DecodingError.self) { try HALCodec.decoder(context).decode(Contact.self, from: data) }
            #expect(viaCodec.map { "\($0)" } == direct.map { "\($0)" })
        }
    }

    @Test func missingIdAndSelfLinkIsADecodingError() {
        #expect(throws: DecodingError.self) { try decode(Website.self, #"{"url": "https://x.example"}"#) }
    }

    @Test func halBodiesCarryWritableAttributesOnly() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.userInfo[.resgenWireFormat] = WireFormat.hal
        encoder.dateEncodingStrategy = .iso8601
        var order = Order(id: 1, total: 5, placedAt: Date(timeIntervalSince1970: 0), items: ToMany(ids: [1]))
        order.links = HALLinks(["self": .one(HALLink(href: "/orders/1"))])
        #expect(String(decoding: try encoder.encode(order), as: UTF8.self) == #"{"currency":"EUR","status":"pending","total":5}"#)
    }

    @Test func plainFormIsUnchanged() throws {
        let contact = try JSONDecoder().decode(Contact.self, from: Data(#"{"id": 1, "name": "Ann", "contacts": {"ids": [2]}}"#.utf8))
        #expect(contact.contacts.ids == [2] && contact.links.isEmpty)
    }

    @Test func linksKeepEveryPropertyThroughCoding() throws {
        let links = try decode(HALLinks.self, #"""
            {"about": [{"href": "a", "type": "text/html", "deprecation": "d", "name": "n", "profile": "p", "title": "t", "hreflang": "de"}],
             "find": {"href": "/s{?q}", "templated": true}}
            """#)
        let about = try #require(links.link("about"))
        #expect(about.type == "text/html" && about.deprecation == "d" && about.name == "n" && about.profile == "p" && about.title == "t" && about.hreflang == "de")
        #expect(try links.link("find")?.url(expanding: ["q": "a b"]) == URL(string: "https://api.example.org/s?q=a%20b"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let again = try decode(HALLinks.self, String(decoding: try encoder.encode(links), as: UTF8.self))
        #expect(again == links)
    }
}
