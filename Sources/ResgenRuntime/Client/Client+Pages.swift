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

    /// The items of `pages`, one after the other.
    private static func items<R: Resource>(of pages: PageSequence<R>) -> AsyncThrowingFlatMapSequence<PageSequence<R>, AsyncThrowingStream<R, any Error>> {
        pages.flatMap { page in
            AsyncThrowingStream { continuation in
                for item in page.items { continuation.yield(item) }
                continuation.finish()
            }
        }
    }

    /// Fetches and decodes one page.
    public func page<R: Resource>(_ type: R.Type, at url: URL) async throws -> Page<R> {
        try await page(R.self, at: url, resolvingIncluded: [])
    }

    /// Fetches and decodes one page, the codec resolving the relationships along `includes` from the
    /// page's own `included` (JSON:API; the decoding context carries them).
    func page<R: Resource>(_ type: R.Type, at url: URL, resolvingIncluded includes: [IncludePath]) async throws -> Page<R> {
        try await withDeadline(.get, url) {
            let raw = try await self.request(.get, runtimeURL: url)
            return try self.decode(.get, raw.url, raw.body, raw.response, includes: includes) { try self.configuration.codec.decodePage(R.self, from: raw.body, context: $0) }
        }
    }
}

/// The pages of a collection, following `next` links; see ``Client/pages(_:query:maximumPages:)``.
public struct PageSequence<R: Resource>: AsyncSequence, Sendable {
    public typealias Element = Page<R>

    let client: Client
    let start: @Sendable () throws -> URL
    /// What each page resolves (see ``Client/page(_:at:includingPaths:)``).
    let includes: [IncludePath]
    let maximumPages: Int

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
            let page = try await sequence.client.page(R.self, at: url, includingPaths: sequence.includes)
            count += 1
            next = page.next
            return page
        }
    }
}
