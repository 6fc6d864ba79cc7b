extension TransferProgress {
    /// The handler of ``reportingUploads(to:isolation:_:)`` for the task running it, if any.
    @TaskLocal static var uploadHandler: (@Sendable (TransferProgress) -> Void)?

    /// Runs `operation`, reporting the progress of every request body it sends to `handler`.
    ///
    /// ```swift
    /// let reply = try await TransferProgress.reportingUploads(to: { progress in
    ///     print(progress)  // "1048576 of 52428800 bytes"
    /// }) {
    ///     try await client.request(.post, uploadURL, body: .multipart([
    ///         MultipartPart(name: "video", filename: "talk.mp4", content: .file(movie)),
    ///     ]))
    /// }
    /// ```
    ///
    /// Every request `operation` makes through a ``Client`` reports, typed calls included, in steps (see
    /// ``Reporter``): bytes handed to the network so far and the body's length. Each send of a body
    /// reports from zero, so a request sent again (a retry, a refreshed credential, a `307` redirect)
    /// starts over. Child tasks `operation` starts report to the same handler, so the values of uploads
    /// running at once are interleaved: give each its own scope. `URLSessionTransport` reports as
    /// `URLSession` sends, `AsyncHTTPClientTransport` as it hands a file or stream body to
    /// AsyncHTTPClient (a body in memory: at its start and once the response arrived), `MockTransport`
    /// at the start and the end; a transport of your own reports through
    /// ``TransportOptions/uploadProgress``.
    ///
    /// - Parameters:
    ///   - handler: Gets each value; called on the transport's thread, so it must return quickly.
    ///   - isolation: The actor `operation` runs on (the caller's, by default).
    ///   - operation: The work whose uploads report.
    /// - Returns: What `operation` returns.
    public static func reportingUploads<T>(
        to handler: @escaping @Sendable (TransferProgress) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws -> T
    ) async rethrows -> T {
        try await $uploadHandler.withValue(handler, operation: operation, isolation: isolation)
    }

    /// A fresh reporter for one send of a request body, when the running task reports uploads.
    static func uploadReporter() -> Reporter? {
        uploadHandler.map(Reporter.init)
    }
}
