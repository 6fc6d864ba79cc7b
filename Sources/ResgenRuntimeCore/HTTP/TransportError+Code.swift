extension TransportError {
    /// The kind of a ``TransportError``: an open set of values, so new kinds are not a breaking change.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A short lowercase phrase, e.g. `timed out`.
        public let description: String

        /// Creates a code; prefer the predefined ones.
        public init(_ description: String) { self.description = description }

        /// The request could not be made (no URL, or a URL the HTTP stack refuses). Not worth retrying.
        public static let invalidRequest = Code("invalid request")
        /// The request body could not be read (a missing file, a stream that threw). Not worth retrying.
        public static let bodyUnavailable = Code("request body unavailable")
        /// No connection could be made (unknown host, refused, unreachable). Nothing was sent.
        public static let cannotConnect = Code("cannot connect")
        /// The connection broke while the request or response was under way: the server may have
        /// acted on the request.
        public static let connectionLost = Code("connection lost")
        /// No data arrived within the transport's timeout.
        public static let timedOut = Code("timed out")
        /// The TLS handshake or the server's certificate failed.
        public static let secureConnectionFailed = Code("secure connection failed")
        /// The response could not be read (malformed, or too large for the stack).
        public static let badResponse = Code("bad response")
        /// Anything else.
        public static let other = Code("failed")
    }
}
