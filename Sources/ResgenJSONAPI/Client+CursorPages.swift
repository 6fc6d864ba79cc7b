import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// Cursor pagination (the JSON:API cursor pagination profile): the pages and items from a
/// ``CursorPageRequest`` on. The walk itself is the format-neutral ``PageSequence``; this adds the
/// profile's query, `Accept` and range rule.
extension Client {
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
            sequence.following = { page in
                guard page.cursorPagination?.rangeTruncated == true, !page.items.isEmpty else { return nil }
                // The last item's cursor, else the cursor the server put in its next link.
                guard let after = page.cursorPagination?.lastCursor ?? page.next.flatMap({ Self.queryValue("page[after]", in: $0) }) else { return nil }
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

    /// The decoded value of the query item `name` in `url`.
    private static func queryValue(_ name: String, in url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }
}
