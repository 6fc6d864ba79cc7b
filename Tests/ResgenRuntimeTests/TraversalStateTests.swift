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

    /// A link reached after every earlier caller of its URL was cancelled (their part of the traversal
    /// gave up) fetches it again rather than joining the cancelled fetch: the caller was not cancelled, so
    /// it must not fail with `CancellationError` (the `haltraversal` fuzz target's finding). The new
    /// request counts against the budget.
    @Test func aCallerAfterEveryEarlierOneWasCancelledFetchesAgain() async throws {
        let state = TraversalState(budget: 10)
        let fetch = GatedFetch()
        let first = Task { try await state.response(for: fetch.url, path: "") { try await fetch.fetch() } }
        for await _ in fetch.started.stream { break }
        first.cancel()
        while await state.waiters(of: .fetch(fetch.url)) > 0 { await Task.yield() }
        let later = try await state.response(for: fetch.url, path: "") {
            RawResponse(response: HTTPResponse(status: .ok), body: Data("{}".utf8), url: fetch.url)
        }
        #expect(later.response.status == .ok)
        #expect(await state.issued == 2)
        fetch.release()
        await #expect(throws: CancellationError.self) { try await first.value }
    }
}

/// The sharing and the bounded width of a traversal's work.
@Suite struct TraversalSharingTests {
    /// Counts calls, and the most running at once.
    final class Counter: @unchecked Sendable {
        // @unchecked: only touched under `lock`.
        private let lock = NSLock()
        private var running = 0
        private(set) var calls = 0
        private(set) var mostRunning = 0

        func enter() {
            lock.withLock {
                calls += 1
                running += 1
                mostRunning = max(mostRunning, running)
            }
        }

        func leave() { lock.withLock { running -= 1 } }
    }

    /// A finished value is answered without its task, and never computed again.
    @Test func aFinishedValueIsSharedWithLaterCallers() async throws {
        let state = TraversalState(budget: 10)
        let counter = Counter()
        let key = TraversalState.Key.decode(URL(string: "http://traversal.test/1")!, ObjectIdentifier(Int.self), variant: "")
        for _ in 0..<3 {
            let value = try await state.value(key) {
                counter.enter()
                defer { counter.leave() }
                return 7
            }
            #expect(value as? Int == 7)
        }
        let waiters = await state.waiters(of: key)
        #expect(counter.calls == 1 && waiters == 0)
    }

    /// 1,000 parts of one level run at most `width` at a time (4 × the request concurrency, at least 16),
    /// not as 1,000 tasks at once.
    @Test(arguments: [1, 16]) func partsOfALevelRunAtMostWidthAtATime(concurrency: Int) async throws {
        let client = Client(baseURL: URL(string: "http://traversal.test")!, transport: MockTransportStub())
        let engine = HALTraversalEngine(client: client, options: HALTraversalOptions(maximumConcurrency: concurrency), headers: [])
        let counter = Counter()
        let results = try await engine.concurrently(1_000) { index in
            counter.enter()
            defer { counter.leave() }
            await Task.yield()
            return index
        }
        #expect(results == Array(0..<1_000) && counter.calls == 1_000)
        #expect(counter.mostRunning <= max(16, 4 * concurrency) && engine.width == max(16, 4 * concurrency))
    }

    /// A transport the engine never uses.
    struct MockTransportStub: Transport {
        func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) { throw CancellationError() }
    }
}
