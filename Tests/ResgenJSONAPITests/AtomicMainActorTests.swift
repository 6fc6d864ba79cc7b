import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// State of a `@MainActor` screen the batch closure reads: what a SwiftUI view model holds.
@MainActor final class BookshelfModel {
    var authorName = "Iain M. Banks"
    var title = "Consider Phlebas"
}

/// `client.atomic { … }` as the JSON:API article writes it, called from `@MainActor` code (issue 25,
/// item 8): this file compiling in Swift 6 mode is the test (before, "sending value of non-Sendable type
/// '(inout AtomicBatch) -> …' risks causing data races"); the tests run it too. And a 2xx whose result
/// list does not match the operations says the batch was committed.
@Suite struct AtomicMainActorTests {
    static let twoResults = #"""
        {"atomic:results": [
          {"data": {"type": "authors", "id": "7", "attributes": {"name": "Iain M. Banks"}}},
          {"data": {"type": "books", "id": "12", "attributes": {"title": "Consider Phlebas", "subtitle": null, "published": "1987-04-23"}}}
        ]}
        """#

    @Test @MainActor func theDocumentedFormsCompileAndRunOnTheMainActor() async throws {
        let model = BookshelfModel()
        let client = AtomicOperationsTests.client(AtomicCannedTransport(body: Self.twoResults))
        let (author, book) = try await client.atomic { batch in
            let author = batch.add(Author.create(), Author.New(name: model.authorName))
            let book = batch.add(Book.create(), Book.New(title: model.title, published: day("1987-04-23")), relationships: [.set(\.author, to: author)])
            return (author, book)
        }
        #expect(author.id == 7)
        #expect(book.title == "Consider Phlebas")
        model.title = book.title

        let one = AtomicOperationsTests.client(AtomicCannedTransport(body: #"{"atomic:results": [{"data": {"type": "authors", "id": "8", "attributes": {"name": "A"}}}]}"#))
        let single = try await one.atomic { batch in batch.add(Author.create(), Author.New(name: model.authorName)) }
        #expect(single.id == 8)

        let none = AtomicOperationsTests.client(AtomicCannedTransport(status: .noContent, body: ""))
        try await none.atomic { batch in batch.remove(Book.self, 4) }
    }

    @Test(arguments: [1, 3]) func aResultListOfAnotherLengthSaysTheBatchWasCommitted(results count: Int) async throws {
        let result = #"{"data": {"type": "authors", "id": "7", "attributes": {"name": "A"}}}"#
        let body = #"{"atomic:results": [\#(Array(repeating: result, count: count).joined(separator: ", "))]}"#
        let client = AtomicOperationsTests.client(AtomicCannedTransport(body: body))
        var batch = AtomicBatch()
        batch.add(Author.create(), Author.New(name: "A"))
        batch.add(Author.create(), Author.New(name: "B"))
        do {
            _ = try await client.atomic(batch)
            Issue.record("\(count) results for 2 operations is not an answer")
        } catch let error as ClientError {
            #expect(error.kind == .decoding)
            #expect(error.status == .ok)
            #expect(error.description.contains("committed the batch"), "\(error)")
            #expect(error.description.contains("\(count) result\(count == 1 ? "" : "s") for 2 operations"), "\(error)")
            #expect(error.description.contains("do not send the batch again"), "\(error)")
        }
    }
}
