import Foundation
import Testing

@_spi(Generated) @testable import ResgenRuntime

/// HAL unions (Schemas/media): a relationship or collection of several resource types decodes each
/// member as the model its discriminator names — a property, the collection path of its self link, or
/// its `_embedded` key — whether embedded or reached by following links.
@Suite struct HALUnionTests {
    static let book2 = #"{"id":2,"title":"Dune","kind":"book","_links":{"self":{"href":"/books/2"},"author":{"href":"/authors/1"}}}"#
    static let film2 = #"{"id":2,"title":"Solaris","minutes":167,"kind":"film","_links":{"self":{"href":"/films/2"}}}"#
    static let podcast = #"{"title":"Radiolab","kind":"podcast","_links":{"self":{"href":"/podcasts/7"}}}"#

    static func documents() -> CountingDocuments {
        CountingDocuments([
            "/books/2": book2,
            "/films/2": film2,
            "/authors/1": #"{"id":1,"name":"Frank Herbert","_links":{"self":{"href":"/authors/1"}}}"#,
            "/loans/1": #"{"id":1,"borrower":"Ada","_links":{"self":{"href":"/loans/1"},"item":{"href":"/films/2"}}}"#,
            "/loans/2": #"{"id":2,"borrower":"Alan","_links":{"self":{"href":"/loans/2"}},"_embedded":{"item":\#(book2)}}"#,
            "/items": #"{"_links":{"self":{"href":"/items"}},"_embedded":{"items":[\#(book2),\#(film2),\#(podcast)]}}"#,
            "/media": #"{"_links":{"self":{"href":"/media"}},"_embedded":{"films":[\#(film2)],"books":[\#(book2)],"other":[{"x":1}]}}"#,
            "/shelves/1": #"{"id":1,"name":"Twos","_links":{"self":{"href":"/shelves/1"},"items":[{"href":"/books/2"},{"href":"/films/2"}]}}"#,
            "/shelves/2": #"{"id":2,"name":"Embedded","_links":{"self":{"href":"/shelves/2"}},"_embedded":{"items":[\#(film2),\#(podcast)]}}"#,
        ])
    }

    @Test func aPropertyTellsEmbeddedAndLinkedMembers() async throws {
        let transport = Self.documents()
        let client = transport.client()
        let linked = try await client.fetch(Loan.show(1), including: .item)
        guard case .film(let solaris)? = linked.item.resolved else { Issue.record("loan 1's item is not a film: \(String(describing: linked.item.resolved))"); return }
        #expect(solaris.minutes == 167)
        let embedded = try await client.fetch(Loan.show(2), including: .itemWithAuthor)
        guard case .book(let dune)? = embedded.item.resolved else { Issue.record("loan 2's item is not a book"); return }
        #expect(dune.author?.resolved?.name == "Frank Herbert", "item.author continues on books")
        #expect(embedded.item.id == .book(2))
    }

    @Test func aPolymorphicCollectionKeepsAnUnknownKindAsOther() async throws {
        let client = Self.documents().client()
        let items = try await client.fetch(Item.list())
        #expect(items.map(\.id) == [.book(2), .film(2), .other(ResourceIdentity(type: "podcast", id: "/podcasts/7"))])
        let withAuthors = try await client.fetch(Item.list(), including: .authors)
        guard case .book(let dune) = withAuthors[0] else { Issue.record("the first item is not a book"); return }
        #expect(dune.author?.resolved?.name == "Frank Herbert")
    }

    @Test func theSelfLinkTellsLinkedAndEmbeddedMembers() async throws {
        let transport = Self.documents()
        let client = transport.client()
        let shelf = try await client.fetch(Shelf.show(1), including: .items)
        #expect(shelf.items.resolved?.map(\.id) == [.book(2), .film(2)], "each followed link decoded as its own type")
        let embedded = try await client.fetch(Shelf.show(2), including: .items)
        #expect(embedded.items.resolved?.map(\.id) == [.film(2), .other(ResourceIdentity(type: "/podcasts/7", id: "/podcasts/7"))])
    }

    @Test func theEmbeddedKeyTellsMembersOfACollection() async throws {
        let client = Self.documents().client()
        let media = try await client.fetch(Medium.list())
        #expect(media.map(\.id) == [.book(2), .film(2)], "members in the union's order, entries that are no member's left out")
    }

    @Test func theUnionConformsAsAHALResource() throws {
        #expect(Item.halRelations.map(\.key) == ["author"])
        #expect(Item.relationshipKeys == ["author"])
        var item = Item.book(Book(id: 2, title: "Dune"))
        item.links = HALLinks(["self": .one(HALLink(href: "/books/2"))])
        #expect(item.links.selfLink?.href == "/books/2")
        #expect(Medium.halDiscriminator == .embeddedKey(keys: ["books", "films"]))
        #expect(Shelved.halDiscriminator == .selfLink(paths: ["/books", "/films"]))
    }

    @Test func aMemberWithoutItsDiscriminatorIsADecodingError() async throws {
        let transport = CountingDocuments(["/loans/3": #"{"id":3,"borrower":"Grace","_embedded":{"item":{"id":1,"title":"?"}}}"#])
        await #expect(throws: (any Error).self) {
            _ = try await transport.client().fetch(Loan.show(3), including: .item)
        }
    }
}
