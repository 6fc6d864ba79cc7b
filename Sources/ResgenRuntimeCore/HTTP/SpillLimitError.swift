/// A streamed body's reader fell so far behind the network that more than the transport's bound
/// waited for it on disk (``URLSessionTransport/Configuration/maximumSpilledBytes``, on Linux): the
/// request is cancelled rather than the temporary folder filled. The client throws it as a
/// ``ClientError`` of kind ``ClientError/Kind/readerTooSlow``.
///
/// Read faster (hand the chunks to another task), raise the bound, or use `AsyncHTTPClientTransport`,
/// which holds the server back instead of storing what the reader has not taken.
public struct SpillLimitError: Error, Sendable, CustomStringConvertible {
    /// The bound that was reached, in bytes.
    public var maximumBytes: Int

    /// Creates an error.
    public init(maximumBytes: Int) { self.maximumBytes = maximumBytes }

    public var description: String {
        "more than \(maximumBytes) bytes of the body waited on disk for a reader that did not keep up"
    }
}
