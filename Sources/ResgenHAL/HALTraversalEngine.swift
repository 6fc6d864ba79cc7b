import Foundation
import Logging
@_spi(Generated) @_spi(Testing) import ResgenRuntimeCore

/// One traversal call: resolves an ``IncludeTree`` by following HAL links (or taking `_embedded`),
/// depth-first and in parallel — every URL requested at most once (in flight or done), at most
/// ``HALTraversalOptions/maximumConcurrency`` requests at a time, within the budgets.
///
/// This file is the scheduler both kinds of traversal share: fetching, decoding and resolving each target
/// once, link targets, failure policy, and running one level's jobs. What a job is comes from the values
/// being resolved: generated resources (`HALTraversalEngine+Resources.swift`, through
/// ``RelationshipVisitor``) or untyped ``HALDocument``s (`HALTraversalEngine+Documents.swift`).
///
/// A link's target is shared by every link to it: the URL is fetched and decoded once per type, and its
/// value resolved once per include node (``TraversalState``), so 10,000 links to one document cost one
/// request, one decode and one resolution, and each of the 10,000 related values is a copy that shares
/// the decoded value's storage.
package final class HALTraversalEngine: Sendable {
    package let client: Client
    package let options: HALTraversalOptions
    package let headers: [HeaderField]
    package let state: TraversalState
    package let limiter: AsyncLimiter
    /// The deprecated links' URLs already warned of.
    let deprecationsWarned = URLSet()

    /// - Parameter headers: The call's own header fields; ``HALTraversalOptions/headers`` are added. The
    ///   client sends them only to trusted origins.
    package init(client: Client, options: HALTraversalOptions, headers: [HeaderField]) {
        self.client = client
        self.options = options
        self.headers = headers + options.headers
        self.state = TraversalState(
            budgets: .init(requests: options.requestBudget, resources: options.resourceBudget, bytes: options.byteBudget))
        self.limiter = AsyncLimiter(options.maximumConcurrency)
    }

    /// What the call cost and what it left unresolved, around `value`.
    package func result<Value: Sendable>(_ value: Value) async -> HALTraversal<Value> {
        HALTraversal(
            value: value, failures: await state.failures, requestCount: await state.issued, resourceCount: await state.resolved,
            byteCount: await state.bytes, decodeCount: await state.decodes)
    }

    // MARK: fetching, decoding, sharing

    /// The response of `url`, requested once per call: where a HAL link is followed.
    ///
    /// - Parameter path: The include path being followed (empty for the call's own resource), for errors.
    package func response(_ url: URL, path: String) async throws -> RawResponse {
        let budget = options.byteBudget
        return try await state.response(for: url, path: path) { [client, headers, limiter, state] in
            try await limiter.run {
                // The transport stops reading at what is left of the byte budget when the request starts,
                // if that is less than the client's own limit: not even one response passes the budget.
                // The body is counted before the request leaves the limiter, so the next one starts with
                // what is left after it.
                let limit = try await state.remainingBytes(path: path)
                let raw: RawResponse
                do {
                    raw = try await client.request(.get, runtimeURL: url, headers: headers, accept: HALCodec.mediaType, maximumResponseBytes: limit)
                } catch let error as ClientError where error.kind == .responseTooLarge && limit < client.configuration.maximumResponseBytes {
                    await state.spendAllBytes()
                    throw HALTraversalError.byteBudgetExceeded(budget: budget, path: path)
                }
                try await state.take(raw.body.count, path: path)
                HALDocumentObserver.current?(raw)
                return raw
            }
        }
    }

    /// `url`'s response decoded by `decode`, once per call, type `T` and `variant` (what else the decode
    /// depends on): the body is dropped once decoded.
    package func decoded<T: Sendable>(
        _ type: T.Type, _ url: URL, variant: String = "", path: String, _ decode: @escaping @Sendable (RawResponse) throws -> T
    ) async throws -> T {
        try await state.decoded(url, as: ObjectIdentifier(T.self), variant: variant, fetch: { try await self.response(url, path: path) }) {
            try decode($0)
        } as! T
    }

    /// What `make` gives for `url` along `node` (the target fetched, decoded and resolved along the
    /// node), computed once per call, URL, type and node and shared by every link to it.
    package func shared<T: Sendable>(_ type: T.Type, _ url: URL, _ node: IncludeTree, _ make: @escaping @Sendable () async throws -> T) async throws -> T {
        try await state.value(.resolve(url, ObjectIdentifier(T.self), node: node.number)) { try await make() } as! T
    }

    /// Where `link` points: templated links expanded with the options' variables.
    ///
    /// - Parameter path: The include path being followed, for the error.
    /// - Throws: ``HALTraversalError/unexpandableLink(path:href:error:)`` when a templated link does not
    ///   expand: silently treating it as no link would leave the relationship unresolved with no trace.
    package func target(_ link: HALLink, path: String) throws -> URL? {
        let url: URL?
        if link.templated {
            do {
                url = try link.url(expanding: options.templateVariables)
            } catch let error as URITemplate.Error {
                throw HALTraversalError.unexpandableLink(path: path, href: link.href, error: error)
            }
        } else {
            url = link.url
        }
        if let deprecation = link.deprecation, let url { warnDeprecated(url, deprecation: deprecation, path: path) }
        return url
    }

    /// Logs a warning that the traversal follows a deprecated link to `url` (once per call and URL): the
    /// server says the link is going away, which a client should hear of before it is gone.
    func warnDeprecated(_ url: URL, deprecation: String, path: String) {
        guard deprecationsWarned.insert(url) else { return }
        let names = client.configuration.sensitiveQueryParameterNames
        let target = URLRedaction.string(url, redacting: names)
        let notice = ControlCharacterEscaping.escaped(URLRedaction.reference(deprecation, redacting: names))
        let include = ControlCharacterEscaping.escaped(path)
        options.logger.warning(
            "following a deprecated HAL link to \(target) (include '\(include)'; deprecation: \(notice))",
            metadata: ["url": .string(target), "deprecation": .string(notice), "include": .string(include)])
    }

    /// The targets of an array of links of one relation, with the node's query.
    ///
    /// - Throws: ``HALTraversalError/tooManyLinks(path:count:limit:)`` for more links than
    ///   ``HALTraversalOptions/maximumLinksPerRelation``, before any is looked at;
    ///   ``HALTraversalError/unexpandableLink(path:href:error:)``.
    package func targets(_ links: [HALLink], for node: IncludeTree) throws -> [URL] {
        guard links.count <= options.maximumLinksPerRelation else {
            throw HALTraversalError.tooManyLinks(path: node.path, count: links.count, limit: options.maximumLinksPerRelation)
        }
        return try links.compactMap { try target($0, path: node.path) }.map { url($0, for: node) }
    }

    /// `url` with the query items the options give for `node`, appended to the query the server wrote,
    /// which is kept byte for byte (see ``QueryItem/appending(_:to:)``).
    package func url(_ url: URL, for node: IncludeTree) -> URL {
        guard let items = options.query[node.keyPath], !items.isEmpty else { return url }
        return QueryItem.appending(items, to: url)
    }

    /// Runs `part`; under ``HALTraversalOptions/FailurePolicy/leaveUnresolved`` a failure becomes `nil`
    /// and a report. Traversal errors and cancellation always propagate.
    package func guarded<T: Sendable>(_ node: IncludeTree, _ url: URL?, _ part: @Sendable () async throws -> T) async throws -> T? {
        do {
            return try await part()
        } catch let error as HALTraversalError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            guard options.failurePolicy == .leaveUnresolved, let url else { throw error }
            await state.record(HALTraversalFailure(path: node.path, url: url, error: error))
            return nil
        }
    }

    // MARK: running one level

    /// One relationship's work at one level: parts run concurrently, each giving some of the related
    /// values (already resolved below), or nil when it failed and was left unresolved.
    package struct Job {
        /// Where the results go: a relationship's wire key, or an `_embedded` relation.
        package var key: String
        /// The include path of the relationship, for errors.
        package var path: String
        package var parts: [@Sendable () async throws -> [any Sendable]?]
        /// For untyped documents: whether the results are stored as an array (`.many`) or as one.
        var collectsMany = true
    }

    /// Runs every part of `jobs` concurrently, each counted against the resource budget first.
    ///
    /// - Returns: Per job, in order, its parts' values joined — or nil when a part was left unresolved,
    ///   so a relationship is never filled in with only some of its targets.
    /// - Throws: ``HALTraversalError/resourceBudgetExceeded(budget:path:)`` before any part runs when
    ///   they do not fit in what is left of the budget.
    package func run(_ jobs: [Job]) async throws -> [[any Sendable]?] {
        for job in jobs { try await state.resolve(job.parts.count, path: job.path) }
        let parts = jobs.enumerated().flatMap { jobIndex, job in job.parts.map { (jobIndex, $0) } }
        let results = try await concurrently(parts.count) { try await parts[$0].1() }
        var collected = jobs.map { _ in [[any Sendable]?]() }
        for (index, (jobIndex, _)) in parts.enumerated() { collected[jobIndex].append(results[index]) }
        return collected.map { parts in parts.contains { $0 == nil } ? nil : parts.flatMap { $0 ?? [] } }
    }

    /// `items`, each resolved by `resolve` concurrently, in their order.
    func resolveEach<T: Sendable>(_ items: [T], _ resolve: @escaping @Sendable (T) async throws -> T) async throws -> [T] {
        try await concurrently(items.count) { try await resolve(items[$0]) }
    }

    /// How many parts of one level run at once: enough to keep ``HALTraversalOptions/maximumConcurrency``
    /// requests in flight, few enough that 10,000 links do not make 10,000 tasks (each with its frames and
    /// the tasks it awaits) at the same time.
    package var width: Int { max(16, 4 * options.maximumConcurrency) }

    /// `body` of `0..<count`, at most ``width`` at a time, in order.
    package func concurrently<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) async throws -> T) async throws -> [T] {
        guard count > 0 else { return [] }
        return try await withThrowingTaskGroup(of: (Int, T).self) { group in
            var next = 0
            while next < min(count, width) {
                let index = next
                group.addTask { (index, try await body(index)) }
                next += 1
            }
            var results = [T?](repeating: nil, count: count)
            while let (index, value) = try await group.next() {
                results[index] = value
                if next < count {
                    let index = next
                    group.addTask { (index, try await body(index)) }
                    next += 1
                }
            }
            return results.map { $0! }
        }
    }
}

/// A set of URLs shared by a traversal's tasks.
final class URLSet: @unchecked Sendable {
    private let lock = NSLock()
    private var urls: Set<URL> = []

    /// Inserts `url`; whether it was not there yet.
    package func insert(_ url: URL) -> Bool {
        lock.withLock { urls.insert(url).inserted }
    }
}
