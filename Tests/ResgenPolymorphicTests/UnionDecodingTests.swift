import Foundation
import ResgenRuntime
import Testing

/// The generated Catalog client reads the polymorphic server's recorded answers: every member of a
/// polymorphic relationship or collection lands in the case its `type` names, ids that repeat across
/// types stay apart, and includes resolve by (type, id).
@Suite struct UnionDecodingTests {
    @Test func aToOneUnionHoldsTheTypeTheServerNamed() throws {
        let loans = try CatalogFixtures.collection(Loan.self, "loans")
        #expect(loans.map(\.item.id) == [.film(2), .book(2), .album(1), .book(4)], "loan 1 borrows film 2 while book 2 exists")
        #expect(loans.allSatisfy { $0.item.resolved == nil })
        #expect(loans[0].item.id?.description == "films/2")
    }

    @Test func includesResolveIntoTheRightCase() throws {
        let loans = try CatalogFixtures.collection(Loan.self, "loans-include-item", including: Loan.Include.item.paths)
        guard case .film(let film)? = loans[0].item.resolved else { Issue.record("loan 1's item is not a film: \(String(describing: loans[0].item.resolved))"); return }
        #expect(film.id == 2 && film.title == "Solaris" && film.minutes == 167)
        guard case .book(let book)? = loans[1].item.resolved else { Issue.record("loan 2's item is not a book"); return }
        #expect(book.id == 2 && book.title == "Dune")
        guard case .album(let album)? = loans[2].item.resolved else { Issue.record("loan 3's item is not an album"); return }
        #expect(album.artist == "Miles Davis")
    }

    @Test func aPathContinuesOnTheMembersThatHaveItsNextStep() throws {
        let loans = try CatalogFixtures.collection(Loan.self, "loans-include-item-author", including: Loan.Include.itemWithAuthor.paths)
        guard case .book(let dune)? = loans[1].item.resolved else { Issue.record("loan 2's item is not a book"); return }
        #expect(dune.author?.resolved?.name == "Frank Herbert")
        guard case .film? = loans[0].item.resolved else { Issue.record("loan 1's item is not a film"); return }
        guard case .book(let beowulf)? = loans[3].item.resolved else { Issue.record("loan 4's item is not a book"); return }
        #expect(beowulf.author == nil, "Beowulf has no author (data: null)")
    }

    @Test func aToManyUnionKeepsEachMembersType() throws {
        let shelves = try CatalogFixtures.collection(Shelf.self, "shelves-include-items", including: Shelf.Include.items.paths)
        let mixed = try #require(shelves.first { $0.name == "Mixed" })
        #expect(mixed.items.ids == [.album(3), .book(4), .film(5)])
        let resolved = try #require(mixed.items.resolved)
        #expect(resolved.map(\.id) == [.album(3), .book(4), .film(5)])
        guard case .film(let film) = resolved[2] else { Issue.record("the third member is not a film"); return }
        #expect(film.title == "Alphaville")
    }

    @Test func threeThingsWithTheSameIDStayApart() throws {
        let shelf = try #require(try CatalogFixtures.resource(Shelf.self, "shelf-3-include-items", including: Shelf.Include.items.paths))
        let items = try #require(shelf.items.resolved)
        let titles = items.map { item -> String in
            switch item {
            case .book(let book): "book \(book.title)"
            case .film(let film): "film \(film.title)"
            case .album(let album): "album \(album.title)"
            case .other(let identity): "other \(identity)"
            }
        }
        #expect(titles == ["book Dune", "film Solaris", "album Blue Train"])
    }

    @Test func aPolymorphicCollectionDecodesEachMember() throws {
        let items = try CatalogFixtures.collection(Item.self, "items")
        #expect(items.map(\.id.description) == ["books/1", "films/1", "albums/1", "books/2", "films/2"])
        guard case .film(let metropolis) = items[1] else { Issue.record("the second item is not a film"); return }
        #expect(metropolis.minutes == 153)
    }

    @Test func aPolymorphicCollectionIncludesThroughSomeMembers() throws {
        let items = try CatalogFixtures.collection(Item.self, "items-include-author", including: Item.Include.authors.paths)
        guard case .book(let earthsea) = items[0] else { Issue.record("the first item is not a book"); return }
        #expect(earthsea.author?.resolved?.name == "Ursula K. Le Guin")
        guard case .book(let dune) = items[3] else { Issue.record("the fourth item is not a book"); return }
        #expect(dune.author?.resolved?.name == "Frank Herbert")
    }

    @Test func aTypeTheUnionDoesNotListIsKeptAsOther() throws {
        let document = Data("""
            {"data": [
              {"type": "podcasts", "id": "7", "attributes": {"title": "Radiolab"}},
              {"type": "films", "id": "3", "attributes": {"title": "Stalker", "minutes": 162}}
            ]}
            """.utf8)
        let items = try CatalogFixtures.codec.decodeDocument([Item].self, from: document, decoder: JSONDecoder()).data
        #expect(items.map(\.id) == [.other(ResourceIdentity(type: "podcasts", id: "7")), .film(3)])
        let loan = Data("""
            {"data": {"type": "loans", "id": "9", "attributes": {"borrower": "Ada", "due": "2026-12-01"},
              "relationships": {"item": {"data": {"type": "podcasts", "id": "7"}}}}}
            """.utf8)
        let decoded = try #require(try CatalogFixtures.codec.decodeDocument(Loan?.self, from: loan, decoder: JSONDecoder()).data)
        #expect(decoded.item.id == .other(ResourceIdentity(type: "podcasts", id: "7")))
    }

    @Test func aMemberIDOfTheWrongShapeNamesItsPath() throws {
        let loan = Data("""
            {"data": {"type": "loans", "id": "9", "attributes": {"borrower": "Ada", "due": "2026-12-01"},
              "relationships": {"item": {"data": {"type": "films", "id": "two"}}}}}
            """.utf8)
        #expect(throws: DecodingError.self) {
            try CatalogFixtures.codec.decodeDocument(Loan?.self, from: loan, decoder: JSONDecoder())
        }
    }

    @Test func thePlainFormRoundTrips() throws {
        let loans = try CatalogFixtures.collection(Loan.self, "loans-include-item", including: Loan.Include.item.paths)
        let shelves = try CatalogFixtures.collection(Shelf.self, "shelves-include-items", including: Shelf.Include.items.paths)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // The plain form leaves out JSON:API links and meta, so compare what it keeps: its own encoding.
        let loansJSON = try encoder.encode(loans), shelvesJSON = try encoder.encode(shelves)
        #expect(try encoder.encode(JSONDecoder().decode([Loan].self, from: loansJSON)) == loansJSON)
        #expect(try encoder.encode(JSONDecoder().decode([Shelf].self, from: shelvesJSON)) == shelvesJSON)
        let decoded = try JSONDecoder().decode([Shelf].self, from: shelvesJSON)
        #expect(decoded.map { $0.items.resolved?.map(\.id) } == shelves.map { $0.items.resolved?.map(\.id) })
        guard case .film(let film)? = decoded.first(where: { $0.name == "Mixed" })?.items.resolved?.last else { Issue.record("the film did not survive"); return }
        #expect(film.minutes == 99)
        let other = ShelfItems.other(ResourceIdentity(type: "podcasts", id: "7"))
        #expect(String(decoding: try encoder.encode(other), as: UTF8.self) == #"{"id":"7","type":"podcasts"}"#)
        #expect(try JSONDecoder().decode(ShelfItems.self, from: encoder.encode(other)) == other)
        #expect(String(decoding: try encoder.encode(ShelfItems.ID.film(2)), as: UTF8.self) == #"{"id":"2","type":"films"}"#)
    }
}

/// Sparse fieldsets through a polymorphic relationship apply per member type.
@Suite struct UnionSparseFieldsetTests {
    @Test func eachMemberIsShapedByItsOwnTypesFieldset() throws {
        let fieldsets: Fieldsets = [Loan.fieldset(.item), Book.fieldset(.title), Film.fieldset(.minutes)]
        let document = try CatalogFixtures.codec.decodeDocument(
            [Loan.Sparse].self, from: CatalogFixtures.data("loans-include-item-sparse"), decoder: JSONDecoder(),
            includes: Loan.Include.item.paths, fieldsets: fieldsets)
        #expect(document.data.map(\.item?.id) == [.film(2), .book(2), .album(1), .book(4)])
        let film = try #require(document.sparse(document.data[0].item) as? Film.Sparse)
        #expect(film.minutes == 167 && film.title == nil, "fields[films]=minutes")
        let book = try #require(document.sparse(document.data[1].item) as? Book.Sparse)
        #expect(book.title == "Dune" && book.author == nil, "fields[books]=title")
        #expect(document.sparse(document.data[2].item) == nil, "albums have no fieldset: they come whole")
        #expect(document.data[2].item?.id == .album(1))
    }
}

/// The polymorphic collection read with sparse fieldsets: each member decodes into its type's twin.
@Suite struct UnionSparseCollectionTests {
    @Test func membersDecodeIntoTheirTypesTwins() throws {
        let document = try CatalogFixtures.codec.decodeDocument(
            [Item.Sparse].self, from: CatalogFixtures.data("items-sparse"), decoder: JSONDecoder(),
            fieldsets: [Book.fieldset(.title), Film.fieldset(.minutes)])
        #expect(document.data.map(\.id.description) == ["books/1", "films/1", "albums/1", "books/2", "films/2"])
        guard case .book(let earthsea) = document.data[0], case .film(let metropolis) = document.data[1], case .album(let album) = document.data[2] else {
            Issue.record("the members are not of their types: \(document.data)")
            return
        }
        #expect(earthsea.title == "A Wizard of Earthsea" && earthsea.author == nil)
        #expect(metropolis.minutes == 153 && metropolis.title == nil)
        #expect(album.artist == "Miles Davis", "albums have no fieldset and no twin: whole")
    }
}
