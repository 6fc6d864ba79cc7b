import Foundation

/// Pagination: `for try await page in client.pages(Order.list()) { … }` follows each page's `next`
/// link (HAL `_links.next`, JSON:API `links.next`, or an RFC 8288 `Link` header) until there is none.
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
    func pages<R: Resource>(_ path: ResourcePath<R, Op.List>, includingPaths includes: [IncludePath], query: [QueryItem], maximumPages: Int) -> PageSequence<R> {
        PageSequence(client: self, start: { try self.url(for: path, query: self.pageQuery(includes) + query) }, includes: includes, maximumPages: maximumPages)
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

    // MARK: cursor pagination

    /// The pages of a collection under the JSON:API cursor pagination profile, from `cursor` on in
    /// `direction`.
    ///
    /// The first request carries `page[size]`, `page[after]` and `page[before]` (``CursorPageRequest``)
    /// and every request asks for the profile in `Accept` (after the codec's
    /// ``JSONAPICodec/requestedProfiles``, the bare media type still accepted). Each page carries its
    /// item cursors and `meta.page` (``Page/cursorPagination``). Forward follows `next`, backward
    /// `prev`; the server's links are followed as given. A range request (both cursors) ends where the
    /// range does: after a page without `rangeTruncated` its `next` link, which no longer carries
    /// `page[before]`, is not followed; after a truncated one the walk goes on after the page's last
    /// item (its cursor, else the `page[after]` of the `next` link), still up to `page[before]`. A
    /// range is walked forward: with `.backward` its `prev` links are followed as given.
    ///
    /// - Throws: While iterating, ``ClientError``; a refusal under the profile's rules (a `page[size]`
    ///   over the server's maximum, a range the server does not serve, a sort it cannot page) is typed
    ///   by ``ClientError/cursorPaginationError``.
    public func pages<R: Resource>(
        _ path: ResourcePath<R, Op.List>, cursor: CursorPageRequest, query: [QueryItem] = [], direction: PageDirection = .forward, maximumPages: Int = 10_000
    ) -> PageSequence<R> {
        cursorPages(path, cursor: cursor, includingPaths: [], query: query, direction: direction, maximumPages: maximumPages)
    }

    /// The cursor-paginated pages of a collection (see ``pages(_:cursor:query:direction:maximumPages:)``),
    /// relationships of `includes` resolved on each page.
    public func pages<R: HasIncludes>(
        _ path: ResourcePath<R, Op.List>, including includes: R.Include..., cursor: CursorPageRequest, query: [QueryItem] = [], direction: PageDirection = .forward,
        maximumPages: Int = 10_000
    ) -> PageSequence<R> {
        cursorPages(path, cursor: cursor, includingPaths: Self.paths(includes), query: query, direction: direction, maximumPages: maximumPages)
    }

    /// The items of a cursor-paginated collection across its pages; backward, each page's items last to
    /// first, so the items come in reverse order.
    public func items<R: Resource>(
        _ path: ResourcePath<R, Op.List>, cursor: CursorPageRequest, query: [QueryItem] = [], direction: PageDirection = .forward, maximumPages: Int = 10_000
    ) -> AsyncThrowingFlatMapSequence<PageSequence<R>, AsyncThrowingStream<R, any Error>> {
        Self.items(of: pages(path, cursor: cursor, query: query, direction: direction, maximumPages: maximumPages))
    }

    /// The items of a cursor-paginated collection, relationships of `includes` resolved per page.
    public func items<R: HasIncludes>(
        _ path: ResourcePath<R, Op.List>, including includes: R.Include..., cursor: CursorPageRequest, query: [QueryItem] = [], direction: PageDirection = .forward,
        maximumPages: Int = 10_000
    ) -> AsyncThrowingFlatMapSequence<PageSequence<R>, AsyncThrowingStream<R, any Error>> {
        Self.items(of: cursorPages(path, cursor: cursor, includingPaths: Self.paths(includes), query: query, direction: direction, maximumPages: maximumPages))
    }

    /// The cursor-paginated pages: the cursor's query after the include and caller's query, the
    /// profile asked for, and, for a range, the walk kept within it.
    private func cursorPages<R: Resource>(
        _ path: ResourcePath<R, Op.List>, cursor: CursorPageRequest, includingPaths includes: [IncludePath], query: [QueryItem], direction: PageDirection, maximumPages: Int
    ) -> PageSequence<R> {
        let base = pageQuery(includes) + query
        var sequence = PageSequence<R>(client: self, start: { try self.url(for: path, query: base + cursor.queryItems) }, includes: includes, maximumPages: maximumPages)
        sequence.direction = direction
        sequence.accept = cursorAccept
        if cursor.isRange, direction == .forward {
            sequence.range = { after in
                var next = cursor
                next.after = after
                return try self.url(for: path, query: base + next.queryItems)
            }
        }
        return sequence
    }

    /// The `Accept` of cursor-paginated requests: the codec's requested profiles and the cursor
    /// pagination profile (the bare media type after them); the codec's own `Accept` for a codec that
    /// is not JSON:API.
    private var cursorAccept: String {
        guard var codec = configuration.codec as? JSONAPICodec else { return configuration.codec.acceptHeader }
        if !codec.requestedProfiles.contains(where: CursorPagination.isProfile) { codec.requestedProfiles.append(CursorPagination.profile) }
        return codec.acceptHeader
    }

    /// The items of `pages`, one after the other (each page's last to first when it walks backward).
    private static func items<R: Resource>(of pages: PageSequence<R>) -> AsyncThrowingFlatMapSequence<PageSequence<R>, AsyncThrowingStream<R, any Error>> {
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
    func page<R: Resource>(_ type: R.Type, at url: URL, resolvingIncluded includes: [IncludePath], accept: String? = nil) async throws -> Page<R> {
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
    var direction: PageDirection = .forward
    /// The `Accept` of every page request; the codec's when nil.
    var accept: String?
    /// For a cursor range request walked forward: the URL of the range's part after a cursor (the
    /// walk goes on only after a page whose `rangeTruncated` is true).
    var range: (@Sendable (String) throws -> URL)?

    init(client: Client, start: @escaping @Sendable () throws -> URL, includes: [IncludePath], maximumPages: Int) {
        self.client = client
        self.start = start
        self.includes = includes
        self.maximumPages = maximumPages
    }

    public func makeAsyncIterator() -> Iterator { Iterator(sequence: self) }

    /// Fetches the next page on demand.
    public struct Iterator: AsyncIteratorProtocol {
        let sequence: PageSequence
        var next: URL?
        var started = false
        var count = 0
        var seen = Set<URL>()

        init(sequence: PageSequence) { self.sequence = sequence }

        public mutating func next() async throws -> Page<R>? {
            if !started {
                started = true
                next = try sequence.start()
            }
            guard let url = next, count < sequence.maximumPages, seen.insert(url).inserted else { return nil }
            let page = try await sequence.client.page(R.self, at: url, includingPaths: sequence.includes, accept: sequence.accept)
            count += 1
            next = try following(page)
            return page
        }

        /// The URL after `page`: its `next` or `prev` link, or within a range the part after its last item.
        private func following(_ page: Page<R>) throws -> URL? {
            guard let range = sequence.range else { return sequence.direction == .forward ? page.next : page.previous }
            guard page.cursorPagination?.rangeTruncated == true, !page.items.isEmpty else { return nil }
            // The last item's cursor, else the cursor the server put in its next link.
            let after = page.cursorPagination?.lastCursor ?? page.next.flatMap { Self.queryValue("page[after]", in: $0) }
            return try after.map(range)
        }

        /// The decoded value of the query item `name` in `url`.
        static func queryValue(_ name: String, in url: URL) -> String? {
            URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
        }
    }
}
