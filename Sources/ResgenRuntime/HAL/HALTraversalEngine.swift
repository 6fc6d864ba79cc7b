import Foundation

/// One traversal call: resolves include trees depth-first in parallel, every URL requested at most once
/// (in flight or done), at most ``HALTraversalOptions/maximumConcurrency`` requests at a time, within
/// the request budget. Relationships reach into generated value types through ``RelationshipVisitor``.
final class HALTraversalEngine: Sendable {
    let client: Client
    let options: HALTraversalOptions
    let headers: [HeaderField]
    let state: TraversalState
    let limiter: AsyncLimiter

    init(client: Client, options: HALTraversalOptions, headers: [HeaderField]) {
        self.client = client
        self.options = options
        self.headers = headers + options.headers
        self.state = TraversalState(budget: options.requestBudget)
        self.limiter = AsyncLimiter(options.maximumConcurrency)
    }

    // MARK: fetching

    /// The response of `url`, requested once per call.
    func response(_ url: URL) async throws -> RawResponse {
        try await state.response(for: url) { [client, headers, limiter] in
            try await limiter.run { try await client.request(.get, runtimeURL: url, headers: headers, accept: "application/hal+json") }
        }
    }

    func load<Target: Resource>(_ type: Target.Type, _ url: URL) async throws -> Target {
        let raw = try await response(url)
        return try client.decode(raw) { try HALCodec.decode(Target.self, from: raw.body, context: $0) }
    }

    func loadCollection<Target: Resource>(_ type: Target.Type, _ url: URL) async throws -> [Target] {
        let raw = try await response(url)
        return try client.decode(raw) { try HALCodec.decode(HALCollectionDocument<Target>.self, from: raw.body, context: $0).items }
    }

    /// Where `link` points: templated links expanded with the options' variables.
    ///
    /// - Parameter path: The include path being followed, for the error.
    /// - Throws: ``HALTraversalError/unexpandableLink(path:href:error:)`` when a templated link does not
    ///   expand: silently treating it as no link would leave the relationship unresolved with no trace.
    func target(_ link: HALLink, path: String) throws -> URL? {
        guard link.templated else { return link.url }
        do {
            return try link.url(expanding: options.templateVariables)
        } catch let error as URITemplate.Error {
            throw HALTraversalError.unexpandableLink(path: path, href: link.href, error: error)
        }
    }

    /// `url` with the query items the options give for `node`.
    func url(_ url: URL, for node: IncludeTree) -> URL {
        guard let items = options.query[node.keyPath], !items.isEmpty,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return url }
        components.queryItems = (components.queryItems ?? []) + items.map { URLQueryItem(name: $0.name, value: $0.value) }
        return components.url ?? url
    }

    /// Runs `part`; under ``HALTraversalOptions/FailurePolicy/leaveUnresolved`` a failure becomes `nil`
    /// and a report. Traversal errors and cancellation always propagate.
    func guarded<T: Sendable>(_ node: IncludeTree, _ url: URL?, _ part: @Sendable () async throws -> T) async throws -> T? {
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

    // MARK: typed resolution

    /// `value` with the relationships of `tree` resolved, recursively.
    func resolve<R: Resource>(_ value: R, _ tree: IncludeTree) async throws -> R {
        guard !tree.children.isEmpty else { return value }
        var value = value
        var planner = Planner(engine: self, tree: tree, links: (value as? any HALResource)?.links ?? HALLinks())
        for child in tree.children { value.visitRelationship(child.step.key, with: &planner) }
        let jobs = planner.jobs
        let results = try await withThrowingTaskGroup(of: (Int, Int, [any Sendable]?).self) { group in
            for (jobIndex, job) in jobs.enumerated() {
                for (partIndex, part) in job.parts.enumerated() {
                    group.addTask { (jobIndex, partIndex, try await part()) }
                }
            }
            var collected = jobs.map { [[any Sendable]?](repeating: nil, count: $0.parts.count) }
            for try await (jobIndex, partIndex, items) in group { collected[jobIndex][partIndex] = items }
            return collected
        }
        var applier = Applier()
        for (job, parts) in zip(jobs, results) where !parts.contains(where: { $0 == nil }) {
            applier.results[job.key] = parts.flatMap { $0 ?? [] }
        }
        for job in jobs { value.visitRelationship(job.key, with: &applier) }
        return value
    }

    /// One relationship's work: parts run concurrently, each giving some of the related resources
    /// (already resolved below), or nil when it failed and was left unresolved.
    struct Job {
        var key: String
        var parts: [@Sendable () async throws -> [any Sendable]?]
    }

    /// Plans the jobs of one resource's relationships (first visit).
    struct Planner: RelationshipVisitor {
        let engine: HALTraversalEngine
        let tree: IncludeTree
        let links: HALLinks
        var jobs: [Job] = []

        mutating func visit<Target: Resource>(_ relationship: inout ToOne<Target>, key: String) {
            guard let child = tree.child(key) else { return }
            let engine = engine, node = child.node
            if let embedded = relationship.resolved, !engine.options.alwaysFetch {
                jobs.append(Job(key: key, parts: [{ try await engine.guarded(node, nil) { [try await engine.resolve(embedded, node)] } }]))
                return
            }
            let link: URL?
            do {
                link = try linkURL(child, relationship.link)
            } catch {
                fail(key, error)
                return
            }
            if let embedded = relationship.resolved, link == nil {
                jobs.append(Job(key: key, parts: [{ try await engine.guarded(node, nil) { [try await engine.resolve(embedded, node)] } }]))
            } else if let url = link {
                let target = engine.url(url, for: node)
                jobs.append(Job(key: key, parts: [{
                    try await engine.guarded(node, target) { [try await engine.resolve(engine.load(Target.self, target), node)] }
                }]))
            }
        }

        mutating func visit<Target: Resource>(_ relationship: inout ToMany<Target>, key: String) {
            guard let child = tree.child(key) else { return }
            let engine = engine, node = child.node
            let value = links[child.step.rel]
            if let embedded = relationship.resolved, !engine.options.alwaysFetch || (value == nil && relationship.link == nil) {
                jobs.append(Job(key: key, parts: embedded.map { item in
                    { try await engine.guarded(node, nil) { [try await engine.resolve(item, node)] } }
                }))
                return
            }
            switch value {
            case .many(let array):
                // An array of links: each is one related resource.
                let urls: [URL]
                do {
                    urls = try array.compactMap { try engine.target($0, path: node.path) }.map { engine.url($0, for: node) }
                } catch {
                    fail(key, error)
                    return
                }
                jobs.append(Job(key: key, parts: urls.map { url in
                    { try await engine.guarded(node, url) { [try await engine.resolve(engine.load(Target.self, url), node)] } }
                }))
            case .one(let link):
                // One link: the related collection.
                let target: URL?
                do {
                    target = try engine.target(link, path: node.path)
                } catch {
                    fail(key, error)
                    return
                }
                guard let url = target.map({ engine.url($0, for: node) }) else { return }
                jobs.append(Job(key: key, parts: [{
                    try await engine.guarded(node, url) {
                        var items: [any Sendable] = []
                        for item in try await engine.loadCollection(Target.self, url) { items.append(try await engine.resolve(item, node)) }
                        return items
                    }
                }]))
            case nil:
                guard let link = relationship.link else { return }
                let url = engine.url(link, for: node)
                jobs.append(Job(key: key, parts: [{
                    try await engine.guarded(node, url) {
                        var items: [any Sendable] = []
                        for item in try await engine.loadCollection(Target.self, url) { items.append(try await engine.resolve(item, node)) }
                        return items
                    }
                }]))
            }
        }

        private func linkURL(_ child: IncludeTree.Child, _ fallback: URL?) throws -> URL? {
            try links.link(child.step.rel).flatMap { try engine.target($0, path: child.node.path) } ?? fallback
        }

        /// A job that fails the traversal with `error` when it runs (visitors cannot throw).
        private mutating func fail(_ key: String, _ error: any Error) {
            jobs.append(Job(key: key, parts: [{ throw error }]))
        }
    }

    /// Fills in the resolved resources (second visit).
    struct Applier: RelationshipVisitor {
        var results: [String: [any Sendable]] = [:]

        mutating func visit<Target: Resource>(_ relationship: inout ToOne<Target>, key: String) {
            guard let items = results[key] else { return }
            relationship.resolved = items.first as? Target
        }

        mutating func visit<Target: Resource>(_ relationship: inout ToMany<Target>, key: String) {
            guard let items = results[key] else { return }
            let resolved = items.compactMap { $0 as? Target }
            relationship.resolved = resolved
            if relationship.ids == nil { relationship.ids = resolved.map(\.id) }
        }
    }
}

/// What a traversal call has requested: one task per URL, the count against the budget, the failures.
actor TraversalState {
    /// One URL's fetch, shared by every part of the traversal that needs it.
    private struct Fetch {
        let task: Task<RawResponse, any Error>
        /// Callers awaiting the fetch that have not been cancelled.
        var waiters: Int
    }

    let budget: Int
    private var fetches: [URL: Fetch] = [:]
    private(set) var issued = 0
    private(set) var failures: [HALTraversalFailure] = []

    init(budget: Int) { self.budget = budget }

    /// The response of `url`, fetched by `make` for the first caller and shared with later ones.
    ///
    /// A caller's cancellation cancels the fetch only when every caller awaiting it has been cancelled:
    /// cancelling whichever caller happened to start it must not fail the others.
    func response(for url: URL, _ make: @escaping @Sendable () async throws -> RawResponse) async throws -> RawResponse {
        let task: Task<RawResponse, any Error>
        if let fetch = fetches[url] {
            task = fetch.task
            fetches[url]?.waiters += 1
        } else {
            guard issued < budget else { throw HALTraversalError.requestBudgetExceeded(budget: budget, url: url) }
            issued += 1
            task = Task { try await make() }
            fetches[url] = Fetch(task: task, waiters: 1)
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            Task { await self.cancelWaiter(of: url) }
        }
    }

    /// One caller awaiting `url` was cancelled; when it was the last, the fetch is cancelled.
    private func cancelWaiter(of url: URL) {
        guard var fetch = fetches[url] else { return }
        fetch.waiters -= 1
        fetches[url] = fetch
        if fetch.waiters == 0 { fetch.task.cancel() }
    }

    /// How many callers await `url` and have not been cancelled.
    func waiters(of url: URL) -> Int { fetches[url]?.waiters ?? 0 }

    func record(_ failure: HALTraversalFailure) { failures.append(failure) }
}

/// At most `limit` operations at once; waiters resume in order.
actor AsyncLimiter {
    private let limit: Int
    private var running = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(_ limit: Int) { self.limit = limit }

    func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        return try await operation()
    }

    private func acquire() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty {
            running -= 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}
