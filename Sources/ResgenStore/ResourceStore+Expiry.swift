import Foundation
@_spi(Generated) import ResgenRuntimeCore
import ResgenJSONAPI

/// Expiry and the memory budget.
///
/// **Staleness.** A maximum age per resource type, per list, or for everything says when a stored value
/// is stale; a response's `Cache-Control: max-age` (or `no-cache`) wins over it. A stale value is still
/// yielded at once — then the watcher's query is read again in the background, and the watcher sees the
/// fresh value if it differs. A resource is read again at its `links.self` (a resource the server wrote
/// without one is not refreshed on its own; a list it is in is), a list at its own path. `peek` never
/// reads; ``isStale(_:id:)`` says whether a value is.
///
/// **Memory budget.** With ``setMemoryBudget(maximumResources:)``, a read that takes the store over the
/// budget evicts the resources used longest ago (read, peeked or watched), never one a watcher's graph
/// holds or a queued write changes, in memory and in the store file alike.
extension ResourceStore {
    /// Values of every type and list not configured otherwise go stale `age` after they arrived; nil
    /// (the default): never.
    public func setDefaultMaximumAge(_ age: Duration?) {
        freshness.defaultAge = age
    }

    /// Resources of type `R` go stale `age` after they arrived; nil: as the default says.
    public func setMaximumAge<R: JSONAPIResource>(_ age: Duration?, for type: R.Type) {
        freshness.typeAges[R.resourceType] = age
    }

    /// The list read from `path` (with its typed list parameters, if any) goes stale `age` after it arrived; nil: as the
    /// default says.
    public func setMaximumAge<R: JSONAPIResource>(_ age: Duration?, forList path: ResourcePath<R, Op.List>) {
        freshness.listAges[Self.listPath(path.path, path.query)] = age
    }

    /// Whether the stored resource `type`/`id` is older than its maximum age (false when none applies).
    public func isStale<R: JSONAPIResource>(_ type: R.Type, id: R.ID) -> Bool {
        freshness.isStale(Self.identity(R.self, id), now: .now)
    }

    /// Keeps at most `maximumResources` resources (nil: no limit), evicting the least recently used
    /// that no watcher holds and no queued write changes.
    public func setMemoryBudget(maximumResources limit: Int?) {
        maximumResources = limit.map { max(0, $0) }
        keepMemoryBudget()
    }

    /// Evicts least recently used resources until the store is within its budget.
    func keepMemoryBudget() {
        guard let limit = maximumResources, graph.count > limit else { return }
        let all = graph.allIdentities()
        let written = Set(graph.pending.map(\.identity))
        let candidates = all
            .filter { !watchers.isWatched($0) && !written.contains($0) }
            .sorted { (freshness.lastUse($0), $0.type, $0.id) < (freshness.lastUse($1), $1.type, $1.id) }
        let excess = Set(candidates.prefix(all.count - limit))
        guard !excess.isEmpty else { return }
        evict { excess.contains($0) }
    }

    /// Reads the resource `identity` again at its `links.self` when it is stale and no refresh of it is
    /// under way.
    func refreshIfStale(_ identity: ResourceIdentity, includes: [IncludePath]) {
        guard freshness.isStale(identity, now: .now),
              case .string(let link)? = graph.record(identity)?["links"]?["self"],
              let url = URIReference.url(link, relativeTo: client.baseURL)  // RFC 3986 §5, escapes kept
        else { return }
        refresh(key: "\(identity)\u{0}\(includes.map(\.description))") { store in
            try await store.load(.url(url), includes: includes, query: [], listKey: nil)
        }
    }

    /// Reads the list `key` again at its path when it is stale and no refresh of it is under way.
    func refreshIfStale(list key: ListKey, path: String, query: [QueryItem], includes: [IncludePath]) {
        let identity = WatcherIndex.listIdentity(key)
        guard graph.list(key) != nil, freshness.isStale(identity, listPath: key.path, now: .now) else { return }
        refresh(key: identity.id) { store in
            try await store.load(.path(path), includes: includes, query: query, listKey: key)
        }
    }

    /// Reads the list `key` again from `target` (a request type's `GET`) when it is stale and no refresh
    /// of it is under way.
    func refreshIfStale(list key: ListKey, target: ReadTarget, includes: [IncludePath]) {
        let identity = WatcherIndex.listIdentity(key)
        guard graph.list(key) != nil, freshness.isStale(identity, listPath: key.path, now: .now) else { return }
        refresh(key: identity.id) { store in
            try await store.load(target, includes: includes, query: [], listKey: key)
        }
    }

    /// Runs `read` in the background unless a refresh under `key` is under way; its failure leaves the
    /// stale value (the next watcher evaluation tries again).
    private func refresh(key: String, _ read: @escaping @Sendable (isolated ResourceStore) async throws -> Void) {
        guard refreshing.insert(key).inserted else { return }
        Task {
            try? await read(self)
            self.refreshing.remove(key)
        }
    }
}
