import Foundation
import ResgenRuntimeCore

/// What the store holds: one JSON:API resource object per identity (`type` + `id`), merged from every
/// response that carried it, and the identities each list query answered with, in order.
///
/// Pure data: the actor (``ResourceStore``) owns one and asks it to merge documents and to assemble the
/// document a typed value is decoded from.
struct StoredGraph: Sendable {
    /// Resource objects by identity, as the server last sent them (the *base*), as JSON text with their
    /// linkage (``StoredRecord``).
    ///
    /// With a store file, only what was read from it on demand or merged since: see ``stored(_:)``.
    private(set) var records: [ResourceIdentity: StoredRecord] = [:] {
        didSet { generation &+= 1 }
    }
    /// Changes with every change of ``records``: a reader that saw one value knows nothing was stored,
    /// replaced or removed since while it is the same.
    private(set) var generation = 0
    /// The primary identities each list query answered with, in order: those set or changed since the
    /// store opened, and those of its file, read when first asked for (``lists``, ``list(_:)``).
    private var loadedLists: [ListKey: [ResourceIdentity]] = [:]
    /// The store file the records and lists not read yet come from, on demand; nil in memory only.
    private let file: StoreFileBacking?
    /// Writes applied locally and not yet confirmed, in the order they were made: what readers see on
    /// top of the base. A write's rollback removes its entry, so a read that merged while it was in
    /// flight is kept, and nothing else is touched.
    private(set) var pending: [(id: Int, identity: ResourceIdentity, change: PendingChange)] = []

    /// A local change not yet confirmed by the server.
    enum PendingChange: Codable, Hashable, Sendable {
        /// A new resource object (its `id` the store's stand-in until the server assigns one), and the
        /// collection path it was created through: lists read from exactly that path show it at their end.
        case create(JSONValue, listPath: String)
        /// Fields to merge over the stored resource object (a patch's resource object).
        case patch(JSONValue)
        /// The whole resource object, as a `PUT` sends it.
        case replace(JSONValue)
        /// The resource is gone.
        case delete
        /// The members of relationship `key` changed (through its relationship endpoint).
        case relationship(key: String, LinkageChange)
    }

    /// A change of one relationship's linkage, as JSON:API's relationship endpoints make it.
    enum LinkageChange: Codable, Hashable, Sendable {
        /// Members added to a to-many relationship (`POST`): those not already there go at its end.
        case add([JSONValue])
        /// Members removed from a to-many relationship (`DELETE`).
        case remove([JSONValue])
        /// The whole linkage replaced (`PATCH`): an array for a to-many, an identifier or `null` for a
        /// to-one.
        case replace(JSONValue)

        /// `linkage` (the relationship's stored `data`) with this change made; nil (unknown) stays nil
        /// for an add or a remove, whose result depends on members the store never read.
        func applied(to linkage: JSONValue?) -> JSONValue? {
            switch self {
            case .replace(let data):
                return data
            case .add(let members):
                guard case .array(var items)? = linkage else { return linkage }
                for member in members where !items.contains(where: { Self.sameIdentifier($0, member) }) { items.append(member) }
                return .array(items)
            case .remove(let members):
                guard case .array(let items)? = linkage else { return linkage }
                return .array(items.filter { item in !members.contains { Self.sameIdentifier($0, item) } })
            }
        }

        /// Whether two resource identifier objects name the same resource (their `meta` aside).
        private static func sameIdentifier(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
            StoredGraph.identity(of: lhs).map { $0 == StoredGraph.identity(of: rhs) } ?? false
        }
    }

    /// The resource object readers see: the base with every pending write on it applied in order; nil
    /// when it is not stored or a pending write deletes it.
    func record(_ identity: ResourceIdentity) -> JSONValue? {
        var value = stored(identity)?.value
        guard isPending(identity) else { return value }
        for write in pending where write.identity == identity {
            switch write.change {
            case .create(let object, _): value = ResourceObjectMerge.merged(value, object)
            case .patch(let fields): value = value.map { ResourceObjectMerge.merged($0, fields) }
            case .replace(let object): value = ResourceObjectMerge.merged(value, object)
            case .delete: value = nil
            case .relationship(let key, let change): value = value.map { Self.changingLinkage(of: $0, key: key, change) }
            }
        }
        return value
    }

    /// `object` (a resource object) with its relationship `key`'s linkage changed; unchanged when the
    /// change's result is unknown (an add or remove where the store never read the members).
    static func changingLinkage(of object: JSONValue, key: String, _ change: LinkageChange) -> JSONValue {
        let stored = object["relationships"]?[key]
        guard let linkage = change.applied(to: stored?["data"]) else { return object }
        func asObject(_ value: JSONValue?) -> JSONValue {
            if case .object? = value { return value! }
            return .object([:])
        }
        let relationship = asObject(stored).settingMember("data", to: linkage)
        return object.settingMember("relationships", to: asObject(object["relationships"]).settingMember(key, to: relationship))
    }

    /// Sets the base linkage of `identity`'s relationship `key` to `data` (what the server answered a
    /// relationship write with, or read at its endpoint); returns whether the stored resource changed.
    mutating func setLinkage(of identity: ResourceIdentity, key: String, to data: JSONValue) -> Bool {
        guard let stored = stored(identity)?.value else { return false }
        let changed = Self.changingLinkage(of: stored, key: key, .replace(data))
        guard changed != stored else { return false }
        records[identity] = StoredRecord(changed)
        return true
    }


    /// Whether a pending write changes `identity` (its record is then the base with the writes on it).
    private func isPending(_ identity: ResourceIdentity) -> Bool {
        !pending.isEmpty && pending.contains { $0.identity == identity }
    }

    /// Whether readers see a record of `identity` (``record(_:)`` is not nil), without parsing it.
    func holds(_ identity: ResourceIdentity) -> Bool {
        isPending(identity) ? record(identity) != nil : stored(identity) != nil
    }

    /// The base record of `identity`: in memory, else read from the store file (by its primary key, once).
    func stored(_ identity: ResourceIdentity) -> StoredRecord? {
        records[identity] ?? file?.record(identity)
    }

    /// Every identity the store holds, in memory or in its file (a query of the file's keys).
    func allIdentities() -> Set<ResourceIdentity> {
        guard let file else { return Set(records.keys) }
        return file.identities().union(records.keys)
    }

    /// Reads the file's records of `identities` that are not in memory, in one read.
    private func prefetch(_ identities: [ResourceIdentity]) {
        file?.prefetch(identities.filter { records[$0] == nil })
    }

    /// How many resources the store holds.
    var count: Int { file == nil ? records.count : allIdentities().count }

    /// Every list query's members (those of the file read now, when not yet).
    var lists: [ListKey: [ResourceIdentity]] {
        guard let file else { return loadedLists }
        return loadedLists.merging(file.unreadLists()) { loaded, _ in loaded }
    }

    /// Reads every list of the file into memory, before a change that goes through all lists.
    private mutating func readAllLists() {
        guard let file else { return }
        loadedLists.merge(file.unreadLists()) { loaded, _ in loaded }
        file.forgetLists()
    }

    /// The members of a list as readers see them: without resources a pending write deletes, and with
    /// those created through the list's own path at its end (the list rule, see the Store article).
    func list(_ key: ListKey) -> [ResourceIdentity]? {
        guard var members = loadedLists[key] ?? file?.list(key) else { return nil }
        guard !pending.isEmpty else { return members }
        for write in pending {
            switch write.change {
            case .create(_, let listPath) where listPath == key.path && !members.contains(write.identity):
                members.append(write.identity)
            case .delete:
                members.removeAll { $0 == write.identity }
            default:
                break
            }
        }
        return members
    }

    /// Applies a local change on top of the base under the write id `id` (for ``confirm(_:)`` or
    /// ``rollBack(_:)``); returns the identities whose readers must look again (the resource; for a
    /// create or a delete, every list it enters or leaves).
    mutating func apply(_ change: PendingChange, to identity: ResourceIdentity, id: Int) -> Set<ResourceIdentity> {
        readAllLists()
        pending.append((id, identity, change))
        return affected(by: identity, change)
    }

    /// Removes a pending write without a trace (the server refused it); returns the identities whose
    /// readers must look again.
    mutating func rollBack(_ id: Int) -> Set<ResourceIdentity> {
        guard let index = pending.firstIndex(where: { $0.id == id }) else { return [] }
        readAllLists()
        let write = pending.remove(at: index)
        return affected(by: write.identity, write.change)
    }

    /// Folds a pending write into the base (the server applied it and sent nothing newer); returns the
    /// identities whose readers must look again.
    mutating func confirm(_ id: Int) -> Set<ResourceIdentity> {
        guard let index = pending.firstIndex(where: { $0.id == id }) else { return [] }
        readAllLists()
        let write = pending.remove(at: index)
        let affected = affected(by: write.identity, write.change)
        switch write.change {
        case .create(let object, let listPath):
            records[write.identity] = StoredRecord(ResourceObjectMerge.merged(stored(write.identity)?.value, object))
            appendToLists(at: listPath, write.identity)
        case .patch(let fields):
            if let base = stored(write.identity) { records[write.identity] = StoredRecord(ResourceObjectMerge.merged(base.value, fields)) }
        case .replace(let object):
            records[write.identity] = StoredRecord(ResourceObjectMerge.merged(stored(write.identity)?.value, object))
        case .delete:
            _ = remove { $0 == write.identity }
        case .relationship(let key, let change):
            if let base = stored(write.identity) { records[write.identity] = StoredRecord(Self.changingLinkage(of: base.value, key: key, change)) }
        }
        return affected
    }

    /// Settles a pending create the server answered with an identity of its own: the stand-in leaves
    /// every list (the server's resource takes its place, where it stood), later pending writes that
    /// name the stand-in name the server's resource instead, and the base keeps the server's object
    /// (`object`, else what was sent under the server's id). Returns the identities whose readers must
    /// look again.
    mutating func confirmCreate(_ id: Int, as assigned: ResourceIdentity, object: JSONValue?) -> Set<ResourceIdentity> {
        guard let index = pending.firstIndex(where: { $0.id == id }), case .create(let sent, let listPath) = pending[index].change else { return [] }
        let standIn = pending[index].identity
        readAllLists()
        pending.remove(at: index)
        var changed = affected(by: standIn, .create(sent, listPath: listPath)).union([standIn, assigned])
        let written = object ?? sent.replacingIdentity(standIn, with: assigned)
        records[assigned] = StoredRecord(ResourceObjectMerge.merged(stored(assigned)?.value, written))
        appendToLists(at: listPath, assigned)
        for (key, members) in loadedLists where members.contains(standIn) {
            loadedLists[key] = members.map { $0 == standIn ? assigned : $0 }
            changed.insert(WatcherIndex.listIdentity(key))
        }
        pending = pending.map { write in
            (write.id, write.identity == standIn ? assigned : write.identity, write.change.replacingIdentity(standIn, with: assigned))
        }
        return changed
    }

    /// Appends `identity` to every list read from exactly `path`, where it is not already.
    private mutating func appendToLists(at path: String, _ identity: ResourceIdentity) {
        readAllLists()
        for (key, members) in loadedLists where key.path == path && !members.contains(identity) {
            loadedLists[key] = members + [identity]
        }
    }

    /// The resource; for a delete the lists holding it; for a create the lists it enters.
    private func affected(by identity: ResourceIdentity, _ change: PendingChange) -> Set<ResourceIdentity> {
        switch change {
        case .delete:
            return Set(lists.filter { $0.value.contains(identity) }.keys.map(WatcherIndex.listIdentity)).union([identity])
        case .create(_, let listPath):
            return Set(lists.keys.filter { $0.path == listPath }.map(WatcherIndex.listIdentity)).union([identity])
        case .patch, .replace, .relationship:
            return [identity]
        }
    }

    /// The identity of a resource object: its `type` and `id` (a number is read as its text, as
    /// servers that write ids as numbers mean); nil when it has neither.
    static func identity(of object: JSONValue) -> ResourceIdentity? {
        guard case .object(let members) = object, case .string(let type)? = members["type"] else { return nil }
        switch members["id"] {
        case .string(let id)?: return ResourceIdentity(type: type, id: id)
        case .number(let number)?:
            // `Int64(_:)` traps outside its range: only a whole number it holds is written as an integer.
            let whole = number.rounded() == number && abs(number) < 9.0e18
            return ResourceIdentity(type: type, id: whole ? String(Int64(number)) : String(number))
        default: return nil
        }
    }

    /// The identities of every resource object of a compound document (`data`, one or many, and
    /// `included`), in order.
    static func identities(in document: JSONValue) -> [ResourceIdentity] {
        var found: [ResourceIdentity] = []
        switch document["data"] {
        case .array(let items)?: found = items.compactMap(identity(of:))
        case let object?: found = identity(of: object).map { [$0] } ?? []
        case nil: break
        }
        if case .array(let included)? = document["included"] { found += included.compactMap(identity(of:)) }
        return found
    }

    /// Merges every resource object of a compound document (`data`, one or many, and `included`) and
    /// returns the identities of its primary data, in order, and those whose stored object changed.
    mutating func merge(document: JSONValue) -> (primary: [ResourceIdentity], changed: Set<ResourceIdentity>) {
        let merged = merge(StoredRecord.Objects(document: document))
        return (merged.primary, merged.changed)
    }

    /// Merges resource objects read from a compound document (``StoredRecord/Objects``): see
    /// ``merge(document:)``. An object whose text equals the stored one changes nothing and is not
    /// parsed; one that differs is merged field by field (``ResourceObjectMerge``) and counts as changed
    /// when the result differs. `storedAsSent` is whether every object's text is now its record's, byte
    /// for byte (each was new or equal to the stored one).
    mutating func merge(_ objects: StoredRecord.Objects) -> (primary: [ResourceIdentity], changed: Set<ResourceIdentity>, storedAsSent: Bool) {
        var changed: Set<ResourceIdentity> = []
        var storedAsSent = true
        if file != nil { prefetch(objects.identities) }
        func add(_ identity: ResourceIdentity, _ incoming: StoredRecord) {
            let base: StoredRecord
            if file == nil {
                // In memory only: one lookup stores a new record (the one most objects of a first read
                // are) and finds an old one, which goes back unless the merge changes it.
                guard let old = records.updateValue(incoming, forKey: identity) else {
                    changed.insert(identity)
                    return
                }
                guard old.bytes != incoming.bytes else { return }
                records[identity] = old
                base = old
            } else {
                guard let stored = stored(identity) else {
                    records[identity] = incoming
                    changed.insert(identity)
                    return
                }
                guard stored.bytes != incoming.bytes else { return }
                base = stored
            }
            storedAsSent = false
            let before = base.value
            let merged = ResourceObjectMerge.merged(before, incoming.value)
            if merged != before {
                records[identity] = StoredRecord(merged)
                changed.insert(identity)
            }
        }
        for entry in objects.primary { add(entry.identity, entry.record) }
        for entry in objects.included { add(entry.identity, entry.record) }
        return (objects.primary.map(\.identity), changed, storedAsSent)
    }

    /// A graph over `file` (nil: in memory only), whose records and lists are read from it when first
    /// needed.
    init(file: StoreFileBacking? = nil) {
        self.file = file
    }

    /// Records what a list query answered with; true when it differs from what was recorded.
    mutating func setList(_ key: ListKey, to identities: [ResourceIdentity]) -> Bool {
        guard (loadedLists[key] ?? file?.list(key)) != identities else { return false }
        loadedLists[key] = identities
        return true
    }

    /// Removes resources (their records, and their places in every list); returns those it held.
    mutating func remove(where shouldRemove: (ResourceIdentity) -> Bool) -> Set<ResourceIdentity> {
        let removed = Set(allIdentities().filter(shouldRemove))
        for identity in removed { records[identity] = nil }
        file?.forget(removed)
        if !removed.isEmpty {
            readAllLists()
            for (key, identities) in loadedLists { loadedLists[key] = identities.filter { !removed.contains($0) } }
        }
        return removed
    }

    /// Forgets every list query.
    mutating func removeLists() {
        readAllLists()
        loadedLists = [:]
    }

    /// The identities reachable from `primary` along `includes`, `primary` first: the graph a value read
    /// with those includes is made of, so the one whose change changes it.
    func closure(of primary: [ResourceIdentity], along includes: [IncludePath]) -> [ResourceIdentity] {
        var seen = Set(primary)
        var order = primary
        prefetch(primary)
        for path in includes {
            var frontier = primary
            for step in path.steps {
                // The file's records of this step in one read.
                if file != nil { prefetch(frontier.flatMap { linkage(of: $0, key: step.key) }) }
                // Each target once per step: many resources linking to one author must not make the
                // next step expand that author once per link (repeats would multiply step by step).
                var next: [ResourceIdentity] = []
                var reached = Set<ResourceIdentity>()
                for identity in frontier {
                    for target in linkage(of: identity, key: step.key) where reached.insert(target).inserted && holds(target) {
                        next.append(target)
                        if seen.insert(target).inserted { order.append(target) }
                    }
                }
                frontier = next
            }
        }
        return order
    }

    /// The identities a stored resource's relationship `key` links to (its `data`).
    func linkage(of identity: ResourceIdentity, key: String) -> [ResourceIdentity] {
        guard isPending(identity) else { return stored(identity)?.targets(of: key) ?? [] }
        switch record(identity)?["relationships"]?[key]?["data"] {
        case .array(let items)?: return items.compactMap(Self.identity)
        case let object?: return Self.identity(of: object).map { [$0] } ?? []
        case nil: return []
        }
    }

    /// A compound document of `primary` (one resource, or a collection when `many`) with everything
    /// `closure` reaches as `included`: what the codec decodes a typed value from, as from a response.
    /// Nil when a primary resource is not stored.
    ///
    /// Written as JSON text by joining the records' own text (a record a pending write changes is written
    /// from its value).
    func document(primary: [ResourceIdentity], many: Bool, closure: [ResourceIdentity]) -> Data? {
        guard many || primary.count == 1 else { return nil }
        var bytes: [UInt8] = []
        var size = 32
        for identity in closure { size += (stored(identity)?.bytes.count ?? 0) + 1 }
        bytes.reserveCapacity(size)
        /// Appends the record of `identity`; false when readers see none.
        func append(_ identity: ResourceIdentity) -> Bool {
            if isPending(identity) {
                guard let value = record(identity) else { return false }
                value.write(to: &bytes)
            } else {
                guard let base = stored(identity) else { return false }
                bytes.append(contentsOf: base.bytes)
            }
            return true
        }
        bytes.append(contentsOf: #"{"data":"#.utf8)
        if many { bytes.append(UInt8(ascii: "[")) }
        for (index, identity) in primary.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            guard append(identity) else { return nil }
        }
        if many { bytes.append(UInt8(ascii: "]")) }
        bytes.append(contentsOf: #","included":["#.utf8)
        let primarySet = Set(primary)
        var first = true
        for identity in closure where !primarySet.contains(identity) {
            let mark = bytes.count
            if !first { bytes.append(UInt8(ascii: ",")) }
            if append(identity) { first = false } else { bytes.removeSubrange(mark...) }
        }
        bytes.append(contentsOf: "]}".utf8)
        return Data(bytes)
    }
}

/// A list query: the collection's path (with its query) and the include paths it was read with (as
/// `include=` spells them, so a key can be stored and read back).
struct ListKey: Hashable, Sendable {
    var path: String
    var includes: [String]

    init(path: String, includes: [IncludePath]) {
        self.path = path
        self.includes = includes.map(\.description)
    }

    init(path: String, includeNames: [String]) {
        self.path = path
        self.includes = includeNames
    }
}
