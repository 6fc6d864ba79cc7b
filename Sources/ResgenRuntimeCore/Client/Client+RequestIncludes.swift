import Foundation

/// Free-form requests with include sets (issue 25, item 16): the response's relationships are resolved
/// as `fetch(_:including:)` resolves a resource's — JSON:API asks with `include=` and resolves
/// `included`; HAL takes `_embedded` resources and follows links (a traversal with the codec's options,
/// after the request itself, whatever its method).
extension Client {
    /// Sends a request whose response is an array of resources, with their relationships of `includes`
    /// resolved.
    ///
    /// - Parameters:
    ///   - request: The request, e.g. `SearchPosts(term: "swift")`.
    ///   - includes: Named include sets of the request (`requests.<Name>.includes` in the schema).
    ///   - query: Extra query items for this call; they replace the request's items of the same name.
    ///   - headers: Extra header fields for this call; they replace the request's fields of the same name.
    ///   - allowRetry: Whether a retry middleware may resend a non-idempotent request.
    /// - Returns: The decoded resources.
    public func send<Request: IncludingRequest>(
        _ request: Request, including includes: Request.Include..., query: [QueryItem] = [], headers: [HeaderField] = [],
        allowRetry: Bool = false
    ) async throws -> Request.Response where Request.Response == [Request.Include.Root] {
        try await send(request, includingPaths: Self.paths(includes), query: query, headers: headers, allowRetry: allowRetry) { codec, data, context in
            try codec.decodeCollection(Request.Include.Root.self, from: data, context: context)
        } resolve: { traversal, items, includes in
            try await traversal.resolve(items, including: includes, headers: headers, client: self)
        }
    }

    /// Sends a request whose response is one resource, with its relationships of `includes` resolved.
    ///
    /// - Parameters:
    ///   - request: The request, e.g. `PublishArticle(id: "1")`.
    ///   - includes: Named include sets of the request (`requests.<Name>.includes` in the schema).
    ///   - query: Extra query items for this call; they replace the request's items of the same name.
    ///   - headers: Extra header fields for this call; they replace the request's fields of the same name.
    ///   - allowRetry: Whether a retry middleware may resend a non-idempotent request.
    /// - Returns: The decoded resource.
    public func send<Request: IncludingRequest>(
        _ request: Request, including includes: Request.Include..., query: [QueryItem] = [], headers: [HeaderField] = [],
        allowRetry: Bool = false
    ) async throws -> Request.Response where Request.Response == Request.Include.Root {
        try await send(request, includingPaths: Self.paths(includes), query: query, headers: headers, allowRetry: allowRetry) { codec, data, context in
            try codec.decodeResource(Request.Include.Root.self, from: data, context: context)
        } resolve: { traversal, value, includes in
            try await traversal.resolve(value, including: includes, headers: headers, client: self)
        }
    }

    /// Sends `request` and decodes its response with `decode`, its relationships along `includes` resolved
    /// as the codec's wire format does: `include=` and `included` (JSON:API), `resolve` with the codec's
    /// ``IncludeTraversal`` (HAL).
    private func send<Request: APIRequest>(
        _ request: Request, includingPaths includes: [IncludePath], query: [QueryItem], headers: [HeaderField], allowRetry: Bool,
        decode: @escaping @Sendable (any ResourceCodec, Data, ResponseContext) throws -> Request.Response,
        resolve: @escaping @Sendable (any IncludeTraversal, Request.Response, [IncludePath]) async throws -> Request.Response
    ) async throws -> Request.Response {
        let resolution = configuration.codec.includeResolution
        var extra: [QueryItem] = []
        if case .compoundDocument = resolution { extra = includes.includeQueryItems }
        let items = PreparedRequest.merge(query: [Request.defaultQueryItems, request.queryItems, extra, query])
        let url = try url(for: request.pathComponents, method: Request.method, query: items)
        if case .unsupported = resolution, !includes.isEmpty {
            throw ClientError(
                kind: .invalidRequest, request: summary(Request.method, url),
                detail: "includes need a HAL or JSON:API codec; \(type(of: configuration.codec)) has none")
        }
        let prepared = PreparedRequest(
            method: Request.method, url: url, headers: PreparedRequest.merge(headers: [Request.defaultHeaders, request.headers, headers]),
            body: request.body, requiresAuth: Request.requiresAuth, allowsRetryOfNonIdempotent: allowRetry)
        return try await withDeadline(prepared.method, prepared.url) {
            let (response, data, finalURL) = try await self.execute(prepared, accept: self.configuration.codec.mediaType)
            let value = try self.decode(prepared.method, finalURL, data, response, includes: includes) { try decode(self.configuration.codec, data, $0) }
            guard !includes.isEmpty, case .traversal(let traversal) = resolution else { return value }
            return try await resolve(traversal, value, includes)
        }
    }
}
