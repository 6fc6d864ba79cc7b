import ResgenRuntimeCore

/// One live query: how it computes its value from the store, and how it hands a new one on.
struct Watcher: Sendable {
    /// The value now (nil when the store cannot answer yet) and the identities it was made of.
    let evaluate: @Sendable (isolated ResourceStore) -> ((any Sendable)?, Set<ResourceIdentity>)
    /// Hands a value to the sequence.
    let yield: @Sendable (any Sendable) -> Void
    /// Whether two values are equal (the watcher's value type's `==`).
    let isEqual: @Sendable (any Sendable, any Sendable) -> Bool
    /// Starts a refresh of what the query reads when it is stale (see ``ResourceStore/setMaximumAge(_:for:)``).
    var revalidate: (@Sendable (isolated ResourceStore) -> Void)?
}

/// The watchers of each stored identity, so that a change costs in proportion to the watchers of what
/// changed, never to the size of the store or to the number of watchers overall.
///
/// A list query takes part under a synthetic identity (``listIdentity(_:)``), so that a change of its
/// members reaches its watchers like a change of a resource.
struct WatcherIndex {
    private var entries: [Int: Entry] = [:]
    private var byIdentity: [ResourceIdentity: Set<Int>] = [:]
    private var nextID = 0

    private struct Entry {
        var watcher: Watcher
        var graph: Set<ResourceIdentity> = []
        var last: (any Sendable)?
    }

    /// The type of the identities list queries are indexed under: one no server writes.
    static let listType = "\u{0}list"

    /// The identity list queries are indexed under: a type no server writes.
    static func listIdentity(_ key: ListKey) -> ResourceIdentity {
        ResourceIdentity(type: listType, id: key.path + "\u{0}" + key.includes.joined(separator: ","))
    }

    var count: Int { entries.count }

    /// Whether any watcher's graph holds `identity`.
    func isWatched(_ identity: ResourceIdentity) -> Bool { byIdentity[identity] != nil }

    subscript(id: Int) -> Watcher? { entries[id]?.watcher }

    mutating func add(_ watcher: Watcher) -> Int {
        nextID += 1
        entries[nextID] = Entry(watcher: watcher)
        return nextID
    }

    mutating func remove(_ id: Int) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        for identity in entry.graph { unindex(id, identity) }
    }

    /// Moves watcher `id` to the identities of `graph`.
    mutating func setGraph(_ graph: Set<ResourceIdentity>, of id: Int) {
        guard let old = entries[id]?.graph, old != graph else { return }
        for identity in old.subtracting(graph) { unindex(id, identity) }
        for identity in graph.subtracting(old) { byIdentity[identity, default: []].insert(id) }
        entries[id]?.graph = graph
    }

    func lastValue(of id: Int) -> (any Sendable)? { entries[id]?.last }

    mutating func setLastValue(_ value: any Sendable, of id: Int) { entries[id]?.last = value }

    /// The watchers of any of `identities`, each once, in registration order.
    func watchers(of identities: Set<ResourceIdentity>) -> [Int] {
        var found = Set<Int>()
        for identity in identities { found.formUnion(byIdentity[identity] ?? []) }
        return found.sorted()
    }

    private mutating func unindex(_ id: Int, _ identity: ResourceIdentity) {
        byIdentity[identity]?.remove(id)
        if byIdentity[identity]?.isEmpty == true { byIdentity[identity] = nil }
    }
}
