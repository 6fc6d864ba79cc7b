import Foundation
import ResgenRuntime
import Testing

/// The polymorphic JSON:API server (`Tests/Servers/jsonapi_polymorphic`, djangorestframework-jsonapi with
/// django-polymorphic) read raw, over both transports: what a generated client with polymorphic
/// relationships and collections will have to read. Every member of a polymorphic relationship or
/// collection names its own type, ids repeat across types (`books/2` and `films/2` are different things),
/// and `included` holds several types. The seed data is listed in the server's README.
@Suite(.enabled(if: PolymorphicJSONAPIServer.isAvailable)) struct PolymorphicServerTests {
    static func client(_ kind: TransportKind) async throws -> Client {
        Client(baseURL: try await PolymorphicJSONAPIServer.readOnly().baseURL, transport: kind.make())
    }

    @Test(arguments: TransportKind.allCases) func toOneLinkageNamesEachItemsOwnType(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        let loans = try await client.jsonapi(.get, "/loans")
        #expect(loans.status == 200)
        let items = try #require(loans.document?["data"]?.array).map { $0["relationships"]?["item"]?["data"]?.typeAndID }
        #expect(items == ["films/2", "books/2", "albums/1", "books/4"], "loan 1 borrows film 2 while book 2 exists")
        let relationship = try await client.jsonapi(.get, "/loans/1/relationships/item")
        #expect(relationship.document?["data"]?.typeAndID == "films/2")
        let related = try await client.jsonapi(.get, "/loans/1/item")
        #expect(related.document?["data"]?.typeAndID == "films/2", "the related endpoint answers the item as its subtype")
        #expect(related.document?["data"]?["attributes"]?.keys == ["minutes", "title"])
    }

    @Test(arguments: TransportKind.allCases) func overlappingIDsAreDifferentResources(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        var titles: [String: String] = [:]
        for path in ["/books/2", "/films/2", "/albums/2"] {
            let answer = try await client.jsonapi(.get, path)
            let data = try #require(answer.document?["data"])
            titles[try #require(data.typeAndID)] = data["attributes"]?["title"]?.stringValue
        }
        #expect(titles == ["books/2": "Dune", "films/2": "Solaris", "albums/2": "Blue Train"])
        let shelf = try await client.jsonapi(.get, "/shelves/3?include=items")
        #expect(shelf.document?["data"]?["relationships"]?["items"]?["data"]?.typesAndIDs == ["books/2", "films/2", "albums/2"])
        let included = try #require(shelf.document?["included"])
        #expect(included.typesAndIDs?.sorted() == ["albums/2", "books/2", "films/2"], "three members with id 2, one of each type")
        #expect(included.resource("films/2")?["attributes"]?["minutes"]?.int == 167)
        #expect(included.resource("books/2")?["attributes"]?["title"]?.stringValue == "Dune")
    }

    @Test(arguments: TransportKind.allCases) func toManyLinkageMixesTypes(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        let shelf = try await client.jsonapi(.get, "/shelves/2")
        let relationship = try #require(shelf.document?["data"]?["relationships"]?["items"])
        #expect(relationship["data"]?.typesAndIDs == ["albums/3", "books/4", "films/5"])
        #expect(relationship["meta"]?["count"]?.int == 3)
        let endpoint = try await client.jsonapi(.get, "/shelves/2/relationships/items")
        #expect(endpoint.document?["data"]?.typesAndIDs == ["albums/3", "books/4", "films/5"])
        let related = try await client.jsonapi(.get, "/shelves/2/items")
        #expect(related.document?["data"]?.typesAndIDs == ["albums/3", "books/4", "films/5"])
        let empty = try await client.jsonapi(.get, "/shelves/4/relationships/items")
        #expect(empty.document?["data"] == .array([]))
    }

    @Test(arguments: TransportKind.allCases) func collectionMixesTypesAcrossPages(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        var members: [String] = []
        var next: String? = "/items"
        var pages = 0
        while let path = next {
            let answer = try await client.jsonapi(.get, path)
            members += try #require(answer.document?["data"]?.typesAndIDs)
            #expect(answer.document?["meta"]?["pagination"]?["count"]?.int == 12)
            // `links.next` is absolute; the raw helper takes a path.
            next = answer.document?["links"]?["next"]?.stringValue.flatMap { URL(string: $0) }.map { url in
                url.path + (url.query.map { "?" + $0 } ?? "")
            }
            pages += 1
        }
        #expect(pages == 3)
        #expect(members == [
            "books/1", "films/1", "albums/1", "books/2", "films/2",
            "albums/2", "books/3", "films/3", "albums/3", "books/4",
            "films/4", "films/5",
        ])
        #expect(Set(members).count == 12, "every member once")
        #expect(Set(members.map { $0.split(separator: "/")[1] }).count == 5, "ids repeat across types")
    }

    @Test(arguments: TransportKind.allCases) func includedHoldsSeveralTypesMatchedByTypeAndID(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        let loans = try await client.jsonapi(.get, "/loans?include=item")
        let included = try #require(loans.document?["included"])
        #expect(included.typesAndIDs == ["albums/1", "books/2", "books/4", "films/2"], "sorted by type, then id")
        for loan in try #require(loans.document?["data"]?.array) {
            let item = try #require(loan["relationships"]?["item"]?["data"]?.typeAndID)
            #expect(included.resource(item) != nil, "\(item) is included")
        }
        let shelves = try await client.jsonapi(.get, "/shelves?include=items")
        #expect(Set(try #require(shelves.document?["included"]?.array).compactMap { $0["type"]?.stringValue }) == ["albums", "books", "films"])
    }

    @Test(arguments: TransportKind.allCases) func includePathContinuesOnlyOnBooks(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        let loans = try await client.jsonapi(.get, "/loans?include=item.author")
        let included = try #require(loans.document?["included"])
        #expect(included.typesAndIDs == ["albums/1", "authors/2", "books/2", "books/4", "films/2"])
        #expect(included.resource("authors/2")?["attributes"]?["name"]?.stringValue == "Frank Herbert")
        #expect(included.resource("books/4")?["relationships"]?["author"]?["data"] == .null, "a book without an author")
        #expect(included.resource("films/2")?["relationships"] == nil, "films have no author")
        let films = try await client.jsonapi(.get, "/films?include=author")
        #expect(films.status == 400, "a subtype's own endpoint refuses a path it does not have")
    }

    @Test(arguments: TransportKind.allCases) func sparseFieldsetsApplyPerType(kind: TransportKind) async throws {
        let client = try await Self.client(kind)
        let items = try await client.jsonapi(.get, "/items?fields[books]=title&fields[films]=minutes")
        let data = try #require(items.document?["data"])
        #expect(data.resource("books/1")?["attributes"]?.keys == ["title"])
        #expect(data.resource("books/1")?["relationships"] == nil, "fields[books] leaves out author")
        #expect(data.resource("films/1")?["attributes"]?.keys == ["minutes"])
        #expect(data.resource("albums/1")?["attributes"]?.keys == ["artist", "title"], "no fields[albums]: every field")
        let base = try await client.jsonapi(.get, "/items?fields[items]=title")
        #expect(base.document?["data"]?.resource("films/1")?["attributes"]?.keys == ["minutes", "title"], "fields[items] is ignored")
        let included = try await client.jsonapi(.get, "/loans?include=item&fields[films]=minutes")
        #expect(included.document?["included"]?.resource("films/2")?["attributes"]?.keys == ["minutes"], "and in included")
    }
}
