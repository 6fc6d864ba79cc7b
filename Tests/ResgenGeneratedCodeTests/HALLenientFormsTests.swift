import Foundation
import Testing

@_spi(Generated) @testable import ResgenRuntime

/// The non-standard HAL that real servers write (drf-hal-json: links as bare strings, link arrays of
/// strings, `null` links; servers that write `templated` as a string), read by both decoders alike, and
/// decoding errors that name the same JSON path every time.
@Suite struct HALLenientFormsTests {
    /// Decodes `json` with JSONDecoder and with the tape decoder HALCodec uses, which must agree.
    func decode<T: Decodable & Equatable>(_ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> T {
        let decoder = halDecoder()
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

    func halDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[.resgenWireFormat] = WireFormat.hal
        decoder.userInfo[.halDocumentURL] = URL(string: "http://talks.example/talks/1/")
        return decoder
    }

    @Test func aBareStringIsALinkWithThatHref() throws {
        let contact = try decode(Contact.self, #"""
            {"name": "Ann", "_links": {"self": "http://talks.example/contacts/7/", "website": "/websites/3/"}}
            """#)
        #expect(contact.id == 7)  // from the self link's last segment
        #expect(contact.links["self"] == .one(HALLink(href: "http://talks.example/contacts/7/", base: URL(string: "http://talks.example/talks/1/"))))
        #expect(contact.website?.link == URL(string: "http://talks.example/websites/3/"))
    }

    @Test func aLinkArrayMayHoldStringsAndObjects() throws {
        let contact = try decode(Contact.self, #"""
            {"id": 1, "name": "Ann", "_links": {"contacts": ["/contacts/2/", {"href": "/contacts/3/", "title": "Bob"}]}}
            """#)
        let links = try #require(contact.links["contacts"])
        guard case .many(let array) = links else {
            Issue.record("an array stays an array: \(links)")
            return
        }
        #expect(array.map(\.url) == [URL(string: "http://talks.example/contacts/2/"), URL(string: "http://talks.example/contacts/3/")])
        #expect(array.map(\.title) == [nil, "Bob"])
    }

    @Test func aNullLinkIsNoLink() throws {
        let links = try decode(HALLinks.self, #"{"self": {"href": "/talks/?page=2"}, "previous": null, "next": null}"#)
        #expect(links.relations.keys.sorted() == ["self"])
        #expect(links.link("previous") == nil && links["next"] == nil)
        let contact = try decode(Contact.self, #"{"id": 1, "name": "Ann", "_links": {"website": null}}"#)
        #expect(contact.website == nil)
        // A duplicate after `null` does not count either, in both decoders.
        let duplicate = try decode(HALLinks.self, #"{"next": null, "next": {"href": "/talks/?page=3"}}"#)
        #expect(duplicate.isEmpty)
    }

    @Test func aNonBooleanTemplatedCountsAsFalse() throws {
        let links = try decode(HALLinks.self, #"""
            {"find": {"href": "/talks{?q}", "templated": "true"}, "one": {"href": "/talks/1", "templated": 1}, "real": {"href": "/talks{?q}", "templated": true}}
            """#)
        #expect(links.link("find")?.templated == false && links.link("find")?.href == "/talks{?q}")
        #expect(links.link("one")?.templated == false && links.link("one")?.url == URL(string: "http://talks.example/talks/1"))
        #expect(links.link("real")?.templated == true && links.link("real")?.url == nil)
    }

    @Test func whatIsStillNotALinkFails() throws {
        for json in [#"{"self": 5}"#, #"{"self": [5]}"#, #"{"self": {"title": "no href"}}"#, #"{"self": [null]}"#] {
            #expect(throws: DecodingError.self, "\(json)") { try decode(HALLinks.self, json) }
        }
    }

    /// JSONDecoder lists an object's keys in hash order, which differs between dictionaries: the error
    /// used to name whichever bad relation came first in it.
    @Test func aDecodingErrorNamesTheSameRelationEveryTime() throws {
        let relations = (0..<40).map { String(format: "r%02d", $0) }.shuffled()
        let json = "{" + relations.map { #""\#($0)": {"href": 5}"# }.joined(separator: ", ") + "}"
        let document = #"{"id": 1, "name": "Ann", "_links": \#(json)}"#
        var paths: Set<String> = []
        for _ in 0..<25 {
            for decode in [{ _ = try self.halDecoder().decode(HALLinks.self, from: Data(json.utf8)) },
                           { _ = try self.halDecoder().decode(Contact.self, from: Data(document.utf8)) },
                           { _ = try self.halDecoder().decode(HALDocument.self, from: Data(document.utf8)) }] {
                do {
                    try decode()
                    Issue.record("bad links decoded")
                } catch let error as DecodingError {
                    paths.insert(error.pathDescription.replacingOccurrences(of: "_links.", with: ""))
                }
            }
        }
        #expect(paths == ["r00.href"])
    }

    @Test func aDecodingErrorInEmbeddedResourcesNamesTheSameEntryEveryTime() throws {
        let rels = (0..<30).map { String(format: "e%02d", $0) }.shuffled()
        let json = #"{"_embedded": {"# + rels.map { #""\#($0)": {"_links": {"self": {"href": 1}}}"# }.joined(separator: ", ") + "}}"
        var paths: Set<String> = []
        for _ in 0..<25 {
            do {
                _ = try halDecoder().decode(HALDocument.self, from: Data(json.utf8))
            } catch let error as DecodingError {
                paths.insert(error.pathDescription)
            }
        }
        #expect(paths == ["_embedded.e00._links.self.href"])
    }
}

/// drf-hal-json's page: `_embedded` as an array of the items, links as strings, `null` neighbours.
@Suite struct HALEmbeddedArrayTests {
    static let page = #"""
        {"_links": {"self": "http://talks.example/contacts/?page=2", "next": null, "previous": "http://talks.example/contacts/"},
         "count": 3, "page_size": 2,
         "_embedded": [{"id": 3, "name": "Cy", "_links": {"self": "http://talks.example/contacts/3/", "contacts": ["http://talks.example/contacts/1/"]}}]}
        """#

    @Test func aCollectionsEmbeddedArrayIsItsItems() async throws {
        let documents = HALTraversalTests.Documents(documents: ["/contacts": Self.page])
        let client = Client(baseURL: URL(string: "http://talks.example")!, transport: documents, configuration: .init(codec: HALCodec()))
        let page = try await client.page(Contact.self, at: URL(string: "http://talks.example/contacts")!)
        #expect(page.items.map(\.name) == ["Cy"] && page.items.first?.contacts.ids == nil)
        #expect(page.items.first?.links.links("contacts").map(\.url) == [URL(string: "http://talks.example/contacts/1/")])
        #expect(page.next == nil && page.previous == URL(string: "http://talks.example/contacts/"))
        #expect(page.meta?["count"] == .number(3))
        // The tape decoder agrees.
        let decoder = JSONDecoder()
        decoder.userInfo[.resgenWireFormat] = WireFormat.hal
        let tape = TapeDecoder.decode(HALCollectionDocument<Contact>.self, from: Data(Self.page.utf8), like: decoder, userInfo: decoder.userInfo)
        #expect(tape?.items == (try decoder.decode(HALCollectionDocument<Contact>.self, from: Data(Self.page.utf8))).items)
    }

    /// In a resource, an array names no relation: it stays an error that names `_embedded`.
    @Test func aResourcesEmbeddedArrayIsAnErrorNamingIt() throws {
        let decoder = JSONDecoder()
        decoder.userInfo[.resgenWireFormat] = WireFormat.hal
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode(Contact.self, from: Data(#"{"id": 1, "name": "A", "_embedded": [{"id": 2, "name": "B"}]}"#.utf8))
        }
        #expect(error.pathDescription == "_embedded")
    }
}
