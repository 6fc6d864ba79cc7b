import Foundation

/// Reading with include sets: `client.fetch(Article.show("1"), including: .full)`. The client runs the
/// flow the codec's wire format describes (``ResourceCodec/includeResolution``): where includes are
/// resolved for each wire format starts here.
///
/// - HAL: its ``IncludeTraversal`` (``HALTraversalOptions``) runs `HALTraversalEngine`, which takes
///   `_embedded` resources or follows links (``Client/traverse(_:including:query:headers:options:)``).
/// - JSON:API: one request with `include=`; ``JSONAPICodec`` resolves `included` while decoding
///   (`IncludeResolver`).
extension Client {
    /// Reads one resource with the relationships of `includes` resolved.
    public func fetch<R: HasIncludes>(_ path: ResourcePath<R, Op.Show>, including includes: R.Include..., query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> R {
        try await fetch(path, includingPaths: Self.paths(includes), query: query, headers: headers)
    }

    /// Reads a collection with its items' relationships of `includes` resolved.
    public func fetch<R: HasIncludes>(_ path: ResourcePath<R, Op.List>, including includes: R.Include..., query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> [R] {
        try await fetch(path, includingPaths: Self.paths(includes), query: query, headers: headers)
    }

    /// Reads one resource with the relationships along `includes` resolved, as the wire format does.
    package func fetch<R: Resource>(_ path: ResourcePath<R, Op.Show>, includingPaths includes: [IncludePath], query: [QueryItem], headers: [HeaderField]) async throws -> R {
        try await read(path, includingPaths: includes, query: query, headers: headers) { traversal in
            try await traversal.fetch(path, including: includes, query: query, headers: headers, client: self)
        } decode: { codec, data, context in
            try codec.decodeResource(R.self, from: data, context: context)
        }
    }

    /// Reads a collection with its items' relationships along `includes` resolved, as the wire format does.
    package func fetch<R: Resource>(_ path: ResourcePath<R, Op.List>, includingPaths includes: [IncludePath], query: [QueryItem], headers: [HeaderField]) async throws -> [R] {
        try await read(path, includingPaths: includes, query: query, headers: headers) { traversal in
            try await traversal.fetch(path, including: includes, query: query, headers: headers, client: self)
        } decode: { codec, data, context in
            try codec.decodeCollection(R.self, from: data, context: context)
        }
    }

    /// The flow the codec names: `traverse` for a traversal (HAL), one `include=` request decoded with `decode` for
    /// JSON:API, an error for a format without includes.
    private func read<R: Resource, O: ExecutableOperation, T: Sendable>(
        _ path: ResourcePath<R, O>, includingPaths includes: [IncludePath], query: [QueryItem], headers: [HeaderField],
        traverse: (any IncludeTraversal) async throws -> T, decode: @escaping @Sendable (any ResourceCodec, Data, ResponseContext) throws -> T
    ) async throws -> T {
        switch configuration.codec.includeResolution {
        case .traversal(let traversal):
            return try await traverse(traversal)
        case .compoundDocument:
            return try await read(path, query: includes.includeQueryItems + query, headers: headers, includes: includes, decode: decode)
        case .unsupported:
            throw unsupportedIncludes(path.httpMethod, (try? url(for: path.path)) ?? baseURL)
        }
    }

    /// One page of a collection with its items' relationships along `includes` resolved, as the wire
    /// format does: JSON:API resolves the page's own `included`, HAL traverses the page's items (each
    /// page is one traversal: a URL is requested once per page). `accept` replaces the codec's `Accept`
    /// of the page request when given.
    package func page<R: Resource>(_ type: R.Type, at url: URL, includingPaths includes: [IncludePath], accept: String? = nil) async throws -> Page<R> {
        guard !includes.isEmpty else { return try await page(R.self, at: url, resolvingIncluded: [], accept: accept) }
        switch configuration.codec.includeResolution {
        case .traversal(let traversal):
            return try await withDeadline(.get, url) {
                var page = try await self.page(R.self, at: url, resolvingIncluded: [], accept: accept)
                page.items = try await traversal.resolve(page.items, including: includes, headers: [], client: self)
                return page
            }
        case .compoundDocument:
            return try await page(R.self, at: url, resolvingIncluded: includes, accept: accept)
        case .unsupported:
            throw unsupportedIncludes(.get, url)
        }
    }

    /// The query items that ask the server for `includes`: `include=` for JSON:API, none for HAL (which
    /// follows links instead) or without includes.
    package func pageQuery(_ includes: [IncludePath]) -> [QueryItem] {
        guard case .compoundDocument = configuration.codec.includeResolution else { return [] }
        return includes.includeQueryItems
    }

    /// The include paths of several sets, first occurrence kept.
    package static func paths<Include: IncludeSet>(_ includes: [Include]) -> [IncludePath] {
        var seen = Set<IncludePath>()
        return includes.flatMap(\.paths).filter { seen.insert($0).inserted }
    }

    /// The error for includes on a codec whose wire format has none.
    private func unsupportedIncludes(_ method: HTTPMethod, _ url: URL) -> ClientError {
        ClientError(
            kind: .invalidRequest, request: summary(method, url),
            detail: "includes need a HAL or JSON:API codec; \(type(of: configuration.codec)) has none")
    }
}
