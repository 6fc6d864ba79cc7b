import Foundation
import Testing

@testable import ResgenRuntime

/// Decoding honours cancellation, so that a call's deadline can stop it: the tape parser and the tape
/// decoder check for it every few thousand values, and `JSONDecoder`, which cannot be stopped, is never
/// started in a cancelled task.
@Suite struct TapeDecoderCancellationTests {
    struct Item: Decodable, Equatable {
        var id: Int
        var name: String
    }

    /// `count` small objects in an array: one tape node for the array, five per item.
    static func items(_ count: Int) -> Data {
        Data(("[" + (0..<count).map { #"{"id": \#($0), "name": "item \#($0)"}"# }.joined(separator: ",") + "]").utf8)
    }

    /// Runs `body` in a task of its own, cancelled before `body` starts unless `cancelled` is false
    /// (`body` then cancels it itself, with `cancelCurrentTask()`).
    static func inCancelledTask<T: Sendable>(cancelled: Bool = true, _ body: @escaping @Sendable () throws -> T) async -> Result<T, any Error> {
        let task = Task {
            if cancelled { cancelCurrentTask() }
            return try body()
        }
        return await task.result
    }

    static func cancelCurrentTask() {
        withUnsafeCurrentTask { $0?.cancel() }
    }

    @Test("A large document in a cancelled task throws CancellationError instead of decoding")
    func largeDocumentStops() async throws {
        let data = Self.items(10_000)
        #expect(try JSONDecoder().decodeUsingTape([Item].self, from: data).count == 10_000)

        let result = await Self.inCancelledTask { try JSONDecoder().decodeUsingTape([Item].self, from: data) }

        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test("The parser stops in a cancelled task: no tape is built")
    func parserStops() async throws {
        let data = Self.items(10_000)
        let result = await Self.inCancelledTask { try JSONTape.withTape(of: data) { $0.nodes.count } }
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test("The tape decoder's walk stops in a cancelled task, even when a model swallows the error")
    func walkStops() async throws {
        // A model that swallows every error of its items, as lenient models do with `try?`: the decoder
        // must still not answer with what is left (JSONDecoder, uncancelled, would decode every item).
        struct Lenient: Decodable {
            var items: [Item?]
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                var items: [Item?] = []
                while !container.isAtEnd { items.append(try? container.decode(Item.self)) }
                self.items = items
            }
        }
        let data = Self.items(10_000)
        let result = await Self.inCancelledTask(cancelled: false) { () throws -> Int? in
            // Parsed before the cancellation: only the walk can notice it.
            try JSONTape.withTape(of: data) { tape -> Int? in
                Self.cancelCurrentTask()
                return TapeDecoder.decode(Lenient.self, tape: tape, options: .init(like: JSONDecoder())!, userInfo: [:])?.items.count
            }
        }
        #expect(try result.get() == nil, "the tape decoder gave no answer")
    }

    @Test("A document the tape decoder leaves to JSONDecoder is not handed to it in a cancelled task")
    func noFallbackAfterCancellation() async throws {
        // `1.0` for an Int: the tape decoder declines, JSONDecoder decodes it.
        let data = Data(#"[{"id": 1.0, "name": "x"}]"#.utf8)
        #expect(try JSONDecoder().decodeUsingTape([Item].self, from: data) == [Item(id: 1, name: "x")])

        let result = await Self.inCancelledTask { try JSONDecoder().decodeUsingTape([Item].self, from: data) }

        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test("Cancellation is checked every few thousand values, not per value: a small document still decodes")
    func smallDocumentsAreUnaffected() async throws {
        // The parser checks at its first container, so a cancelled task parses nothing; a task cancelled
        // after parsing decodes a document smaller than one interval of the walk.
        let data = Self.items(10)
        let result = await Self.inCancelledTask(cancelled: false) { () throws -> Int? in
            try JSONTape.withTape(of: data) { tape -> Int? in
                Self.cancelCurrentTask()
                return TapeDecoder.decode([Item].self, tape: tape, options: .init(like: JSONDecoder())!, userInfo: [:])?.count
            }
        }
        #expect(try result.get() == 10)
    }
}
