import AsyncHTTPClient
import NIOCore

extension AsyncHTTPClientTransport {
    /// How an ``AsyncHTTPClientTransport`` sets up the `HTTPClient` it owns.
    public struct Configuration: Sendable {
        /// How many HTTP/1 connections to one host may be open at once; requests beyond that wait for
        /// one. 16 by default, as for `URLSessionTransport` (whose configuration says why), where
        /// AsyncHTTPClient's default is 8.
        public var maximumConnectionsPerHost: Int

        /// How long connecting may take, and the longest wait for the next data from the server; 60
        /// seconds by default. Expiry throws `TransportError` with code `TransportError.Code.timedOut`.
        ///
        /// It is an idle timeout, not a bound on the whole request: a slow but steady download does
        /// not time out, and neither does a server that sends one byte every few seconds (measured: a
        /// body trickled one byte every 300 ms for 2.1 s arrived whole through a 1 s timeout). What
        /// bounds a whole call is the client's `Client.Configuration.timeout`.
        public var timeout: Duration

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - maximumConnectionsPerHost: Connections open at once to one host; at least 1.
        ///   - timeout: The longest wait for a connection or for data from the server; positive.
        public init(maximumConnectionsPerHost: Int = 16, timeout: Duration = .seconds(60)) {
            precondition(maximumConnectionsPerHost >= 1, "maximumConnectionsPerHost must be at least 1")
            precondition(timeout > .zero, "timeout must be positive")
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
            self.timeout = timeout
        }

        /// The `HTTPClient` configuration: no redirects followed, no connection retries, no decompression
        /// (the transport inflates gzip and deflate bodies itself, counting as it goes), the connection
        /// limit and timeouts.
        var clientConfiguration: HTTPClient.Configuration {
            let amount = Self.timeAmount(timeout)
            var configuration = HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: .init(connect: amount, read: amount),
                decompression: .disabled
            )
            configuration.connectionPool = .init(
                idleTimeout: .seconds(60),
                concurrentHTTP1ConnectionsPerHostSoftLimit: maximumConnectionsPerHost
            )
            // A refused connection fails the request at once, as with URLSession, instead of being
            // retried with backoff until the request's deadline: retrying is `RetryMiddleware`'s call.
            configuration.connectionPool.retryConnectionEstablishment = false
            return configuration
        }

        /// `duration` in NIO's nanoseconds, saturating instead of overflowing.
        private static func timeAmount(_ duration: Duration) -> TimeAmount {
            let (seconds, attoseconds) = duration.components
            let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            guard !overflow else { return .nanoseconds(.max) }
            return .nanoseconds(nanoseconds.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue)
        }
    }
}
