@_spi(Generated) import ResgenRuntimeCore

/// At most `limit` operations at once; waiters resume in order.
package actor AsyncLimiter {
    private let limit: Int
    private var running = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    package init(_ limit: Int) { self.limit = limit }

    /// Runs `operation` once fewer than `limit` run.
    ///
    /// - Throws: `CancellationError` when the task was cancelled while it waited: a traversal that has
    ///   failed sends none of the requests still queued.
    package func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        try Task.checkCancellation()
        return try await operation()
    }

    private func acquire() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty {
            running -= 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}
