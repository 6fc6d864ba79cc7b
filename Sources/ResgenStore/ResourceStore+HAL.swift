import Foundation
import HTTPTypes
@_spi(Generated) import ResgenHAL
@_spi(Generated) import ResgenRuntimeCore

/// The store over a HAL client: reads go through the client's traversal, and every document it read
/// (the resource, the collection, each link it followed) is merged, with everything embedded in it,
/// one record per `self` link (see ``HALRecords``).
extension ResourceStore {
    // MARK: reading through the store

    /// Reads a HAL resource without includes, and merges it and everything embedded in it into the
    /// store; every watcher whose value changed sees the new one.
    ///
    /// - Throws: ``StoreError/unsupportedFormat(_:)`` when the store's client is not a HAL client.
    public func fetch<R: HALResource>(_ path: ResourcePath<R, Op.Show>, query: [QueryItem] = []) async throws -> R {
        try await fetchHAL(path, includes: [], query: query)
    }

    /// Reads a HAL resource with the relationships of `paths` resolved (from `_embedded`, else by
    /// following links), and merges every document the traversal read, and every resource embedded in
    /// them, into the store; every watcher whose value changed sees the new one.
    public func fetch<R: HALResource>(_ path: ResourcePath<R, Op.Show>, includingPaths paths: [IncludePath], query: [QueryItem] = []) async throws -> R {
        try await fetchHAL(path, includes: paths, query: query)
    }

    /// Reads a HAL collection without includes, merges every member, and records the list's members.
    public func fetch<R: HALResource>(_ path: ResourcePath<R, Op.List>, query: [QueryItem] = []) async throws -> [R] {
        try await fetchHAL(path, includes: [], query: query)
    }

    /// Reads a HAL collection (with the relationships of `paths` resolved in each item), merges every
    /// document the traversal read, and records the list's members for the list's `watch` and `peek`.
    public func fetch<R: HALResource>(_ path: ResourcePath<R, Op.List>, includingPaths paths: [IncludePath], query: [QueryItem] = []) async throws -> [R] {
        try await fetchHAL(path, includes: paths, query: query)
    }

    private func fetchHAL<R: HALResource>(_ path: ResourcePath<R, Op.Show>, includes: [IncludePath], query: [QueryItem]) async throws -> R {
        let codec = try halCodec()
        let (traversal, documents) = try await Self.observing { try await self.client.traverse(path, including: includes, query: query) }
        replayQueuedWrites()
        let primary = try mergeHAL(documents, items: nil, resourceType: R.resourceType, address: Self.listPath(path.path, path.query + query), listKey: nil)
        guard let identity = primary.first, let value: R = try decodeHAL(R.self, [identity], many: false, includes: includes, codec: codec)?.first else {
            return traversal.value
        }
        return value
    }

    private func fetchHAL<R: HALResource>(_ path: ResourcePath<R, Op.List>, includes: [IncludePath], query: [QueryItem]) async throws -> [R] {
        let codec = try halCodec()
        let key = ListKey(path: Self.listPath(path.path, path.query + query), includes: includes)
        let (traversal, documents) = try await Self.observing { try await self.client.traverse(path, including: includes, query: query) }
        replayQueuedWrites()
        let primary = try mergeHAL(documents, items: R.self, resourceType: R.resourceType, address: nil, listKey: key)
        return try decodeHAL(R.self, primary, many: true, includes: includes, codec: codec) ?? traversal.value
    }

    // MARK: reading the store

    /// The stored resource at `path`, without includes; nil when the store does not hold it.
    public func peek<R: HALResource>(_ path: ResourcePath<R, Op.Show>) -> R? {
        peekHAL(path, includes: [])
    }

    /// The stored resource at `path`, with the relationships of `paths` resolved from the store,
    /// without a request; nil when the store does not hold it. A relation whose targets the store does
    /// not all hold is left unresolved.
    public func peek<R: HALResource>(_ path: ResourcePath<R, Op.Show>, includingPaths paths: [IncludePath]) -> R? {
        peekHAL(path, includes: paths)
    }

    /// The members of a HAL list the store read (with the same include paths), as stored now; nil when
    /// it never read that list.
    public func peek<R: HALResource>(_ path: ResourcePath<R, Op.List>, includingPaths paths: [IncludePath]) -> [R]? {
        peekHAL(path, includes: paths)
    }

    private func peekHAL<R: HALResource>(_ path: ResourcePath<R, Op.Show>, includes: [IncludePath]) -> R? {
        guard let codec = halCodecIfAny, let identity = halIdentity(address: Self.listPath(path.path, path.query)) else { return nil }
        return try? decodeHAL(R.self, [identity], many: false, includes: includes, codec: codec)?.first
    }

    private func peekHAL<R: HALResource>(_ path: ResourcePath<R, Op.List>, includes: [IncludePath]) -> [R]? {
        guard let codec = halCodecIfAny, let primary = graph.list(ListKey(path: Self.listPath(path.path, path.query), includes: includes)) else { return nil }
        return try? decodeHAL(R.self, primary, many: true, includes: includes, codec: codec)
    }

    // MARK: watching

    /// The HAL resource at `path` without includes, now and after every change.
    public func watch<R: HALResource>(_ path: ResourcePath<R, Op.Show>) -> ResourceWatch<R> {
        watchHAL(path, includes: [])
    }

    /// The HAL resource at `path` with the relationships of `paths`, now and after every change to it
    /// or to anything its includes reach. The sequence yields the stored value at once when the store
    /// holds it, and again whenever a merge changes what it gives; it never requests anything itself.
    public func watch<R: HALResource>(_ path: ResourcePath<R, Op.Show>, includingPaths paths: [IncludePath]) -> ResourceWatch<R> {
        watchHAL(path, includes: paths)
    }

    /// The members of a HAL list the store reads (with the same include paths), now and after every
    /// change to the list or to any member's graph.
    public func watch<R: HALResource>(_ path: ResourcePath<R, Op.List>, includingPaths paths: [IncludePath]) -> ResourceWatch<[R]> {
        watchHAL(path, includes: paths)
    }

    private func watchHAL<R: HALResource>(_ path: ResourcePath<R, Op.Show>, includes: [IncludePath]) -> ResourceWatch<R> {
        let address = Self.listPath(path.path, path.query)
        return makeWatch { store in
            guard let identity = store.halIdentity(address: address) else { return (nil, [HALRecords.address(address)]) }
            var graph: Set<ResourceIdentity> = [identity, HALRecords.address(address)]
            let value: R? = store.halCodecIfAny.flatMap { try? store.decodeHAL(R.self, [identity], many: false, includes: includes, codec: $0, visited: &graph)?.first }
            return (value, graph)
        }
    }

    private func watchHAL<R: HALResource>(_ path: ResourcePath<R, Op.List>, includes: [IncludePath]) -> ResourceWatch<[R]> {
        let key = ListKey(path: Self.listPath(path.path, path.query), includes: includes)
        return makeWatch { store in
            guard let primary = store.graph.list(key) else { return (nil, [WatcherIndex.listIdentity(key)]) }
            var graph: Set<ResourceIdentity> = Set(primary).union([WatcherIndex.listIdentity(key)])
            let value: [R]? = store.halCodecIfAny.flatMap { try? store.decodeHAL(R.self, primary, many: true, includes: includes, codec: $0, visited: &graph) }
            return (value, graph)
        }
    }

    // MARK: merging

    /// What a traversal read, in the order it read it.
    private final class Documents: @unchecked Sendable {
        // @unchecked: `responses` is only touched under `lock`.
        private let lock = NSLock()
        private var responses: [RawResponse] = []

        func add(_ response: RawResponse) { lock.withLock { responses.append(response) } }
        var all: [RawResponse] { lock.withLock { responses } }
    }

    /// `call`'s result and every response its traversal read, the call's own first.
    private static func observing<T: Sendable>(_ call: @Sendable () async throws -> T) async throws -> (T, [RawResponse]) {
        let documents = Documents()
        let value = try await HALDocumentObserver.$current.withValue({ documents.add($0) }) { try await call() }
        return (value, documents.all)
    }

    /// Merges the documents a HAL read got (the first is the one asked for): every resource, embedded
    /// ones included, into the graph. Returns the primary identities: the first document's, or the
    /// items of its collection when `items` is given (then recorded as `listKey`'s members). Notes when
    /// each arrived, persists and notifies as a JSON:API read does.
    /// Reads the resource at `path` again and merges it: ``takeServerVersion(_:)`` over a HAL client, for
    /// a write to `identity`. The read is a plain `GET` of the path, as the write went there.
    func rereadHAL(path: String, identity: ResourceIdentity) async throws {
        let raw = try await client.request(.get, runtimeURL: try client.url(for: path))
        try client.decode(raw) { _ in }
        _ = try mergeHAL([raw], items: nil, resourceType: HALRecords.type, address: path, listKey: nil, fallback: identity)
    }

    // MARK: eviction

    /// Forgets the HAL resource at `path` (the record a read of it found); its watchers keep their last
    /// value until it is read again.
    ///
    /// A HAL store offers no eviction by type: a HAL record is named by its `self` link and carries no
    /// type (one document can be read as several models), so ``evictAll()`` (sign-out) and this are
    /// what it has.
    public func evict<R: HALResource>(_ path: ResourcePath<R, Op.Show>) {
        guard let identity = halIdentity(address: Self.listPath(path.path, path.query)) else { return }
        evict { $0 == identity }
    }

    /// Merges the documents a HAL read got (see the extension's documentation). A first document
    /// without a `self` link is named by `fallback` when given, else by its type and `id`, else by its URL.
    private func mergeHAL(
        _ responses: [RawResponse], items: (any Resource.Type)?, resourceType: String, address: String?, listKey: ListKey?,
        fallback primaryFallback: ResourceIdentity? = nil
    ) throws -> [ResourceIdentity] {
        guard !responses.isEmpty else { throw StoreError.notAResource(address ?? listKey?.path ?? "") }
        var objects = StoredRecord.Objects(primary: [], included: [])
        var primary: [ResourceIdentity] = []
        for (index, response) in responses.enumerated() {
            guard let document = try? JSONValue(parsing: response.body) else { continue }
            if index == 0, items != nil {
                var entries: [StoredRecord.Objects.Entry] = []
                for item in HALRecords.collectionItems(document, resourceType: resourceType) {
                    let fallback = item["id"].flatMap { HALRecords.fallbackIdentity(type: resourceType, id: $0) }
                    if let identity = HALRecords.normalize(item, base: response.url, fallback: fallback, into: &entries) { primary.append(identity) }
                }
                objects.included += entries
                continue
            }
            let fallback = index == 0 ? primaryFallback ?? document["id"].flatMap { HALRecords.fallbackIdentity(type: resourceType, id: $0) } : nil
            let normalized = HALRecords.normalizeDocument(document, base: response.url, fallback: fallback ?? HALRecords.identity(response.url))
            objects.included += normalized.records
            if index == 0, let identity = normalized.primary { primary = [identity] }
        }
        guard items != nil || !primary.isEmpty else { throw StoreError.notAResource(address ?? "") }
        objects.primary = primary.compactMap { identity in objects.included.last { $0.identity == identity } }
        let (_, changed, _) = graph.merge(objects)
        // Every document the traversal read counts, not only the first: a linked document marked
        // `private` or `no-store` keeps the whole read in memory, and the shortest lifetime wins.
        let cacheControls = responses.map(Self.cacheControl(of:))
        let isPrivate = !persistsPrivateResponses
            && cacheControls.contains { Self.isPrivate(cacheControl: $0, credentialed: client.sendsCredentials) }
        var lists: [ReadList] = []
        if let listKey {
            lists.append(ReadList(key: listKey, members: primary, watched: WatcherIndex.listIdentity(listKey), arrives: true))
        }
        if let address, let identity = primary.first {
            // The path read names this resource: `peek` and `watch` of the path find it, in this
            // process and in one restarted on the file (the link is kept as a one-member list).
            lists.append(ReadList(key: HALRecords.addressKey(address), members: [identity], watched: HALRecords.address(address), arrives: false))
        }
        finishRead(
            changed: changed, arrived: objects.identities, lists: lists, isPrivate: isPrivate,
            lifetime: cacheControls.compactMap(Freshness.httpLifetime(cacheControl:)).min())
        return primary
    }

    // MARK: decoding

    /// The client's HAL codec, or the error a store over another client throws.
    func halCodec() throws -> HALCodec {
        guard let codec = halCodecIfAny else {
            throw StoreError.unsupportedFormat(String(describing: type(of: client.configuration.codec)))
        }
        return codec
    }

    /// The client's HAL codec; nil for a client of another format.
    var halCodecIfAny: HALCodec? { client.configuration.codec as? HALCodec }

    /// The record the resource at `address` (a path and query) is: the one a read of that path found
    /// (kept in the store file too), else the one its URL names (its `self` link, for a server that
    /// links resources where it serves them).
    func halIdentity(address: String) -> ResourceIdentity? {
        if let identity = graph.list(HALRecords.addressKey(address))?.first, graph.holds(identity) { return identity }
        guard let url = try? client.url(for: address) else { return nil }
        let identity = HALRecords.identity(url)
        return graph.holds(identity) ? identity : nil
    }

    /// The typed values of `primary` decoded from the HAL document the store rebuilds for them (a
    /// collection when `many`), with `includes` embedded; nil when one is not stored.
    func decodeHAL<R: Resource>(_ type: R.Type, _ primary: [ResourceIdentity], many: Bool, includes: [IncludePath], codec: HALCodec) throws -> [R]? {
        var visited: Set<ResourceIdentity> = []
        return try decodeHAL(R.self, primary, many: many, includes: includes, codec: codec, visited: &visited)
    }

    /// ``decodeHAL(_:_:many:includes:codec:)``, adding to `visited` every record the values were built
    /// from (or would have been, had the store held it): the graph a watcher of them watches.
    func decodeHAL<R: Resource>(
        _ type: R.Type, _ primary: [ResourceIdentity], many: Bool, includes: [IncludePath], codec: HALCodec, visited: inout Set<ResourceIdentity>
    ) throws -> [R]? {
        let tree = HALRecords.HALTree(HALRecords.relPaths(includes, root: R.self))
        var documents: [JSONValue] = []
        var built: Set<ResourceIdentity> = []
        defer {
            freshness.use(built.filter(graph.holds))
            visited.formUnion(built)
        }
        for identity in primary {
            guard let document = HALRecords.document(identity, tree: tree, graph: graph, visited: &built) else { return nil }
            documents.append(document)
        }
        let url = primary.first.flatMap { URL(string: $0.id) } ?? client.baseURL
        let context = ResponseContext(decoder: client.decoder, url: url, response: HTTPResponse(status: .ok))
        if many {
            return try codec.decodeCollection(R.self, from: JSONValue.array(documents).serialized(), context: context)
        }
        guard let document = documents.first else { return nil }
        return [try codec.decodeResource(R.self, from: document.serialized(), context: context)]
    }
}

extension HALRecords {
    /// The items of a collection document, by the rule typed HAL reads use: the document itself when it
    /// is an array; `_embedded` written as an array; its entry named `resourceType`, else its only
    /// entry, else `items` or `item`.
    static func collectionItems(_ document: JSONValue, resourceType: String) -> [JSONValue] {
        func array(_ value: JSONValue?) -> [JSONValue]? {
            switch value {
            case .array(let items)?: return items
            case .object?: return [value!]
            default: return nil
            }
        }
        if case .array(let items) = document { return items }
        switch document["_embedded"] {
        case .array(let items)?:
            return items
        case .object(let entries)?:
            if let items = array(entries[resourceType]) { return items }
            if entries.count == 1, let items = array(entries.first?.value) { return items }
            return array(entries["items"]) ?? array(entries["item"]) ?? []
        default:
            return []
        }
    }

    /// The identity of a resource without a `self` link: its type and its `id` property.
    static func fallbackIdentity(type: String, id: JSONValue) -> ResourceIdentity? {
        StoredGraph.identity(of: .object(["type": .string(type), "id": id]))
    }

    /// The watcher identity of a path the store read: changes when the path comes to name another
    /// record.
    static func address(_ path: String) -> ResourceIdentity {
        ResourceIdentity(type: "\u{0}hal-address", id: path)
    }

    /// Where the record a read of `path` found is kept: a list of one member under a path no collection
    /// has, so that it is stored, evicted and persisted as lists are.
    static func addressKey(_ path: String) -> ListKey {
        ListKey(path: "#hal-address " + path, includeNames: [])
    }
}
