import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Polymorphic linkage in JSON:API Atomic Operations: each member is written with its own `type`, whether
/// it exists (`.id(.film(2))`) or an earlier `add` of the batch creates it (`.member(book)`).
@Suite struct UnionAtomicTests {
    /// Answers with `results` and keeps the request body.
    final class Canned: Transport, @unchecked Sendable {
        private let lock = NSLock()
        private var bodies: [Data] = []
        let results: String

        init(_ results: String) { self.results = results }

        var sent: [Data] { lock.withLock { bodies } }

        func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
            if case .data(let bytes) = body { lock.withLock { bodies.append(bytes) } }
            return (HTTPResponse(status: .ok, headerFields: [.contentType: Client.atomicMediaType]), Data(results.utf8))
        }
    }

    @Test func membersAreWrittenWithTheirOwnType() async throws {
        let transport = Canned(#"""
            {"atomic:results": [
              {"data": {"type": "books", "id": "9", "attributes": {"title": "Lathe"}}},
              {"data": {"type": "loans", "id": "7", "attributes": {"borrower": "Ada", "due": "2027-01-15"}, "relationships": {"item": {"data": {"type": "books", "id": "9"}}}}},
              {}, {}
            ]}
            """#)
        let client = Client(baseURL: URL(string: "https://catalog.example.org")!, transport: transport, configuration: .init(codec: JSONAPICodec(api: Catalog.self)))
        let due = ISO8601DateFormatter().date(from: "2027-01-15T00:00:00Z")!
        let (book, loan) = try await client.atomic { batch in
            let book = batch.add(Book.create(), Book.New(title: "Lathe"))
            let loan = batch.add(Loan.create(), Loan.New(borrower: "Ada", due: due), relationships: [.set(\.item, to: .member(book))])
            batch.replace(\Shelf.items, of: 3, with: [.id(.film(2)), .id(.album(2))])
            batch.add([.id(.book(2))], to: \Shelf.items, of: 4)
            return (book, loan)
        }
        #expect(book.id == 9)
        #expect(loan.item.id == .book(9))
        let sent = try #require(transport.sent.first)
        let document = try #require(try JSONSerialization.jsonObject(with: sent) as? [String: Any])
        let operations = try #require(document["atomic:operations"] as? [[String: Any]])
        let loanItem = ((operations[1]["data"] as? [String: Any])?["relationships"] as? [String: Any])?["item"] as? [String: Any]
        #expect(loanItem?["data"] as? [String: String] == ["type": "books", "lid": "resgen-0"])
        #expect(operations[2]["data"] as? [[String: String]] == [["type": "films", "id": "2"], ["type": "albums", "id": "2"]])
        #expect(operations[3]["data"] as? [[String: String]] == [["type": "books", "id": "2"]])
    }
}
