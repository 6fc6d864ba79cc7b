import Foundation

/// Every call runs under ``Client/Configuration/timeout`` (see `CallDeadline`): the public entry points
/// wrap all of their work — requests, decoding, traversal — in ``withDeadline(_:_:_:)``, and so does
/// every request, so that no path escapes it.
extension Client {
    /// Runs `work`, all of one call, under the client's deadline: when
    /// ``Configuration/timeout`` passes first, `work` is cancelled and the call throws a ``ClientError``
    /// of kind ``ClientError/Kind/timedOut`` naming `method` and `url` (the call's first request).
    ///
    /// Inside a call that already runs under a deadline no sooner than this one's (the requests of a
    /// traversal, a page's includes), `work` simply runs: the outer deadline covers it.
    package func withDeadline<T: Sendable>(_ method: HTTPMethod, _ url: URL, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        guard let timeout = configuration.timeout else { return try await work() }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        if let outer = CallDeadline.current, outer <= deadline { return try await work() }
        let request = summary(method, url)
        return try await CallDeadline.run(until: deadline, timedOut: { Self.timedOut(request, after: timeout) }, work)
    }

    /// The error of a call whose deadline passed.
    package static func timedOut(_ request: ClientError.RequestSummary, after timeout: Duration) -> ClientError {
        ClientError(kind: .timedOut, request: request, detail: "no result within the call's deadline of \(timeout)")
    }
}
