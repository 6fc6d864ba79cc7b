import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Answers every request with one canned response and keeps what was sent.
final class AtomicCannedTransport: Transport, @unchecked Sendable {
    // @unchecked: `sent` is only touched under `lock`.
    private let lock = NSLock()
    private var sent: [(HTTPRequest, Data?)] = []
    private let status: HTTPResponse.Status
    private let body: String
    private let contentType: String

    init(status: HTTPResponse.Status = .ok, body: String, contentType: String = Client.atomicMediaType) {
        self.status = status
        self.body = body
        self.contentType = contentType
    }

    var requests: [(HTTPRequest, Data?)] { lock.withLock { sent } }

    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        var data: Data?
        if case .data(let bytes) = body { data = bytes }
        lock.withLock { sent.append((request, data)) }
        return (HTTPResponse(status: status, headerFields: [.contentType: contentType]), Data(self.body.utf8))
    }
}

extension Book {
    /// A key path of a relationship's type that is no relationship.
    var formerAuthor: ToOne<Author>? { author }
}

/// JSON:API Atomic Operations in process: the request document a batch writes (`lid`, relationship
/// operations, media types), typed results in order, and errors that name their operation.
@Suite struct AtomicOperationsTests {
    static func client(_ transport: AtomicCannedTransport) -> Client {
        let configuration = Client.Configuration(codec: JSONAPICodec(api: Library.self))
        return Client(baseURL: URL(string: "https://library.example.org/api")!, transport: transport, configuration: configuration)
    }

    static let results = #"""
        {"atomic:results": [
          {"data": {"type": "authors", "id": "7", "attributes": {"name": "Iain M. Banks"}}},
          {"data": {"type": "books", "id": "12", "attributes": {"title": "Consider Phlebas", "subtitle": null, "published": "1987-04-23"}}},
          {"data": {"type": "books", "id": "1", "attributes": {"title": "A Wizard of Earthsea", "subtitle": "Earthsea 1", "published": "1968-11-01"}}},
          {},
          {"data": null, "meta": null},
          {}
        ]}
        """#

    static func json(_ data: Data?) throws -> NSDictionary {
        let bytes = try #require(data)
        return try #require(try JSONSerialization.jsonObject(with: bytes) as? NSDictionary)
    }

    static func json(_ text: String) throws -> NSDictionary {
        try json(Data(text.utf8))
    }

    @Test func aBatchWritesOneRequestWithLocalIDsAndReturnsTypedResultsInOrder() async throws {
        let transport = AtomicCannedTransport(body: Self.results)
        var changes = ResourceChanges<Book>(id: 1)
        changes.set(.subtitle, "Earthsea 1")
        let (author, book, updated) = try await Self.client(transport).atomic { batch in
            let author = batch.add(Author.create(), Author.New(name: "Iain M. Banks", password: "culture"))
            let book = batch.add(
                Book.create(), Book.New(title: "Consider Phlebas", published: day("1987-04-23"), genres: ToMany(ids: [2])),
                relationships: [.set(\.author, to: author)])
            let updated = batch.update(changes)
            batch.replace(\Book.genres, of: book, with: [1, .id(3)])
            batch.replace(\Book.author, of: 2, with: nil)
            batch.remove(Book.self, 4)
            return (author, book, updated)
        }
        #expect(author.id == 7)
        #expect(author.name == "Iain M. Banks")
        #expect(book.id == 12)
        #expect(book.title == "Consider Phlebas")
        #expect(updated.subtitle == "Earthsea 1")

        let (request, body) = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(request.method == .post)
        #expect(request.url?.absoluteString == "https://library.example.org/api/operations")
        #expect(request.headerFields[.contentType] == #"application/vnd.api+json;ext="https://jsonapi.org/ext/atomic""#)
        #expect(request.headerFields[.accept] == #"application/vnd.api+json;ext="https://jsonapi.org/ext/atomic""#)
        let expected = #"""
            {"atomic:operations": [
              {"op": "add", "data": {"type": "authors", "lid": "resgen-0", "attributes": {"name": "Iain M. Banks", "password": "culture"}}},
              {"op": "add", "data": {"type": "books", "lid": "resgen-1", "attributes": {"title": "Consider Phlebas", "published": "1987-04-23"},
                "relationships": {"author": {"data": {"type": "authors", "lid": "resgen-0"}}, "genres": {"data": [{"type": "genres", "id": "2"}]}}}},
              {"op": "update", "data": {"type": "books", "id": "1", "attributes": {"subtitle": "Earthsea 1"}}},
              {"op": "update", "ref": {"type": "books", "lid": "resgen-1", "relationship": "genres"}, "data": [{"type": "genres", "id": "1"}, {"type": "genres", "id": "3"}]},
              {"op": "update", "ref": {"type": "books", "id": "2", "relationship": "author"}, "data": null},
              {"op": "remove", "ref": {"type": "books", "id": "4"}}
            ]}
            """#
        #expect(try Self.json(body) == Self.json(expected))
    }

    @Test func theOperationListFormReadsResultsByReference() async throws {
        let transport = AtomicCannedTransport(body: Self.results)
        var batch = AtomicBatch()
        let author = batch.add(Author.create(), Author.New(name: "Iain M. Banks"))
        let book = batch.add(Book.create(), Book.New(title: "Consider Phlebas", published: day("1987-04-23")))
        batch.update(ResourceChanges<Book>(id: 1))
        batch.add([3], to: \Book.genres, of: book)
        batch.remove([1], from: \Book.genres, of: 3)
        batch.remove(Author.self, 9)
        let results = try await Self.client(transport).atomic(batch)
        #expect(results.count == 6)
        #expect(results[author]?.name == "Iain M. Banks")
        #expect(results[book]?.id == 12)
        #expect(results[AtomicRef<Book>.id(1)] == nil, "an existing resource is no operation's result")
        #expect(throws: AtomicResultMissing.self) { try results.value(AtomicRef<Book>.id(1)) }
        let operations = try #require(Self.json(transport.requests.first?.1)["atomic:operations"] as? [NSDictionary])
        #expect(operations[3] == (try Self.json(#"{"op": "add", "ref": {"type": "books", "lid": "resgen-1", "relationship": "genres"}, "data": [{"type": "genres", "id": "3"}]}"#)))
        #expect(operations[4] == (try Self.json(#"{"op": "remove", "ref": {"type": "books", "id": "3", "relationship": "genres"}, "data": [{"type": "genres", "id": "1"}]}"#)))
    }

    @Test func anUpdateOfAResourceOfTheBatchNamesItByLocalID() async throws {
        let transport = AtomicCannedTransport(status: .noContent, body: "")
        var changes = ResourceChanges<Author>(id: 99)
        changes.set(.password, "second")
        var batch = AtomicBatch()
        let author = batch.add(Author.create(), Author.New(name: "A", password: "first"))
        batch.update(author, changes)
        batch.remove(Author.self, author)
        let results = try await Self.client(transport).atomic(batch)
        #expect(results[author] == nil, "a 204 has no results")
        let operations = try #require(Self.json(transport.requests.first?.1)["atomic:operations"] as? [NSDictionary])
        #expect(operations[1] == (try Self.json(#"{"op": "update", "data": {"type": "authors", "lid": "resgen-0", "attributes": {"password": "second"}}}"#)))
        #expect(operations[2] == (try Self.json(#"{"op": "remove", "ref": {"type": "authors", "lid": "resgen-0"}}"#)))
    }

    @Test func aNoContentAnswerHasNoResults() async throws {
        let transport = AtomicCannedTransport(status: .noContent, body: "")
        try await Self.client(transport).atomic { batch in batch.remove(Book.self, 4) }
        let results = try await Self.client(transport).atomic({
            var batch = AtomicBatch()
            batch.remove(Book.self, 4)
            return batch
        }())
        #expect(results.count == 1)
        #expect(transport.requests.count == 2)
    }

    @Test func aRefusedBatchNamesTheOperationOfEachError() async throws {
        let refusal = #"""
            {"errors": [{"status": "422", "title": "Invalid attribute", "detail": "title must not be blank", "source": {"pointer": "/atomic:operations/1/data/attributes/title"}}]}
            """#
        let transport = AtomicCannedTransport(status: .unprocessableContent, body: refusal, contentType: Client.atomicMediaType)
        do {
            _ = try await Self.client(transport).atomic { batch in
                let author = batch.add(Author.create(), Author.New(name: "N"))
                batch.add(Book.create(), Book.New(title: "", published: day("2000-01-01")), relationships: [.set(\.author, to: author)])
                return author
            }
            Issue.record("a refused batch must throw")
        } catch let error as ClientError {
            #expect(error.status?.code == 422)
            guard case .jsonAPI(let errors) = error.serverError else { Issue.record("no JSON:API errors: \(error)"); return }
            #expect(errors.map(\.atomicOperation) == [1])
        }
    }

    @Test func aWrongResultCountIsADecodingError() async throws {
        let transport = AtomicCannedTransport(body: #"{"atomic:results": [{}]}"#)
        await #expect(throws: ClientError.self) {
            _ = try await Self.client(transport).atomic { batch in
                (batch.add(Author.create(), Author.New(name: "A")), batch.add(Author.create(), Author.New(name: "B")))
            }
        }
    }

    @Test func aKeyPathThatIsNoRelationshipFailsBeforeSending() async throws {
        let transport = AtomicCannedTransport(body: Self.results)
        var batch = AtomicBatch()
        batch.add(Book.create(), Book.New(title: "T", published: day("2000-01-01")), relationships: [.set(\Book.genres, to: [])])
        batch.replace(\Book.author, of: 1, with: 2)
        batch.add(Book.create(), Book.New(title: "T", published: day("2000-01-01")), relationships: [.set(\.formerAuthor, to: nil)])
        var other = AtomicBatch()
        other.replace(\Book.formerAuthor, of: 1, with: 2)
        for batch in [batch, other] {
            do {
                _ = try await Self.client(transport).atomic(batch)
                Issue.record("the batch must fail")
            } catch let error as ClientError {
                #expect(error.kind == .invalidRequest)
                #expect(error.detail?.contains("is not one of its relationships") == true)
            }
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func errorPointersOutsideTheExtensionNameNoOperation() {
        func error(_ pointer: String?) -> JSONAPIErrorObject {
            let source = pointer.map { #", "source": {"pointer": "\#($0)"}"# } ?? ""
            return try! JSONDecoder().decode(JSONAPIErrorObject.self, from: Data(#"{"title": "t"\#(source)}"#.utf8))
        }
        #expect(error("/atomic:operations/12").atomicOperation == 12)
        #expect(error("/atomic:operations/0/ref/id").atomicOperation == 0)
        #expect(error("/data/attributes/title").atomicOperation == nil)
        #expect(error("/atomic:operations/x").atomicOperation == nil)
        #expect(error(nil).atomicOperation == nil)
    }
}
