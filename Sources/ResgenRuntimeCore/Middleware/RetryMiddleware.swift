import Foundation
import HTTPTypes

/// Retries failed requests with exponential backoff — idempotent ones only, unless the caller allowed
/// more (``MiddlewareContext/allowsRetryOfNonIdempotent``): a POST is never replayed unless told.
///
/// Retries transport failures (not cancellation) and the statuses in ``Policy/retryableStatuses``;
/// honours `Retry-After`, in seconds or as an HTTP-date (a date in the past means now), up to
/// ``Policy/maximumDelay``. A body that cannot be replayed
/// is never sent twice.
public struct RetryMiddleware: ClientMiddleware {
    /// When and how often to retry.
    public struct Policy: Sendable {
        /// Total attempts, the first included.
        public var maximumAttempts: Int
        /// The delay before the first retry; doubled for each further one.
        public var initialDelay: Duration
        /// The longest delay between attempts.
        public var maximumDelay: Duration
        /// Statuses worth retrying.
        public var retryableStatuses: Set<Int>
        /// Random spread added to each delay, as a fraction of it (0 for none).
        public var jitter: Double

        /// Creates a policy.
        public init(
            maximumAttempts: Int = 3, initialDelay: Duration = .milliseconds(200), maximumDelay: Duration = .seconds(5),
            retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504], jitter: Double = 0.2
        ) {
            self.maximumAttempts = max(1, maximumAttempts)
            self.initialDelay = initialDelay
            self.maximumDelay = maximumDelay
            self.retryableStatuses = retryableStatuses
            self.jitter = jitter
        }

        /// The delay before retry number `retry` (1-based), without jitter.
        public func delay(beforeRetry retry: Int) -> Duration {
            var delay = initialDelay
            for _ in 1..<max(1, retry) where delay < maximumDelay { delay *= 2 }
            return min(delay, maximumDelay)
        }
    }

    private let policy: Policy
    private let sleep: @Sendable (Duration) async throws -> Void
    private let now: @Sendable () -> Date

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - policy: When and how often to retry.
    ///   - sleep: Waits between attempts; tests pass one that records instead of sleeping.
    ///   - now: The present, against which a `Retry-After` date is measured; tests pass a fixed one.
    public init(
        policy: Policy = .init(), sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.policy = policy
        self.sleep = sleep
        self.now = now
    }

    public func intercept(
        _ request: HTTPRequest, body: OutgoingBody, context: MiddlewareContext,
        next: @Sendable (HTTPRequest, OutgoingBody) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        guard context.mayRetry, body.isReplayable else { return try await next(request, body) }
        var attempt = 1
        while true {
            let delay: Duration
            do {
                let response = try await next(request, body)
                guard attempt < policy.maximumAttempts, policy.retryableStatuses.contains(response.0.status.code) else { return response }
                delay = retryAfter(response.0) ?? policy.delay(beforeRetry: attempt)
            } catch let error where !(error is CancellationError) && Self.isTransportFailure(error) && attempt < policy.maximumAttempts {
                delay = policy.delay(beforeRetry: attempt)
            }
            try await sleep(withJitter(delay))
            attempt += 1
        }
    }

    /// Errors that mean "no response": worth another try. Client errors about the request are not.
    private static func isTransportFailure(_ error: any Error) -> Bool {
        if let error = error as? ClientError { return error.kind == .transport }
        return true
    }

    private func retryAfter(_ response: HTTPResponse) -> Duration? {
        guard let value = response.headerFields[.retryAfter] else { return nil }
        return Self.retryAfter(value, now: now()).map { min($0, policy.maximumDelay) }
    }

    /// The wait a `Retry-After` value asks for (RFC 9110 §10.2.3): delay-seconds, or an HTTP-date whose
    /// distance from `now` is the wait (zero when it has passed); nil when it is neither.
    package static func retryAfter(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            // Digits only; more than Int holds is still "a long time".
            return .seconds(Int(text) ?? Int.max)
        }
        guard let date = HTTPDate.parse(text, now: now) else { return nil }
        let seconds = date.timeIntervalSince(now)
        return seconds > 0 ? .milliseconds(Int64(min(seconds, 1e12) * 1000)) : .zero
    }

    private func withJitter(_ delay: Duration) -> Duration {
        guard policy.jitter > 0 else { return delay }
        return delay * (1 + Double.random(in: 0...policy.jitter))
    }
}
