import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// The generated Library client (`Schemas/library`) against the real fastapi-jsonapi server
/// (`Tests/Servers/fastapi_jsonapi`): reads, writes and the quirks of a second JSON:API implementation
/// (no collection `links`, `relationships` only when included, error objects with `status_code` sent
/// as `application/json`, FastAPI's own 422 `{"detail": …}`). One server, reset before each test, and
/// each test runs over both transports.
@Suite(.enabled(if: FastAPIJSONAPIServer.isAvailable), .serialized) struct FastAPIServerTests {
    static func server() async throws -> FastAPIJSONAPIServer {
        let server = try await FastAPIJSONAPIServer.writable()
        try await server.reset()
        return server
    }

    /// A client of `server` over the `kind` of transport: the suite runs over each.
    static func client(_ server: FastAPIJSONAPIServer, _ kind: TransportKind) -> Client {
        Client(
            api: Library.self, baseURL: server.baseURL, transport: kind.make(),
            configuration: .init(codec: JSONAPICodec(api: Library.self)))
    }

    @Test(arguments: TransportKind.allCases) func listHasNoLinksAndNoRelationshipsUnlessIncluded(kind: TransportKind) async throws {
        let client = Self.client(try await Self.server(), kind)
        let document = try await client.fetchDocument(Book.list())
        #expect(document.data.map(\.id) == [1, 2, 3, 4])
        #expect(document.data.map(\.title).first == "A Wizard of Earthsea")
        #expect(document.data[2].subtitle == "Book One of the Dune Chronicles")
        #expect(document.data[0].subtitle == nil, "subtitle: null")
        #expect(document.data[0].published == day("1968-11-01"), "a date without a time")
        #expect(document.links == nil, "fastapi-jsonapi sends no links on collections")
        #expect(document.data[0].author != nil && document.data[0].author?.id == nil, "relationships are omitted unless included: not sent, not null")
    }

    @Test(arguments: TransportKind.allCases) func showWithIncludesResolvesFromIncluded(kind: TransportKind) async throws {
        let client = Self.client(try await Self.server(), kind)
        let book = try await client.fetch(Book.show(1), including: .full)
        #expect(book.title == "A Wizard of Earthsea")
        #expect(book.author?.id == 1)
        #expect(book.author?.resolved?.name == "Ursula K. Le Guin")
        #expect(book.author?.resolved?.password == nil, "the server never sends the password")
        #expect(book.genres.ids == [1, 3])
        #expect(book.genres.resolved?.map(\.name) == ["fantasy", "classic"])
        let anonymous = try await client.fetch(Book.show(4), including: .author)
        #expect(anonymous.author == nil, "data: null")
    }

    @Test(arguments: TransportKind.allCases) func createPatchDelete(kind: TransportKind) async throws {
        let server = try await Self.server()
        let client = Self.client(server, kind)
        let author = try await client.create(Author.create(), Author.New(name: "Iain M. Banks", password: "culture"))
        #expect(author.id == 3, "the server chose the id")
        #expect(author.password == nil, "accepted, not echoed")
        #expect(try await server.password(ofAuthor: 3) == "culture", "but stored")
        let created = try await client.create(
            Book.create(), Book.New(title: "Consider Phlebas", published: day("1987-04-23"), author: ToOne(id: author.id), genres: ToMany(ids: [2])))
        #expect(created.id == 5)
        #expect(created.title == "Consider Phlebas")

        var edited = created
        edited.subtitle = "A Culture Novel"
        let patched = try await client.patch(Book.patch(created.id), edited.changes(since: created))
        #expect(patched.subtitle == "A Culture Novel")
        #expect(patched.title == "Consider Phlebas")
        let reread = try await client.fetch(Book.show(created.id), including: .full)
        #expect(reread.author?.resolved?.name == "Iain M. Banks")
        #expect(reread.genres.ids == [2])

        try await client.delete(Book.delete(created.id))
        do {
            _ = try await client.fetch(Book.show(created.id))
            Issue.record("the deleted book must be gone")
        } catch let error as ClientError {
            #expect(error.status?.code == 404)
        }
    }

    /// Item 1: the server leaves `relationships` out unless included, so a book read without its author
    /// has an unknown author, not a null one; setting it to nil clears it, leaving it alone does not.
    @Test(arguments: TransportKind.allCases) func aBookReadWithoutItsAuthorClearsItOnlyWhenSetToNil(kind: TransportKind) async throws {
        let client = Self.client(try await Self.server(), kind)
        let loaded = try await client.fetch(Book.show(1))
        #expect(loaded.author != nil && loaded.author?.id == nil, "not sent, not null")
        var retitled = loaded
        retitled.subtitle = "Earthsea 1"
        #expect(retitled.changes(since: loaded).changedFields == ["subtitle"])
        _ = try await client.patch(Book.patch(1), retitled.changes(since: loaded))
        #expect(try await client.fetch(Book.show(1), including: .author).author?.id == 1, "an unknown author is left alone")

        var cleared = loaded
        cleared.author = nil
        #expect(cleared.changes(since: loaded).changedFields == ["author"], "from not sent to nil is an explicit clear")
        // Alone: fastapi-jsonapi refuses a PATCH without `attributes` (422), so ResourceChanges sends `{}`.
        _ = try await client.patch(Book.patch(1), cleared.changes(since: loaded))
        #expect(try await client.fetch(Book.show(1), including: .author).author == nil, "the server cleared it")
    }

    /// Item 1, attributes: a sparse fieldset (`fields[books]=title,published`) leaves `subtitle` out, so
    /// it is unknown, not null: leaving it alone keeps the server's value, setting it to nil clears it.
    @Test(arguments: TransportKind.allCases) func aSubtitleNotSentIsClearedOnlyWhenSetToNil(kind: TransportKind) async throws {
        let client = Self.client(try await Self.server(), kind)
        let fieldset = [Book.fieldsQuery([.title, .published])]
        let loaded = try await client.fetch(Book.show(3), query: fieldset)
        #expect(loaded.subtitle == nil && !loaded.isKnown(.subtitle), "not sent, not null")
        var retitled = loaded
        retitled.title = "Dune (1965)"
        #expect(retitled.changes(since: loaded).changedFields == ["title"], "an unknown attribute is not sent")
        _ = try await client.patch(Book.patch(3), retitled.changes(since: loaded))
        #expect(try await client.fetch(Book.show(3)).subtitle == "Book One of the Dune Chronicles", "left alone")

        let again = try await client.fetch(Book.show(3), query: fieldset)
        var cleared = again
        cleared.subtitle = nil
        #expect(cleared.changes(since: again).changedFields == ["subtitle"], "from not sent to nil is an explicit clear")
        _ = try await client.patch(Book.patch(3), cleared.changes(since: again))
        let reread = try await client.fetch(Book.show(3))
        #expect(reread.subtitle == nil && reread.isKnown(.subtitle), "the server cleared it (and sent null)")
        #expect(reread.title == "Dune (1965)")
    }

    /// Item 3: `published` is a date without a time on the wire and a `Date` in Swift, both ways.
    @Test(arguments: TransportKind.allCases) func aDateOnlyAttributeIsADateBothWays(kind: TransportKind) async throws {
        let client = Self.client(try await Self.server(), kind)
        #expect(try await client.fetch(Book.show(1)).published == day("1968-11-01"))
        let created = try await client.create(Book.create(), Book.New(title: "Tehanu", published: day("1990-02-01"), genres: ToMany(ids: [1])))
        #expect(created.published == day("1990-02-01"))
        var edited = created
        edited.published = day("1990-03-01")
        let changes = edited.changes(since: created)
        #expect(changes.changedFields == ["published"])
        _ = try await client.patch(Book.patch(created.id), changes)
        #expect(try await client.fetch(Book.show(created.id)).published == day("1990-03-01"), "the server took the date-only form")
    }

    /// Item 5: a write-only password is never read back, and `changes(since:)` sends it when set.
    @Test(arguments: TransportKind.allCases) func aWriteOnlyPasswordIsSentButNeverRead(kind: TransportKind) async throws {
        let server = try await Self.server()
        let client = Self.client(server, kind)
        let author = try await client.fetch(Author.show(1))
        #expect(author.password == nil)
        var edited = author
        edited.password = "gont"
        #expect(edited.changes(since: author).changedFields == ["password"])
        let patched = try await client.patch(Author.patch(1), edited.changes(since: author))
        #expect(patched.password == nil, "not echoed")
        #expect(try await server.password(ofAuthor: 1) == "gont", "but stored")
    }

    @Test(arguments: TransportKind.allCases) func errorObjectsSentAsPlainJSONDecode(kind: TransportKind) async throws {
        let client = Self.client(try await Self.server(), kind)
        do {
            _ = try await client.fetch(Book.show(99))
            Issue.record("a missing book must fail")
        } catch let error as ClientError {
            #expect(error.status?.code == 404)
            guard case .jsonAPI(let errors) = error.serverError else { Issue.record("no JSON:API errors: \(error)"); return }
            #expect(errors.count == 1)
            #expect(errors.first?.title == "Resource not found.")
            #expect(errors.first?.detail?.contains("books.id = 99") == true)
            #expect(errors.first?.status == nil, "the server writes `status_code`, not `status`")
        }
    }

    @Test(arguments: TransportKind.allCases) func validationErrorsAreFastAPIsOwnDetail(kind: TransportKind) async throws {
        let client = Self.client(try await Self.server(), kind)
        do {
            _ = try await client.create(Book.create(), Book.New(title: " ", published: day("2000-01-01"), genres: ToMany(ids: [])))
            Issue.record("a blank title must be refused")
        } catch let error as ClientError {
            #expect(error.status?.code == 422)
            // FastAPI's own `{"detail": [{"loc": [...], "msg": …}]}` (issue 49 item 4): read by its shape, each
            // item's location and message in the error's description.
            guard case .other(let document) = error.serverError else { Issue.record("no document: \(error)"); return }
            let message = try #require(document.messages.first { $0.text.contains("title must not be blank") }, "\(document)")
            #expect(message.field?.hasPrefix("body.") == true, "\(message)")
            #expect(error.description.contains("\n  \(message.field ?? ""): \(message.text)"), "\(error.description)")
        }
        #expect(try await client.fetch(Book.list()).count == 4, "nothing was created")
    }

    /// Item 4: `path: /books/` is kept as written, so no call takes the 307 the server sends for
    /// `/books` or `/books/1` — one request per call, on every method.
    @Test(arguments: TransportKind.allCases) func everyCallTakesOneRequestWithoutARedirect(kind: TransportKind) async throws {
        let server = try await Self.server()
        let client = Self.client(server, kind)
        _ = try await client.fetch(Book.list())
        _ = try await client.fetch(Book.show(1), including: .author)
        let created = try await client.create(Book.create(), Book.New(title: "Tehanu", published: day("1990-02-01"), genres: ToMany(ids: [1])))
        var edited = created
        edited.subtitle = "The Last Book of Earthsea"
        _ = try await client.patch(Book.patch(created.id), edited.changes(since: created))
        try await client.delete(Book.delete(created.id))
        let log = try await server.requests()
        #expect(log.map { "\($0.method) \($0.path) \($0.status)" } == [
            "GET /books/ 200", "GET /books/1/ 200", "POST /books/ 201", "PATCH /books/5/ 200", "DELETE /books/5/ 204",
        ])
    }

    /// Item 8: one `POST /operations` creates an author and a book that points at it by `lid`, edits
    /// another book, sets the new book's genres through its `lid` and deletes a third; the results come
    /// back typed and in order.
    @Test(arguments: TransportKind.allCases) func atomicOperationsRunInOneRequestWithLocalIDs(kind: TransportKind) async throws {
        let server = try await Self.server()
        let client = Self.client(server, kind)
        var changes = ResourceChanges<Book>(id: 1)
        changes.set(.subtitle, "Earthsea 1")
        var secret = ResourceChanges<Author>(id: nil)
        secret.set(.password, "player of games")
        let (author, book, edited) = try await client.atomic { batch in
            let author = batch.add(Author.create(), Author.New(name: "Iain M. Banks", password: "culture"))
            batch.update(author, secret)
            let book = batch.add(
                Book.create(), Book.New(title: "Consider Phlebas", published: day("1987-04-23")), relationships: [.set(\.author, to: author)])
            let edited = batch.update(changes)
            batch.replace(\Book.genres, of: book, with: [2, 3])
            batch.replace(\Book.author, of: 2, with: author)
            batch.remove(Book.self, 4)
            return (author, book, edited)
        }
        #expect(author.id == 3)
        #expect(author.name == "Iain M. Banks")
        #expect(book.id == 5)
        #expect(book.title == "Consider Phlebas")
        #expect(edited.subtitle == "Earthsea 1")
        #expect(try await server.requests().map { "\($0.method) \($0.path) \($0.status)" } == ["POST /operations 200"])
        #expect(try await server.password(ofAuthor: 3) == "player of games", "updated by lid")

        let created = try await client.fetch(Book.show(5), including: .full)
        #expect(created.author?.resolved?.name == "Iain M. Banks", "linked by lid")
        #expect(created.genres.ids == [2, 3])
        #expect(try await client.fetch(Book.show(2), including: .author).author?.id == 3)
        #expect(try await client.fetch(Book.list()).map(\.id) == [1, 2, 3, 5])
    }

    /// A refused operation undoes the whole batch, and its error names the operation.
    @Test(arguments: TransportKind.allCases) func aRefusedAtomicBatchChangesNothingAndNamesTheOperation(kind: TransportKind) async throws {
        let server = try await Self.server()
        let client = Self.client(server, kind)
        do {
            _ = try await client.atomic { batch in
                let author = batch.add(Author.create(), Author.New(name: "Iain M. Banks"))
                batch.remove(Book.self, 4)
                let book = batch.add(Book.create(), Book.New(title: " ", published: day("1987-04-23")), relationships: [.set(\.author, to: author)])
                return (author, book)
            }
            Issue.record("a batch with a blank title must be refused")
        } catch let error as ClientError {
            #expect(error.status?.code == 422)
            guard case .jsonAPI(let errors) = error.serverError else { Issue.record("no JSON:API errors: \(error)"); return }
            #expect(errors.map(\.atomicOperation) == [2])
            #expect(errors.first?.source?.pointer == "/atomic:operations/2/data/attributes/title")
            #expect(errors.first?.detail?.contains("title must not be blank") == true)
        }
        #expect(try await client.fetch(Author.list()).count == 2, "the author of operation 0 was not kept")
        #expect(try await client.fetch(Book.list()).map(\.id) == [1, 2, 3, 4], "the book of operation 1 was not deleted")
    }

    /// Issue 47: the typed list parameters of `Schemas/library` (`list:` of Book) select what the raw
    /// query selects on fastapi-jsonapi, which reads `filter[title]=…` as equality and `sort=-published`.
    @Test(arguments: TransportKind.allCases) func typedFiltersAndSortsSelectWhatTheRawQueryDoes(kind: TransportKind) async throws {
        let client = Self.client(try await Self.server(), kind)
        func ids(_ path: ResourcePath<Book, Op.List>, _ raw: KeyValuePairs<String, String> = [:]) async throws -> [Int] {
            try await client.fetch(path, query: raw.map { QueryItem(name: $0.key, value: $0.value) }).map(\.id)
        }
        let dune = try await ids(Book.list(filter: .init(title: "Dune")))
        #expect(dune == [3])
        #expect(try await ids(Book.list(), ["filter[title]": "Dune"]) == dune)
        let newest = try await ids(Book.list(sort: [.published.descending]))
        #expect(newest == [2, 1, 3, 4])
        #expect(try await ids(Book.list(), ["sort": "-published"]) == newest)
        let byTitle = try await ids(Book.list(sort: [.title.descending, .published]))
        #expect(byTitle == [2, 3, 4, 1])
        #expect(try await ids(Book.list(), ["sort": "-title,published"]) == byTitle)
    }
}
