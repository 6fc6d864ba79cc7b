import Foundation
@_spi(Generated) @_spi(Testing) import ResgenRuntimeCore

/// What a traversal call has requested, decoded and resolved, and what it has spent of its budgets.
///
/// Work is shared by key, so that its cost follows what the servers sent, not how often they repeat a
/// link: a URL is requested once, decoded once per type, and resolved once per include node. The first
/// caller of a key starts a task; every later caller awaits the same task (``value(_:_:)``).
///
/// Only what the traversal still needs is kept. A response body is dropped as soon as it is decoded (its
/// fetch is forgotten; the decoded value and a count of its bytes stay), so a call holds at most the
/// bodies in flight or awaiting their decode, not every body it ever took. Should the same URL later be
/// read as another type (a resource and a collection), it is requested again, within the budgets.
package actor TraversalState {
    /// What a shared task computes.
    package enum Key: Hashable {
        /// The response of a URL.
        case fetch(URL)
        /// The response of a URL decoded as one type (by the type's identity), and a variant of that
        /// decode (for an untyped collection: the name its items are expected under).
        case decode(URL, ObjectIdentifier, variant: String)
        /// The decoded value of a URL with the relationships of one include node resolved (by its
        /// ``IncludeTree/number``).
        case resolve(URL, ObjectIdentifier, node: Int)
    }

    /// One key's work, shared by every part of the traversal that needs it.
    private enum Shared {
        /// The task computing it, and how many callers await it and have not been cancelled.
        case running(Task<any Sendable, any Error>, waiters: Int)
        /// What it gave: kept without its task (a finished task still holds its allocations).
        case done(Result<any Sendable, any Error>)
    }

    /// The budgets (``HALTraversalOptions``) the call is held to.
    package struct Budgets: Sendable {
        package var requests: Int
        package var resources = Int.max
        package var bytes = Int.max
    }

    package let budgets: Budgets
    private var shared: [Key: Shared] = [:]
    /// Requests issued, the first included.
    package private(set) var issued = 0
    /// Related resources resolved (links followed and embedded resources taken, repeats included).
    package private(set) var resolved = 0
    /// Response bytes taken.
    private(set) var bytes = 0
    /// Whether a response passed the byte budget: every later request fails without being sent.
    private var bytesSpent = false
    /// Response bodies decoded.
    package private(set) var decodes = 0
    private(set) var failures: [HALTraversalFailure] = []
    /// The (path, URL) of each failure recorded: a failed target shared by many links is reported once.
    private var failed: Set<String> = []

    package init(budgets: Budgets) { self.budgets = budgets }

    package init(budget: Int) { self.init(budgets: Budgets(requests: budget)) }

    // MARK: sharing

    /// The value of `key`, computed by `make` for the first caller and shared with later ones.
    ///
    /// A caller's cancellation cancels the task only when every caller awaiting it has been cancelled:
    /// cancelling whichever caller happened to start it must not fail the others.
    package func value(_ key: Key, _ make: @escaping @Sendable () async throws -> any Sendable) async throws -> any Sendable {
        let task: Task<any Sendable, any Error>
        switch shared[key] {
        case .done(let result):
            return try result.get()
        case .running(let running, let waiters):
            task = running
            shared[key] = .running(running, waiters: waiters + 1)
        case nil:
            // `make` is nonisolated: the work (requests, decoding) runs off this actor.
            task = Task { try await make() }
            shared[key] = .running(task, waiters: 1)
        }
        let result = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            Task { await self.cancelWaiter(of: key) }
        }
        if case .running(let running, _) = shared[key], running == task { shared[key] = .done(result) }
        return try result.get()
    }

    /// One caller awaiting `key` was cancelled; when it was the last, the task is cancelled and forgotten,
    /// so that a caller coming later (from a part of the traversal that was not cancelled) starts the work
    /// again instead of joining a cancelled task and failing with its `CancellationError`.
    private func cancelWaiter(of key: Key) {
        guard case .running(let task, let waiters) = shared[key] else { return }
        guard waiters > 1 else {
            task.cancel()
            shared[key] = nil
            return
        }
        shared[key] = .running(task, waiters: waiters - 1)
    }

    /// How many callers await `key` and have not been cancelled.
    package func waiters(of key: Key) -> Int {
        guard case .running(_, let waiters) = shared[key] else { return 0 }
        return waiters
    }

    // MARK: fetching

    /// The response of `url`, fetched by `make` for the first caller and shared with later ones, within
    /// the request and byte budgets.
    ///
    /// - Parameters:
    ///   - path: The include path being followed, for the budget errors.
    ///   - make: Fetches the response; it reads no more than ``remainingBytes(path:)`` when it starts,
    ///     and counts what it took (``take(_:path:)``) before the next request may start.
    /// - Throws: ``HALTraversalError/requestBudgetExceeded(budget:url:)`` before a request past the
    ///   budget.
    package func response(for url: URL, path: String, _ make: @escaping @Sendable () async throws -> RawResponse) async throws -> RawResponse {
        if shared[.fetch(url)] == nil {
            guard issued < budgets.requests else { throw HALTraversalError.requestBudgetExceeded(budget: budgets.requests, url: url) }
            issued += 1
        }
        return try await value(.fetch(url)) { try await make() } as! RawResponse
    }

    /// What is left of the byte budget: the most a response starting now may take.
    ///
    /// - Throws: ``HALTraversalError/byteBudgetExceeded(budget:path:)`` once the budget is spent, so that
    ///   no request queued behind the one that spent it is sent.
    func remainingBytes(path: String) throws -> Int {
        guard !bytesSpent else { throw HALTraversalError.byteBudgetExceeded(budget: budgets.bytes, path: path) }
        return max(0, budgets.bytes - bytes)
    }

    /// A response did not fit in what was left of the byte budget: the budget is spent.
    func spendAllBytes() { bytesSpent = true }

    /// Counts `count` response bytes against the byte budget.
    ///
    /// - Throws: ``HALTraversalError/byteBudgetExceeded(budget:path:)`` once the bodies taken pass it.
    package func take(_ count: Int, path: String) throws {
        bytes += count
        guard bytes <= budgets.bytes else {
            bytesSpent = true
            throw HALTraversalError.byteBudgetExceeded(budget: budgets.bytes, path: path)
        }
    }

    /// `url`'s response decoded once by `decode` (per `kind` of value and `variant`), shared with later
    /// callers; the body is dropped once decoded.
    package func decoded(
        _ url: URL, as kind: ObjectIdentifier, variant: String = "", fetch: @escaping @Sendable () async throws -> RawResponse,
        _ decode: @escaping @Sendable (RawResponse) throws -> any Sendable
    ) async throws -> any Sendable {
        try await value(.decode(url, kind, variant: variant)) {
            let raw = try await fetch()
            await self.countDecode(of: url)
            return try decode(raw)
        }
    }

    /// A body of `url` is being decoded: its fetch (which holds the body) is forgotten, so the body lives
    /// only as long as the decodes already holding it.
    private func countDecode(of url: URL) {
        decodes += 1
        shared[.fetch(url)] = nil
    }

    // MARK: budgets and failures

    /// Counts `count` related resources about to be resolved at `path` against the resource budget.
    ///
    /// - Throws: ``HALTraversalError/resourceBudgetExceeded(budget:path:)`` when they do not fit.
    package func resolve(_ count: Int, path: String) throws {
        guard count <= budgets.resources - resolved else { throw HALTraversalError.resourceBudgetExceeded(budget: budgets.resources, path: path) }
        resolved += count
    }

    /// Records a failure left unresolved, once per include path and URL.
    package func record(_ failure: HALTraversalFailure) {
        guard failed.insert(failure.path + " " + failure.url.absoluteString).inserted else { return }
        failures.append(failure)
    }
}
