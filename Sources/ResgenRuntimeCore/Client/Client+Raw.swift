import Foundation

/// Requests by URL, below typed paths: what codecs build includes and traversal on, and what untyped
/// access (a HAL link from a server, a `next` page) uses. Middlewares, redirects, error documents and
/// the trust rule for header fields apply exactly as for typed calls.
extension Client {
    /// Sends a request to an absolute URL (which may be on another origin) and returns the 2xx response.
    ///
    /// `headers` go to the URL named here even when its origin is not trusted (the caller chose it), and
    /// along redirects that stay on its origin and trusted ones; a redirect to any other origin drops them
    /// for the rest of the chain. The client's default headers and credentials go only to trusted origins
    /// (``Configuration/trustedOrigins``), on a chain that never left them. A `body` is resent on a 307 or
    /// 308 only to this URL's origin or a trusted one.
    ///
    /// This is also how to follow a redirect the client refused to resend a body along (a
    /// ``ClientError`` whose `headers` carry the `Location`), once you decided to trust its target.
    ///
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The absolute URL (`http` or `https`).
    ///   - headers: Header fields (they replace client defaults of the same name).
    ///   - body: The body.
    ///   - accept: The `Accept` value; the codec's media type by default.
    ///   - requiresAuth: Whether the request must carry credentials.
    /// - Throws: ``ClientError`` for any non-2xx status or failure; `CancellationError`.
    public func request(
        _ method: HTTPMethod, _ url: URL, headers: [HeaderField] = [], body: RequestBody = .none, accept: String? = nil,
        requiresAuth: Bool = false
    ) async throws -> RawResponse {
        var prepared = PreparedRequest(method: method, url: url, headers: headers, body: body, requiresAuth: requiresAuth, allowsRetryOfNonIdempotent: false)
        prepared.namedOrigin = Origin(of: url)
        return try await executeRaw(prepared, accept: accept ?? configuration.codec.acceptHeader)
    }

    /// Sends a request to a URL the runtime built from the base URL or took from a server (a link, a
    /// `next` page): `headers` go only where the client's trust rule lets them.
    ///
    /// - Parameter maximumResponseBytes: A lower limit than the client's on the response body, for a
    ///   caller with a budget of its own (HAL traversal).
    package func request(
        _ method: HTTPMethod, runtimeURL url: URL, headers: [HeaderField] = [], body: RequestBody = .none, accept: String? = nil,
        maximumResponseBytes: Int? = nil
    ) async throws -> RawResponse {
        var prepared = PreparedRequest(method: method, url: url, headers: headers, body: body, requiresAuth: false, allowsRetryOfNonIdempotent: false)
        prepared.maximumResponseBytes = maximumResponseBytes
        return try await executeRaw(prepared, accept: accept ?? configuration.codec.acceptHeader)
    }

    private func executeRaw(_ prepared: PreparedRequest, accept: String) async throws -> RawResponse {
        let (response, data, finalURL) = try await execute(prepared, accept: accept)
        return RawResponse(response: response, body: data, url: finalURL)
    }

    /// The absolute URL of `path` (with `query`) below the base URL.
    public func url(for path: String, query: [QueryItem] = []) throws -> URL {
        guard let url = PreparedRequest.url(base: baseURL, path: path, query: query) else {
            throw ClientError(kind: .invalidRequest, request: summary(.get, baseURL), detail: "'\(redacted(path))' does not form a URL with \(baseURL)")
        }
        return url
    }

    /// Decodes `raw` with the codec, turning a `DecodingError` into a ``ClientError`` with its field path.
    public func decode<T>(_ raw: RawResponse, method: HTTPMethod = .get, _ body: (ResponseContext) throws -> T) throws -> T {
        try decode(method, raw.url, raw.body, raw.response, body)
    }
}
