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
        /// It is `URLRequest.timeoutInterval`: an idle timeout, the longest wait for the next data, on
        /// Apple platforms and on Linux alike. A slow but steady download does not time out, and
        /// neither does a server that sends one byte every few seconds (measured on Linux: a body
        /// trickled one byte every 300 ms for 2.1 s arrived whole through a 1 s timeout). What bounds a
        /// whole call is ``Client/Configuration/timeout``. FoundationNetworking honours whole seconds
        /// only, so the transport rounds the timeout up to the next second on Linux.
        public var timeout: Duration

        /// How many bytes of a streamed body may wait on disk for a reader slower than the network, on
        /// Linux; 256 MiB by default (``defaultMaximumSpilledBytes``).
        ///
        /// FoundationNetworking cannot hold a transfer back, so what arrives while the reader of a
        /// ``URLSessionTransport/stream(_:body:options:)`` body (``Client``'s downloads and `bytes`) is
        /// busy waits in a private temporary file (mode `0600`, its name removed once open) after the
        /// first MiB in memory. Past this bound the request is cancelled and reading the body throws
        /// ``SpillLimitError`` (the client: a ``ClientError`` of kind ``ClientError/Kind/readerTooSlow``),
        /// instead of filling the temporary folder — often a `tmpfs`, that is memory — with a body the
        /// reader may never take. A download to a file keeps up with any network short of a disk slower
        /// than it; raise the bound for a reader that pauses for long, or pass `.max` for none. On Apple
        /// platforms the transfer is suspended instead and nothing waits on disk.
        public var maximumSpilledBytes: Int

        /// The default of ``maximumSpilledBytes``: 256 MiB.
        public static let defaultMaximumSpilledBytes = 256 << 20

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - maximumConnectionsPerHost: Connections open at once to one host; at least 1.
        ///   - timeout: The longest wait for data from the server; positive.
        ///   - maximumSpilledBytes: The most bytes of a streamed body that may wait on disk for its reader
        ///     (Linux); at least 0.
        public init(
            maximumConnectionsPerHost: Int = 16, timeout: Duration = .seconds(60), maximumSpilledBytes: Int = Self.defaultMaximumSpilledBytes
        ) {
            precondition(maximumConnectionsPerHost >= 1, "maximumConnectionsPerHost must be at least 1")
            precondition(timeout > .zero, "timeout must be positive")
            precondition(maximumSpilledBytes >= 0, "maximumSpilledBytes must not be negative")
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
            self.timeout = timeout
            self.maximumSpilledBytes = maximumSpilledBytes
        }
    }
}
