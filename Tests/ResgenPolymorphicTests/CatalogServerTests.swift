import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// The generated Catalog client against the polymorphic JSON:API server (djangorestframework-jsonapi
/// with django-polymorphic), over both transports: reads, includes through unions, pages of a
/// polymorphic collection, and writes of polymorphic linkage. Seed data: the server's README.
@Suite(.enabled(if: PolymorphicJSONAPIServer.isAvailable), .serialized) struct CatalogServerTests {
    static func client(_ server: PolymorphicJSONAPIServer, _ kind: TransportKind) -> Client {
        Client(api: Catalog.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Catalog.self)))
    }

    static func readClient(_ kind: TransportKind) async throws -> Client {
        client(try await PolymorphicJSONAPIServer.readOnly(), kind)
    }

    static func writeClient(_ kind: TransportKind) async throws -> Client {
        client(try await PolymorphicJSONAPIServer.writable(), kind)
    }

    static let due = ISO8601DateFormatter().date(from: "2027-01-15T00:00:00Z")!

    @Test(arguments: TransportKind.allCases) func loansIncludeTheirItemOfEachType(kind: TransportKind) async throws {
        let client = try await Self.readClient(kind)
        let loans = try await client.fetch(Loan.list(), including: .itemWithAuthor)
        #expect(loans.map(\.item.id) == [.film(2), .book(2), .album(1), .book(4)])
        guard case .film(let solaris)? = loans[0].item.resolved, case .book(let dune)? = loans[1].item.resolved else {
            Issue.record("loans 1 and 2 did not resolve into a film and a book: \(loans.map(\.item.resolved))")
            return
        }
        #expect(solaris.title == "Solaris")
        #expect(dune.author?.resolved?.name == "Frank Herbert", "item.author continues on books only")
        let loan = try await client.fetch(Loan.show(1), including: .item)
        #expect(loan.item.resolved?.id == .film(2))
    }

    @Test(arguments: TransportKind.allCases) func shelvesListMembersOfEachType(kind: TransportKind) async throws {
        let client = try await Self.readClient(kind)
        let shelf = try await client.fetch(Shelf.show(3), including: .itemsWithAuthors)
        #expect(shelf.items.ids == [.book(2), .film(2), .album(2)], "three things with id 2")
        #expect(shelf.items.resolved?.map(\.id) == [.book(2), .film(2), .album(2)])
        guard case .book(let dune)? = shelf.items.resolved?.first else { Issue.record("the first member is not a book"); return }
        #expect(dune.author?.resolved?.name == "Frank Herbert")
        let linkage = try await client.fetchLinkage(\Shelf.items, of: Shelf.at(2))
        #expect(linkage == [.album(3), .book(4), .film(5)])
        #expect(try await client.fetchLinkage(\Loan.item, of: Loan.at(1)) == .film(2))
    }

    @Test(arguments: TransportKind.allCases) func thePolymorphicCollectionPagesThroughEveryType(kind: TransportKind) async throws {
        let client = try await Self.readClient(kind)
        var pages: [[String]] = []
        for try await page in client.pages(Item.list(), including: .authors) { pages.append(page.items.map(\.id.description)) }
        #expect(pages == [
            ["books/1", "films/1", "albums/1", "books/2", "films/2"],
            ["albums/2", "books/3", "films/3", "albums/3", "books/4"],
            ["films/4", "films/5"],
        ])
        let first = try await client.fetch(Item.list(), including: .authors)
        guard case .book(let earthsea) = first[0] else { Issue.record("the first item is not a book"); return }
        #expect(earthsea.author?.resolved?.name == "Ursula K. Le Guin")
        let sorted = try await client.fetch(Item.list(), query: [QueryItem(name: "sort", value: "-title"), QueryItem(name: "page[size]", value: "4")])
        #expect(sorted.count == 4)
    }

    @Test(arguments: TransportKind.allCases) func writesSendEachMembersType(kind: TransportKind) async throws {
        let client = try await Self.writeClient(kind)
        let created = try await client.create(Loan.create(), Loan.New(borrower: "Barbara", due: Self.due, item: ToOne(id: .album(1))))
        #expect(created.item.id == .album(1))
        var edited = created
        edited.item = ToOne(id: .film(1))
        let changes = edited.changes(since: created)
        #expect(changes.changedFields == ["item"])
        let patched = try await client.patch(Loan.patch(created.id), changes)
        #expect(patched.item.id == .film(1), "film 1, not book 1 or album 1")
        try await client.replace(\Loan.item, of: Loan.at(created.id), with: .book(3))
        #expect(try await client.fetchLinkage(\Loan.item, of: Loan.at(created.id)) == .book(3))

        let shelf = try await client.create(Shelf.create(), Shelf.New(name: "Typed", items: ToMany(ids: [.film(2), .book(2)])))
        #expect(Set(shelf.items.ids ?? []) == [.film(2), .book(2)])
        try await client.add([.album(2)], to: \Shelf.items, of: Shelf.at(shelf.id))
        #expect(Set(try await client.fetchLinkage(\Shelf.items, of: Shelf.at(shelf.id))) == [.book(2), .film(2), .album(2)])
        try await client.remove([.book(2)], from: \Shelf.items, of: Shelf.at(shelf.id))
        try await client.replace(\Shelf.items, of: Shelf.at(shelf.id), with: [.film(5), .album(2)])
        #expect(Set(try await client.fetchLinkage(\Shelf.items, of: Shelf.at(shelf.id))) == [.film(5), .album(2)])
        try await client.delete(Shelf.delete(shelf.id))
        try await client.delete(Loan.delete(created.id))
    }

    @Test(arguments: TransportKind.allCases) func aTypeTheServerDoesNotHaveIsItsConflict(kind: TransportKind) async throws {
        let client = try await Self.writeClient(kind)
        do {
            _ = try await client.create(Loan.create(), Loan.New(borrower: "Nobody", due: Self.due, item: ToOne(id: .other(ResourceIdentity(type: "podcasts", id: "1")))))
            Issue.record("the server must refuse an item of a type it does not have")
        } catch let error as ClientError {
            #expect(error.status?.code == 409)
        }
    }
}

extension CatalogServerTests {
    @Test(arguments: TransportKind.allCases) func thePolymorphicCollectionTakesFieldsetsPerMemberType(kind: TransportKind) async throws {
        let client = try await Self.readClient(kind)
        let items = try await client.fetch(Item.list(), fields: [Book.fieldset(.title), Film.fieldset(.minutes)])
        #expect(items.map(\.id.description) == ["books/1", "films/1", "albums/1", "books/2", "films/2"])
        guard case .film(let metropolis) = items[1] else { Issue.record("the second item is not a film"); return }
        #expect(metropolis.minutes == 153 && metropolis.title == nil)
        let document = try await client.fetchDocument(Item.list(), fields: [Book.fieldset(.title, .author)], including: .authors)
        guard case .book(let earthsea) = document.data[0] else { Issue.record("the first item is not a book"); return }
        #expect(earthsea.title == "A Wizard of Earthsea")
        #expect(document.included(Author.self).map(\.name).contains("Ursula K. Le Guin"), "include=author with fields[books]=title,author")
    }
}
