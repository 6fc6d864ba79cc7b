import Foundation

/// What a traversal call has requested: one task per URL, the count against the budget, the failures.
actor TraversalState {
    /// One URL's fetch, shared by every part of the traversal that needs it.
    private struct Fetch {
        let task: Task<RawResponse, any Error>
        /// Callers awaiting the fetch that have not been cancelled.
        var waiters: Int
    }

    let budget: Int
    private var fetches: [URL: Fetch] = [:]
    private(set) var issued = 0
    private(set) var failures: [HALTraversalFailure] = []

    init(budget: Int) { self.budget = budget }

    /// The response of `url`, fetched by `make` for the first caller and shared with later ones.
    ///
    /// A caller's cancellation cancels the fetch only when every caller awaiting it has been cancelled:
    /// cancelling whichever caller happened to start it must not fail the others.
    func response(for url: URL, _ make: @escaping @Sendable () async throws -> RawResponse) async throws -> RawResponse {
        let task: Task<RawResponse, any Error>
        if let fetch = fetches[url] {
            task = fetch.task
            fetches[url]?.waiters += 1
        } else {
            guard issued < budget else { throw HALTraversalError.requestBudgetExceeded(budget: budget, url: url) }
            issued += 1
            task = Task { try await make() }
            fetches[url] = Fetch(task: task, waiters: 1)
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            Task { await self.cancelWaiter(of: url) }
        }
    }

    /// One caller awaiting `url` was cancelled; when it was the last, the fetch is cancelled.
    private func cancelWaiter(of url: URL) {
        guard var fetch = fetches[url] else { return }
        fetch.waiters -= 1
        fetches[url] = fetch
        if fetch.waiters == 0 { fetch.task.cancel() }
    }

    /// How many callers await `url` and have not been cancelled.
    func waiters(of url: URL) -> Int { fetches[url]?.waiters ?? 0 }

    func record(_ failure: HALTraversalFailure) { failures.append(failure) }
}
