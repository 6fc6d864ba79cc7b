import HTTPTypes

/// A response whose body is larger than ``TransportOptions/maximumResponseBytes``: the transport
/// stopped reading it (or, for a transport that cannot, dropped it) instead of handing it back.
///
/// The client turns it into a ``ClientError`` of kind ``ClientError/Kind/responseTooLarge``. It is
/// not a ``TransportError``: a response did arrive, and sending the request again would get the same
/// one, so retry policies leave it alone.
public struct ResponseTooLargeError: Error, CustomStringConvertible, Sendable {
    /// The limit the body passed, in bytes.
    public var maximumBytes: Int
    /// The response head, when it arrived before the transport stopped.
    public var response: HTTPResponse?
    /// The body length the response announced (`Content-Length` without a `Content-Encoding`), when
    /// that alone was over the limit and nothing of the body was read.
    public var announcedLength: Int64?
    /// How many body bytes had arrived when the transport stopped reading: a little more than
    /// ``maximumBytes`` when it stopped in time, the whole body when it checked after the fact, 0
    /// when the announced length was enough.
    public var receivedBytes: Int

    /// Creates an error.
    public init(maximumBytes: Int, response: HTTPResponse?, announcedLength: Int64? = nil, receivedBytes: Int) {
        self.maximumBytes = maximumBytes
        self.response = response
        self.announcedLength = announcedLength
        self.receivedBytes = receivedBytes
    }

    /// E.g. `the response body is larger than the limit of 1048576 bytes (Content-Length: 524288000)`.
    public var description: String {
        let evidence = announcedLength.map { "Content-Length: \($0)" } ?? "\(receivedBytes) bytes received"
        return "the response body is larger than the limit of \(maximumBytes) bytes (\(evidence))"
    }
}
