import Foundation

/// Pagination: `for try await page in client.pages(Order.list()) { … }` follows each page's `next`
/// link (HAL `_links.next`, JSON:API `links.next`, or an RFC 8288 `Link` header) until there is none.
/// After a page without `next` it goes on by the query parameters the resource declares
/// (``ParameterPagination``, schema `pagination:`), or, without a declaration, toward the page's
/// `last` link when its own URL and `last` differ in one page number or offset.
extension Client {
    /// The pages of a collection, fetched one at a time as the sequence is iterated.
    ///
    /// - Parameters:
    ///   - path: The collection.
    ///   - query: Query items of the first request (later pages use the server's `next` URLs as given).
    ///   - maximumPages: Stops after this many pages, whatever the server says (a guard against loops).
    public func pages<R: Resource>(_ path: ResourcePath<R, Op.List>, query: [QueryItem] = [], maximumPages: Int = 10_000) -> PageSequence<R> {
        PageSequence(client: self, start: { try self.url(for: path, query: query) }, includes: [], maximumPages: maximumPages)
    }

    /// The pages of a collection, each page's items with the relationships of `includes` resolved as
    /// `fetch(_:including:)` resolves them: JSON:API asks
    /// with `include=` and resolves each page's `included` (a server's `next` links carry the query on);
    /// HAL traverses each page's items.
    public func pages<R: HasIncludes>(_ path: ResourcePath<R, Op.List>, including includes: R.Include..., query: [QueryItem] = [], maximumPages: Int = 10_000) -> PageSequence<R> {
        pages(path, includingPaths: Self.paths(includes), query: query, maximumPages: maximumPages)
    }

    /// The items of a collection across all its pages.
    public func items<R: Resource>(_ path: ResourcePath<R, Op.List>, query: [QueryItem] = [], maximumPages: Int = 10_000) -> AsyncThrowingFlatMapSequence<PageSequence<R>, AsyncThrowingStream<R, any Error>> {
        Self.items(of: pages(path, query: query, maximumPages: maximumPages))
    }

    /// The items of a collection across all its pages, relationships of `includes` resolved per page.
    public func items<R: HasIncludes>(_ path: ResourcePath<R, Op.List>, including includes: R.Include..., query: [QueryItem] = [], maximumPages: Int = 10_000) -> AsyncThrowingFlatMapSequence<PageSequence<R>, AsyncThrowingStream<R, any Error>> {
        Self.items(of: pages(path, includingPaths: Self.paths(includes), query: query, maximumPages: maximumPages))
    }

    /// The pages of a collection with includes along `includes`; the first request asks for them as the
    /// wire format does (``pageQuery(_:)``).
    package func pages<R: Resource>(_ path: ResourcePath<R, Op.List>, includingPaths includes: [IncludePath], query: [QueryItem], maximumPages: Int) -> PageSequence<R> {
        PageSequence(client: self, start: { try self.url(for: path, query: self.pageQuery(includes) + query) }, includes: includes, maximumPages: maximumPages)
    }

    // MARK: pages without links

    /// The pages of a collection, going on by `pagination` after a page without a `next` link
    /// instead of by what the resource declares (``ParameterPaginated``); nil goes on only toward a
    /// `last` link. A `next` link is still followed as given.
    public func pages<R: Resource>(_ path: ResourcePath<R, Op.List>, query: [QueryItem] = [], pagination: ParameterPagination?, maximumPages: Int = 10_000) -> PageSequence<R> {
        var sequence = pages(path, query: query, maximumPages: maximumPages)
        sequence.parameterPagination = pagination
        return sequence
    }

    /// The items of a collection across all its pages, going on by `pagination` after a page without
    /// a `next` link (see ``pages(_:query:pagination:maximumPages:)``).
    public func items<R: Resource>(
        _ path: ResourcePath<R, Op.List>, query: [QueryItem] = [], pagination: ParameterPagination?, maximumPages: Int = 10_000
    ) -> AsyncThrowingFlatMapSequence<PageSequence<R>, AsyncThrowingStream<R, any Error>> {
        Self.items(of: pages(path, query: query, pagination: pagination, maximumPages: maximumPages))
    }

    // MARK: either direction

    /// The pages of a collection in `direction`: forward follows each page's `next` link, backward its
    /// `prev` link (start from the last page, e.g. with the server's page query).
    public func pages<R: Resource>(_ path: ResourcePath<R, Op.List>, query: [QueryItem] = [], direction: PageDirection, maximumPages: Int = 10_000) -> PageSequence<R> {
        var sequence = pages(path, query: query, maximumPages: maximumPages)
        sequence.direction = direction
        return sequence
    }

    /// The pages of a collection in `direction`, relationships of `includes` resolved on each.
    public func pages<R: HasIncludes>(_ path: ResourcePath<R, Op.List>, including includes: R.Include..., query: [QueryItem] = [], direction: PageDirection, maximumPages: Int = 10_000) -> PageSequence<R> {
        var sequence = pages(path, includingPaths: Self.paths(includes), query: query, maximumPages: maximumPages)
        sequence.direction = direction
        return sequence
    }

    /// The items of `pages`, one after the other (each page's last to first when it walks backward).
    package static func items<R: Resource>(of pages: PageSequence<R>) -> AsyncThrowingFlatMapSequence<PageSequence<R>, AsyncThrowingStream<R, any Error>> {
        let backward = pages.direction == .backward
        return pages.flatMap { page in
            AsyncThrowingStream { continuation in
                for item in backward ? page.items.reversed() : page.items { continuation.yield(item) }
                continuation.finish()
            }
        }
    }

    /// Fetches and decodes one page.
    public func page<R: Resource>(_ type: R.Type, at url: URL) async throws -> Page<R> {
        try await page(R.self, at: url, resolvingIncluded: [])
    }

    /// Fetches and decodes one page, the codec resolving the relationships along `includes` from the
    /// page's own `included` (JSON:API; the decoding context carries them); `accept` replaces the
    /// codec's `Accept` when given.
    package func page<R: Resource>(_ type: R.Type, at url: URL, resolvingIncluded includes: [IncludePath], accept: String? = nil) async throws -> Page<R> {
        try await withDeadline(.get, url) {
            let raw = try await self.request(.get, runtimeURL: url, accept: accept)
            return try self.decode(.get, raw.url, raw.body, raw.response, includes: includes) { try self.configuration.codec.decodePage(R.self, from: raw.body, context: $0) }
        }
    }
}

/// The pages of a collection, following `next` (or `prev`) links; see
/// ``Client/pages(_:query:maximumPages:)`` and ``Client/pages(_:cursor:query:direction:maximumPages:)``.
public struct PageSequence<R: Resource>: AsyncSequence, Sendable {
    public typealias Element = Page<R>

    let client: Client
    let start: @Sendable () throws -> URL
    /// What each page resolves (see ``Client/page(_:at:includingPaths:)``).
    let includes: [IncludePath]
    let maximumPages: Int
    /// Which link leads on.
    package var direction: PageDirection = .forward
    /// The `Accept` of every page request; the codec's when nil.
    package var accept: String?
    /// For a walk that a wire format bounds itself (a JSON:API cursor range walked forward): the URL
    /// after a page, nil to stop; nil follows the page's `next` or `prev` link.
    package var following: (@Sendable (Page<R>) throws -> URL?)?
    /// How the walk goes on forward after a page without any pagination link: the resource's declared
    /// ``ParameterPagination`` (schema `pagination:`) by default; nil ends the walk there. A page with
    /// `last` but no `next` goes on toward `last` either way (`LastLinkStep`).
    package var parameterPagination: ParameterPagination?

    package init(client: Client, start: @escaping @Sendable () throws -> URL, includes: [IncludePath], maximumPages: Int) {
        self.client = client
        self.start = start
        self.includes = includes
        self.maximumPages = maximumPages
        self.parameterPagination = (R.self as? any ParameterPaginated.Type)?.parameterPagination
    }

    public func makeAsyncIterator() -> Iterator { Iterator(sequence: self) }

    /// Fetches the next page on demand.
    public struct Iterator: AsyncIteratorProtocol {
        let sequence: PageSequence
        var next: URL?
        var started = false
        var count = 0
        var seen = Set<String>()
        /// The items of the pages so far.
        var itemsRead = 0
        /// Whether a page of this walk had a `next` link: then the server links its pages, and a page
        /// without one is the last.
        var linked = false
        /// The previous page's items, when the next URL was computed from parameters: a server that
        /// ignores the parameter answers the same page again, which ends the walk.
        var computedAfter: [R]?

        init(sequence: PageSequence) { self.sequence = sequence }

        public mutating func next() async throws -> Page<R>? {
            if !started {
                started = true
                next = try sequence.start()
                if sequence.following == nil, sequence.direction == .forward, let pagination = sequence.parameterPagination, let first = next {
                    next = pagination.firstURL(first)
                }
            }
            // Seen by the URL's text: `URL` equality can tell apart spellings the request line
            // does not, and a computed page URL must never repeat one the server gave.
            guard let url = next, count < sequence.maximumPages, seen.insert(url.absoluteString).inserted else { return nil }
            let page = try await sequence.client.page(R.self, at: url, includingPaths: sequence.includes, accept: sequence.accept)
            if let previous = computedAfter, !page.items.isEmpty, page.items == previous { return nil }
            count += 1
            itemsRead += page.items.count
            linked = linked || page.next != nil
            next = try following(page)
            computedAfter = next != nil && next != page.next && next != page.previous && sequence.following == nil ? page.items : nil
            return page
        }

        /// The URL after `page`: its `next` or `prev` link, or what the sequence's own rule says;
        /// forward, after a page without `next`, the declared parameters or the step toward `last`.
        private func following(_ page: Page<R>) throws -> URL? {
            if let following = sequence.following { return try following(page) }
            guard sequence.direction == .forward else { return page.previous }
            if let next = page.next { return next }
            let facts = PageFacts(url: page.url, itemCount: page.items.count, meta: page.meta)
            if let last = page.last { return LastLinkStep.url(after: facts, last: last) }
            // A server that links its pages ends them with a page without `next`.
            guard !linked, page.previous == nil, page.first == nil, let pagination = sequence.parameterPagination else { return nil }
            return pagination.url(after: facts, itemsRead: itemsRead, pagesRead: count)
        }
    }
}
