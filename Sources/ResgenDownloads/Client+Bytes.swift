import Foundation
import ResgenRuntimeCore

/// Streaming a response body to the caller as it arrives, for bodies too large to hold or to be
/// processed as they come (exports, logs, line-delimited JSON).
extension Client {
    /// Sends a request and returns the 2xx response as soon as its head arrived, with its body to read
    /// chunk by chunk.
    ///
    /// ```swift
    /// let export = try await client.bytes(.get, exportURL)
    /// for try await chunk in export.body {
    ///     try handle.write(contentsOf: chunk)
    /// }
    /// ```
    ///
    /// The request goes as ``request(_:_:headers:body:accept:requiresAuth:)``'s does: through the
    /// middlewares, along redirects, under the same trust rule for header fields, and a status outside
    /// 2xx throws the usual ``ClientError`` with the server's error document (read up to
    /// ``Configuration/maximumResponseBytes``). The 2xx body is not held against that limit but against
    /// `maximumBytes`, and never read whole: the transport keeps at most about 1 MiB ahead of the reader
    /// (see ``ResponseBody``; a ``Transport`` that does not implement streaming hands the body over whole).
    ///
    /// The call's deadline (``Configuration/timeout``) covers getting the response head; reading the body
    /// takes as long as it takes, bounded by the transport's idle timeout and by the reading task, whose
    /// cancellation cancels the request.
    ///
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The absolute URL (`http` or `https`); `headers` go to its origin as for ``request(_:_:headers:body:accept:requiresAuth:)``.
    ///   - headers: Header fields (they replace client defaults of the same name).
    ///   - body: The body.
    ///   - accept: The `Accept` value; `*/*` by default.
    ///   - requiresAuth: Whether the request must carry credentials.
    ///   - maximumBytes: The longest body to read; reading past it throws a ``ClientError`` of kind
    ///     ``ClientError/Kind/responseTooLarge``. No limit by default.
    /// - Returns: The response head, its body and the URL it came from.
    /// - Throws: ``ClientError`` for any non-2xx status or failure; `CancellationError`. Reading the body
    ///   throws ``ClientError`` (kind ``ClientError/Kind/transport`` when it broke off) or `CancellationError`.
    public func bytes(
        _ method: HTTPMethod, _ url: URL, headers: [HeaderField] = [], body: RequestBody = .none, accept: String = "*/*",
        requiresAuth: Bool = false, maximumBytes: Int = .max
    ) async throws -> StreamedResponse {
        var prepared = PreparedRequest(
            method: method, url: url, headers: headers, body: body, requiresAuth: requiresAuth, allowsRetryOfNonIdempotent: false)
        prepared.namedOrigin = Origin(of: url)
        return try await stream(prepared, accept: accept, maximumBytes: maximumBytes)
    }

    /// Reads a resource's representation as it arrives: `GET` its path and return the 2xx response as
    /// soon as its head arrived, with its body to read chunk by chunk (an attachment, a rendition of the
    /// resource in another media type).
    ///
    /// As ``bytes(_:_:headers:body:accept:requiresAuth:maximumBytes:)``, for a path below the base URL:
    /// header fields go where a typed call's go.
    ///
    /// - Parameters:
    ///   - path: A `show` path, e.g. `Attachment.show("1")`.
    ///   - query: Extra query items for this call.
    ///   - headers: Extra header fields for this call.
    ///   - accept: The `Accept` value; `*/*` by default.
    ///   - maximumBytes: The longest body to read. No limit by default.
    /// - Returns: The response head, its body and the URL it came from.
    /// - Throws: As ``bytes(_:_:headers:body:accept:requiresAuth:maximumBytes:)``.
    public func bytes<R: Resource>(
        _ path: ResourcePath<R, Op.Show>, query: [QueryItem] = [], headers: [HeaderField] = [], accept: String = "*/*",
        maximumBytes: Int = .max
    ) async throws -> StreamedResponse {
        let prepared = PreparedRequest(
            method: .get, url: try url(for: path, query: query), headers: headers, body: .none, requiresAuth: false,
            allowsRetryOfNonIdempotent: false)
        return try await stream(prepared, accept: accept, maximumBytes: maximumBytes)
    }

    /// Runs `prepared` to a 2xx response whose body streams, its errors made the client's.
    private func stream(_ prepared: PreparedRequest, accept: String, maximumBytes: Int) async throws -> StreamedResponse {
        var prepared = prepared
        let slot = StreamedBodySlot(maximumBytes: maximumBytes)
        prepared.streamedBody = slot
        let (response, data, finalURL) = try await execute(prepared, accept: accept)
        let body = slot.take(for: response, data: data)
        let chunks = ClientErrorChunks(body: body, request: summary(prepared.method, finalURL), response: response)
        return StreamedResponse(response: response, body: ResponseBody(chunks), url: finalURL)
    }
}
