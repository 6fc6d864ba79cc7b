import Foundation
import ResgenRuntime
import Testing

/// Issue 25, item 7: some servers write ids as JSON numbers (`{"type": "films", "id": 2}`) although the
/// specification says strings. An integral number is unambiguous, so it is read wherever an id is
/// expected (primary data, linkage, `included`, unions' `other`); ids are still written as strings.
@Suite struct NumericIDTests {
    static let document = Data("""
        {"data": [
          {"type": "loans", "id": 1, "attributes": {"borrower": "Ada", "due": "2026-12-01"},
           "relationships": {"item": {"data": {"type": "films", "id": 2}}}},
          {"type": "loans", "id": "2", "attributes": {"borrower": "Alan", "due": "2026-12-02"},
           "relationships": {"item": {"data": {"type": "podcasts", "id": 7}}}}
        ],
         "included": [{"type": "films", "id": 2, "attributes": {"title": "Solaris", "minutes": 167}}]}
        """.utf8)

    @Test func integralNumbersAreReadAsIDs() throws {
        let document = try CatalogFixtures.codec.decodeDocument([Loan].self, from: Self.document, decoder: JSONDecoder(), includes: Loan.Include.item.paths)
        #expect(document.data.map(\.id) == [1, 2])
        #expect(document.data[0].item.id == .film(2))
        #expect(document.data[0].item.resolved?.id == .film(2), "the included film with a numeric id resolves")
        #expect(document.data[1].item.id == .other(ResourceIdentity(type: "podcasts", id: "7")))
        let items = try CatalogFixtures.codec.decodeDocument([Item].self, from: Data(#"{"data": [{"type": "podcasts", "id": 7}]}"#.utf8), decoder: JSONDecoder())
        #expect(items.data.map(\.id) == [.other(ResourceIdentity(type: "podcasts", id: "7"))])
    }

    @Test func otherNumbersAreStillErrors() {
        for id in ["1.5", "true", "[1]", "1e300"] {
            let document = Data(#"{"data": {"type": "films", "id": \#(id), "attributes": {"title": "T", "minutes": 1}}}"#.utf8)
            #expect(throws: DecodingError.self, "id \(id)") {
                try CatalogFixtures.codec.decodeDocument(Film?.self, from: document, decoder: JSONDecoder())
            }
        }
    }

    @Test func idsAreWrittenAsStrings() throws {
        let body = try JSONEncoder().encode(JSONAPIIdentifierObject(Item.self, id: .film(2)))
        #expect(String(decoding: body, as: UTF8.self).contains(#""id":"2""#))
    }
}
