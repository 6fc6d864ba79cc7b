/// What the ``Client`` asks of a ``Transport`` for one request, besides the request itself.
///
/// A parameter object rather than loose arguments, so a later setting reaches every transport
/// without another protocol requirement.
public struct TransportOptions: Hashable, Sendable {
    /// The largest response body the transport may hand back, in bytes, counted after the
    /// transport undid any `Content-Encoding` (what the caller holds in memory, not what crossed
    /// the wire). A body one byte larger fails with ``ResponseTooLargeError``.
    ///
    /// A transport should stop reading as soon as the body passes the limit (or the response
    /// announces a larger `Content-Length`), so it never buffers much more than this.
    public var maximumResponseBytes: Int

    /// Where the transport reports the progress of sending the request body, when someone listens
    /// (``TransferProgress/reportingUploads(to:isolation:_:)``); nil otherwise. A transport calls
    /// ``TransferProgress/Reporter/update(completedBytes:totalBytes:)`` as it hands the body to the
    /// network, as often as it likes (the reporter passes on only meaningful steps). One reporter serves
    /// one send of the body.
    public var uploadProgress: TransferProgress.Reporter?

    /// The default limit: 32 MiB. ``Client/Configuration/maximumResponseBytes`` says why.
    public static let defaultMaximumResponseBytes = 32 << 20

    /// Creates options.
    ///
    /// - Parameter maximumResponseBytes: The largest body to accept; a negative value counts as 0.
    public init(maximumResponseBytes: Int = Self.defaultMaximumResponseBytes) {
        self.maximumResponseBytes = max(0, maximumResponseBytes)
    }

    /// Creates options that also report upload progress.
    ///
    /// - Parameters:
    ///   - maximumResponseBytes: The largest body to accept; a negative value counts as 0.
    ///   - uploadProgress: Where to report the progress of sending the request body.
    public init(maximumResponseBytes: Int = Self.defaultMaximumResponseBytes, uploadProgress: TransferProgress.Reporter?) {
        self.init(maximumResponseBytes: maximumResponseBytes)
        self.uploadProgress = uploadProgress
    }
}
