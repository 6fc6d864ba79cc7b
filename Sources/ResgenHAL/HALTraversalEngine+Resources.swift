import Foundation
@_spi(Generated) @_spi(Testing) import ResgenRuntimeCore

/// Traversal of generated resources: relationships are reached through ``RelationshipVisitor`` — a
/// first visit plans one job per included relationship (take `_embedded`, or follow its links), a
/// second fills in what the jobs resolved.
extension HALTraversalEngine {
    /// The resource at `url`, decoded once per call.
    ///
    /// - Parameter path: The include path being followed (empty for the call's own resource), for errors.
    package func load<Target: Resource>(_ type: Target.Type, _ url: URL, path: String) async throws -> Target {
        try await decoded(Target.self, url, path: path) { [client] raw in
            try client.decode(raw) { try HALCodec.decode(Target.self, from: raw.body, context: $0) }
        }
    }

    /// The items of the collection at `url`, decoded once per call.
    func loadCollection<Target: Resource>(_ type: Target.Type, _ url: URL, path: String) async throws -> [Target] {
        try await decoded([Target].self, url, path: path) { [client] raw in
            try client.decode(raw) { try HALCodec.decode(HALCollectionDocument<Target>.self, from: raw.body, context: $0).items }
        }
    }

    /// The members a to-many relation's single link points to (a collection, or one member; see
    /// ``HALToManyTarget``), decoded once per call.
    func loadMembers<Target: Resource>(_ type: Target.Type, _ url: URL, path: String) async throws -> [Target] {
        try await decoded([Target].self, url, variant: "members", path: path) { [client] raw in
            try client.decode(raw) { try HALCodec.decode(HALToManyTarget<Target>.self, from: raw.body, context: $0).items }
        }
    }

    /// The resource a link at `node` points to, resolved along `node`: once per call and URL, shared
    /// by every link to it.
    package func follow<Target: Resource>(_ type: Target.Type, _ url: URL, _ node: IncludeTree) async throws -> Target {
        guard !node.children.isEmpty else { return try await load(Target.self, url, path: node.path) }
        return try await shared(Target.self, url, node) { try await self.resolve(self.load(Target.self, url, path: node.path), node) }
    }

    /// The members a to-many relation's single link at `node` points to (the items of a collection, or
    /// one member; see ``HALToManyTarget``), each resolved along `node` (they count against the resource
    /// budget): once per call and URL.
    func followCollection<Target: Resource>(_ type: Target.Type, _ url: URL, _ node: IncludeTree) async throws -> [Target] {
        try await shared([Target].self, url, node) {
            let items = try await self.loadMembers(Target.self, url, path: node.path)
            try await self.state.resolve(items.count, path: node.path)
            return try await self.resolveEach(items) { try await self.resolve($0, node) }
        }
    }

    /// `value` with the relationships of `tree` resolved, recursively.
    package func resolve<R: Resource>(_ value: R, _ tree: IncludeTree) async throws -> R {
        guard !tree.children.isEmpty else { return value }
        var value = value
        var planner = Planner(engine: self, tree: tree, links: (value as? any HALResource)?.links ?? HALLinks())
        for child in tree.children { value.visitRelationship(child.step.key, with: &planner) }
        let jobs = planner.jobs
        var applier = Applier()
        for (job, items) in zip(jobs, try await run(jobs)) {
            if let items { applier.results[job.key] = items }
        }
        for job in jobs { value.visitRelationship(job.key, with: &applier) }
        return value
    }

    /// Plans the jobs of one resource's relationships (first visit).
    struct Planner: RelationshipVisitor {
        package let engine: HALTraversalEngine
        package let tree: IncludeTree
        package let links: HALLinks
        package var jobs: [Job] = []

        package mutating func visit<Target: Resource>(_ relationship: inout ToOne<Target>, key: String) {
            guard let child = tree.child(key) else { return }
            let engine = engine, node = child.node
            if let embedded = relationship.resolved, !engine.options.alwaysFetch {
                jobs.append(Job(key: key, path: node.path, parts: [{ try await engine.guarded(node, nil) { [try await engine.resolve(embedded, node)] } }]))
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
                jobs.append(Job(key: key, path: node.path, parts: [{ try await engine.guarded(node, nil) { [try await engine.resolve(embedded, node)] } }]))
            } else if let url = link {
                let target = engine.url(url, for: node)
                jobs.append(Job(key: key, path: node.path, parts: [{ try await engine.guarded(node, target) { [try await engine.follow(Target.self, target, node)] } }]))
            }
        }

        package mutating func visit<Target: Resource>(_ relationship: inout ToMany<Target>, key: String) {
            guard let child = tree.child(key) else { return }
            let engine = engine, node = child.node
            let value = links[child.step.rel]
            if relationship.resolved == nil, let partial = relationship.partialEmbedded,
                !engine.options.alwaysFetch || (value == nil && relationship.link == nil)
            {
                // Some embedded resources are partial: those are fetched through their self links (each a
                // request), the complete ones taken as embedded.
                jobs.append(Job(key: key, path: node.path, parts: partial.slots.map { slot in
                    switch slot {
                    case .complete(let item):
                        { try await engine.guarded(node, nil) { [try await engine.resolve(item, node)] } }
                    case .partial(let url):
                        { let url = engine.url(url, for: node); return try await engine.guarded(node, url) { [try await engine.follow(Target.self, url, node)] } }
                    }
                }))
                return
            }
            if let embedded = relationship.resolved, !engine.options.alwaysFetch || (value == nil && relationship.link == nil) {
                jobs.append(Job(key: key, path: node.path, parts: embedded.map { item in
                    { try await engine.guarded(node, nil) { [try await engine.resolve(item, node)] } }
                }))
                return
            }
            switch value {
            case .many(let array):
                // An array of links: each is one related resource.
                let urls: [URL]
                do {
                    urls = try engine.targets(array, for: node)
                } catch {
                    fail(key, error)
                    return
                }
                jobs.append(Job(key: key, path: node.path, parts: urls.map { url in
                    { try await engine.guarded(node, url) { [try await engine.follow(Target.self, url, node)] } }
                }))
            case .one(let link):
                // One link: the related collection, or (as some servers write a to-many relation of one) the
                // one member.
                let target: URL?
                do {
                    target = try engine.target(link, path: node.path)
                } catch {
                    fail(key, error)
                    return
                }
                guard let url = target.map({ engine.url($0, for: node) }) else { return }
                jobs.append(Job(key: key, path: node.path, parts: [{ try await engine.guarded(node, url) { try await engine.followCollection(Target.self, url, node) } }]))
            case nil:
                guard let link = relationship.link else { return }
                let url = engine.url(link, for: node)
                jobs.append(Job(key: key, path: node.path, parts: [{ try await engine.guarded(node, url) { try await engine.followCollection(Target.self, url, node) } }]))
            }
        }

        private func linkURL(_ child: IncludeTree.Child, _ fallback: URL?) throws -> URL? {
            try links.link(child.step.rel).flatMap { try engine.target($0, path: child.node.path) } ?? fallback
        }

        /// A job that fails the traversal with `error` when it runs (visitors cannot throw).
        private mutating func fail(_ key: String, _ error: any Error) {
            jobs.append(Job(key: key, path: tree.child(key)?.node.path ?? key, parts: [{ throw error }]))
        }
    }

    /// Fills in the resolved resources (second visit).
    struct Applier: RelationshipVisitor {
        package var results: [String: [any Sendable]] = [:]

        package mutating func visit<Target: Resource>(_ relationship: inout ToOne<Target>, key: String) {
            guard let items = results[key] else { return }
            relationship.resolved = items.first as? Target
        }

        package mutating func visit<Target: Resource>(_ relationship: inout ToMany<Target>, key: String) {
            guard let items = results[key] else { return }
            let resolved = items.compactMap { $0 as? Target }
            relationship.resolved = resolved
            relationship.partialEmbedded = nil
            if relationship.ids == nil { relationship.ids = resolved.map(\.id) }
        }
    }
}
