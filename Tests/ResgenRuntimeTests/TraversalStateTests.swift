import Foundation
import HTTPTypes
import Testing

@testable import ResgenRuntime

/// The per-call fetch table of HAL traversal: a fetch shared by several waiters outlives the cancellation
/// of any one of them (internal API, so the waiters can be cancelled one at a time).
@Suite struct TraversalStateTests {
    /// A fetch that returns once `release()` is called, and says when it has started.
    final class GatedFetch: Sendable {
        let started = AsyncStream<Void>.makeStream()
        let gate = AsyncStream<Void>.makeStream()
        let url = URL(string: "http://traversal.test/contacts/1")!

        func fetch() async throws -> RawResponse {
            started.continuation.yield()
            for await _ in gate.stream { break }
            try Task.checkCancellation()
            return RawResponse(response: HTTPResponse(status: .ok), body: Data("{}".utf8), url: url)
        }

        func release() { gate.continuation.yield() }
    }

    /// Waits until `count` callers await `url` (the second caller joins from another task).
    func waitForWaiters(_ state: TraversalState, _ url: URL, _ count: Int) async {
        while await state.waiters(of: .fetch(url)) < count { await Task.yield() }
    }

    @Test func cancellingTheCallerThatStartedASharedFetchLeavesItToTheOthers() async throws {
        let state = TraversalState(budget: 10)
        let fetch = GatedFetch()
        let first = Task { try await state.response(for: fetch.url, path: "") { try await fetch.fetch() } }
        for await _ in fetch.started.stream { break }
        let second = Task { try await state.response(for: fetch.url, path: "") { Issue.record("a second fetch of one URL"); throw CancellationError() } }
        await waitForWaiters(state, fetch.url, 2)
        first.cancel()
        while await state.waiters(of: .fetch(fetch.url)) > 1 { await Task.yield() }
        fetch.release()
        #expect(try await second.value.response.status == .ok)
        #expect(await state.issued == 1)
    }

    @Test func cancellingEveryCallerCancelsTheFetch() async throws {
        let state = TraversalState(budget: 10)
        let fetch = GatedFetch()
        let first = Task { try await state.response(for: fetch.url, path: "") { try await fetch.fetch() } }
        for await _ in fetch.started.stream { break }
        let second = Task { try await state.response(for: fetch.url, path: "") { throw CancellationError() } }
        await waitForWaiters(state, fetch.url, 2)
        first.cancel()
        second.cancel()
        while await state.waiters(of: .fetch(fetch.url)) > 0 { await Task.yield() }
        fetch.release()
        await #expect(throws: CancellationError.self) { try await second.value }
        await #expect(throws: CancellationError.self) { try await first.value }
    }
}
