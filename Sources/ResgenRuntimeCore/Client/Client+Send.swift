import Foundation

/// Executing Crane-style request types generated from the schema's `requests`.
extension Client {
    /// Sends a request and decodes its response.
    ///
    /// - Parameters:
    ///   - request: The request, e.g. `SearchArticles(term: "swift")`.
    ///   - query: Extra query items for this call; they replace the request's items of the same name.
    ///   - headers: Extra header fields for this call; they replace the request's fields of the same name.
    ///   - allowRetry: Whether a retry middleware may resend a non-idempotent request (e.g. a POST
    ///     the server deduplicates by an idempotency key).
    /// - Returns: The decoded response; ``EmptyResponse`` for requests without one.
    public func send<Request: APIRequest>(
        _ request: Request, query: [QueryItem] = [], headers: [HeaderField] = [], allowRetry: Bool = false
    ) async throws -> Request.Response {
        let items = PreparedRequest.merge(query: [Request.defaultQueryItems, request.queryItems, query])
        let url = try url(for: request.pathComponents, method: Request.method, query: items)
        let prepared = PreparedRequest(
            method: Request.method, url: url, headers: PreparedRequest.merge(headers: [Request.defaultHeaders, request.headers, headers]),
            body: request.body, requiresAuth: Request.requiresAuth, allowsRetryOfNonIdempotent: allowRetry)
        return try await withDeadline(prepared.method, prepared.url) {
            let (response, data, finalURL) = try await self.execute(prepared, accept: self.configuration.codec.acceptHeader)
            if Request.Response.self == EmptyResponse.self, let empty = EmptyResponse() as? Request.Response {
                return empty
            }
            return try self.decode(prepared.method, finalURL, data, response) { try self.configuration.codec.decodeValue(Request.Response.self, from: data, context: $0) }
        }
    }
}
