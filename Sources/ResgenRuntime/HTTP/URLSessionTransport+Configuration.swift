extension URLSessionTransport {
    /// How a ``URLSessionTransport`` sets up the `URLSession` it owns.
    public struct Configuration: Sendable {
        /// How many connections to one host may be open at once; requests beyond that wait for one.
        ///
        /// Defaults to 16, not URLSession's 6: generated clients fan out (a page of resources, then
        /// their includes) and with 6 connections 16 concurrent requests take three round trips
        /// instead of one (measured on loopback with a 20 ms server: 100 requests, 16 in flight,
        /// took ~2.2× longer with 6 than with 16). Servers commonly accept far more than 16
        /// connections per client; lower it for a fragile one.
        public var maximumConnectionsPerHost: Int

        /// How long a request may wait for the server; 60 seconds by default. Expiry throws
        /// ``TransportError`` with code ``TransportError/Code/timedOut``.
        ///
        /// It is `URLRequest.timeoutInterval`, whose meaning differs by platform. On Apple platforms
        /// it is an idle timeout: the longest wait for the next data, so a slow but steady download
        /// does not time out. On Linux, FoundationNetworking counts it from the start of the request
        /// and in whole seconds; the transport rounds it up to the next second there.
        public var timeout: Duration

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - maximumConnectionsPerHost: Connections open at once to one host; at least 1.
        ///   - timeout: The longest wait for data from the server; positive.
        public init(maximumConnectionsPerHost: Int = 16, timeout: Duration = .seconds(60)) {
            precondition(maximumConnectionsPerHost >= 1, "maximumConnectionsPerHost must be at least 1")
            precondition(timeout > .zero, "timeout must be positive")
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
            self.timeout = timeout
        }
    }
}
