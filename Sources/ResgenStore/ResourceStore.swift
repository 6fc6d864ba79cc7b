import Foundation
import HTTPTypes
import Logging
@_spi(Generated) @_spi(Testing) import ResgenRuntimeCore
import ResgenJSONAPI
import ResgenHAL

/// Keeps every resource a `Client` has read through it, once, and tells the code watching them when
/// they change.
///
/// One record per resource — JSON:API `type` + `id` — merged from every response that carried it,
/// whether as primary data or as an included resource: the article read on one screen and the author
/// included with a comment on another are the same record. A merge follows the absent-is-not-null
/// rule: a field a response did not carry keeps its stored value; an
/// explicit `null` clears it.
///
/// ```swift
/// let store = try ResourceStore(client: client)
/// for await article in await store.watch(Article.self, id: "1", including: .author) {
///     render(article)                 // the stored value at once, then after every change to the
/// }                                   // article or its author
/// _ = try await store.fetch(Article.show("1"), including: .author)   // any read refreshes the watchers
/// let cached = await store.peek(Article.self, id: "1", including: .author)  // no request
/// ```
///
/// A typed value is decoded from the store as from a response (the same generated code, the same
/// include resolution), so what ``peek(_:id:including:)`` and ``watch(_:id:including:)`` give equals what
/// the client would decode from a document holding the stored resources.
///
/// Over a HAL client a record is one per `self` link, and reads, `peek` and `watch` take a resource's
/// path and include paths, and writes send the plain JSON bodies the client sends (see the Store
/// article).
public actor ResourceStore {
    /// The client every read goes through.
    public let client: Client
    /// Where the store says what it dropped (a stored record that no longer decodes) and why.
    public let logger: Logger
    let codec: JSONAPICodec
    var graph = StoredGraph()
    var watchers = WatcherIndex()
    /// Where the records persist; nil for a store in memory only.
    private let file: StoreFile?
    /// Whether responses marked `Cache-Control: private` or `no-store` are written to the file.
    let persistsPrivateResponses: Bool
    /// Resources a private response carried: never written to the file (unless the app opted in).
    var memoryOnly: Set<ResourceIdentity> = []
    /// What went wrong with the store file, if anything: a file set aside as unreadable when the store
    /// opened, or the last write that failed (the store then goes on in memory).
    public private(set) var fileProblem: String?
    /// Writes not yet settled with the server, in order (see ``sync()``).
    var queue: [QueuedWrite] = []
    /// The number of the last write queued.
    var nextWriteID = 0
    /// Writes whose caller is awaiting them: a refusal is thrown to it rather than kept in the queue.
    var awaited: Set<Int> = []
    /// Refusals of awaited writes, for their callers to throw.
    var refusals: [Int: ClientError] = [:]
    /// The identity each local id names now: the stand-in until the server assigns an id, then the
    /// server's.
    var localIdentities: [String: ResourceIdentity] = [:]
    /// The replay of the queue under way, which the next one waits for.
    var replaying: Task<Void, Never>?
    /// Called at each step of a write's replay (tests only).
    var replayHook: (@Sendable (ReplayStep, Int) async -> Void)?
    /// Whether a read's success has started a replay that has not ended.
    private var replayScheduled = false
    /// When each resource and list arrived and was last used (for the memory budget), and the maximum
    /// ages the app set.
    var freshness = Freshness()
    /// The most resources kept; nil: no limit.
    var maximumResources: Int?
    /// The refreshes of stale values under way (by what they read), so a value is refreshed once at a time.
    var refreshing: Set<String> = []
    /// Where the server serves JSON:API atomic operations, when the app said it does: a create and the
    /// queued writes that name it replay there in one request (see ``setAtomicOperations(path:)``).
    var atomicPath: String?
    /// While ``inOneTransaction(_:)`` runs: what ``persist(_:lists:writes:)`` was asked to write, for one
    /// transaction at its end.
    private var gathered: (identities: Set<ResourceIdentity>, lists: Set<ListKey>, writes: [Int: QueuedWrite?])?

    /// A store over `client`, whose codec must be a `JSONAPICodec` or a `HALCodec`.
    ///
    /// - Parameters:
    ///   - client: The client every read and write goes through.
    ///   - file: Where to keep the records across launches (SQLite, created `0600`); nil keeps them in
    ///     memory only. A new process on the same file answers `peek` and `watch` before any request. A
    ///     file that does not read as a store is moved aside and the store starts empty
    ///     (``fileProblem`` says so).
    ///   - persistsPrivateResponses: Whether resources from responses a shared HTTP cache would not keep
    ///     for another user are written to `file` too: those marked `Cache-Control: private` or
    ///     `no-store`, and those answering a request with credentials (an `AuthMiddleware`'s, or a
    ///     default header field the configuration names sensitive) unless marked `public`. By default
    ///     they stay in memory; an app that signs in and wants its data offline says `true`, and
    ///     calls ``evictAll()`` at sign-out.
    ///   - logger: Where the store warns about stored records it drops because they no longer decode
    ///     (the generated models changed since they were stored).
    /// - Throws: ``StoreError/unsupportedFormat(_:)`` for a client of another format (neither JSON:API nor HAL); a file error when
    ///   `file` can be neither opened nor replaced.
    public init(client: Client, file: URL? = nil, persistsPrivateResponses: Bool = false, logger: Logger = Logger(label: "resgen.store")) throws {
        if let codec = client.configuration.codec as? JSONAPICodec {
            self.codec = codec
        } else if client.configuration.codec is HALCodec {
            // HAL reads go through ResourceStore+HAL; the JSON:API codec is never used.
            self.codec = JSONAPICodec(resourceTypes: [])
        } else {
            throw StoreError.unsupportedFormat(String(describing: type(of: client.configuration.codec)))
        }
        self.client = client
        self.logger = logger
        self.persistsPrivateResponses = persistsPrivateResponses
        if let file {
            let opened = try StoreFile(url: file)
            self.file = opened
            self.graph = StoredGraph(file: StoreFileBacking(opened))
            self.fileProblem = opened.problem
            // Queued writes show again, in order, as when they were made.
            for write in opened.contents.writes {
                _ = graph.apply(write.change, to: write.identity, id: write.id)
                if let lid = write.lid { localIdentities[lid] = write.identity }
            }
            self.queue = opened.contents.writes
            self.nextWriteID = opened.contents.writes.last?.id ?? 0
        } else {
            self.file = nil
        }
    }

    /// Writes the base records of `identities`, the lists of `listKeys` and the queued writes of
    /// `writes` (nil: settled) to the file, in one transaction; resources only private responses carried
    /// stay out.
    func persist(_ identities: Set<ResourceIdentity>, lists listKeys: Set<ListKey> = [], writes: [Int: QueuedWrite?] = [:]) {
        guard let file else { return }
        if var batch = gathered {
            batch.identities.formUnion(identities)
            batch.lists.formUnion(listKeys)
            batch.writes.merge(writes) { _, later in later }
            gathered = batch
            return
        }
        var records: [ResourceIdentity: StoredRecord?] = [:]
        for identity in identities where identity.type != WatcherIndex.listType && !memoryOnly.contains(identity) {
            // In memory, else as the file has it (a resource a write touched but never read since the
            // store opened): nil only when it is gone.
            records[identity] = graph.stored(identity)
        }
        var lists: [ListKey: [ResourceIdentity]?] = [:]
        for key in listKeys { lists[key] = graph.lists[key] }
        // A credential the caller passed with a write is never written down: the client's middlewares
        // attach the credential of the moment when the write is replayed.
        let sensitive = client.configuration.sensitiveHeaderNames
        let writes = writes.mapValues { write in
            write.map { write in
                var kept = write
                kept.headers = write.headers.filter { $0.first.map { !sensitive.contains($0.lowercased()) } ?? false }
                return kept
            }
        }
        do {
            try file.save(records: records, lists: lists, writes: writes)
        } catch {
            fileProblem = "writing the store file failed (\(error)); the store goes on in memory"
        }
    }

    /// Runs `body` with everything it persists written to the file in one transaction at its end (each
    /// record and list as it is then): an atomic bundle's writes are settled in the file all together or
    /// not at all, as the server applied them. Inside another such call, `body` joins the outer one.
    func inOneTransaction(_ body: () -> Void) {
        guard gathered == nil else { return body() }
        gathered = ([], [], [:])
        body()
        let batch = gathered!
        gathered = nil
        persist(batch.identities, lists: batch.lists, writes: batch.writes)
    }

    // MARK: reading through the store

    /// Reads a resource (with the relationships of `includes`) and merges it, and everything the
    /// response included, into the store; every watcher whose value changed sees the new one.
    public func fetch<R: JSONAPIResource & HasIncludes>(_ path: ResourcePath<R, Op.Show>, including includes: R.Include..., query: [QueryItem] = []) async throws -> R {
        try await fetch(path, includingPaths: Self.paths(includes), query: query)
    }

    /// Reads a resource without includes; see ``fetch(_:including:query:)-(ResourcePath<R,Op.Show>,_,_)``.
    public func fetch<R: JSONAPIResource>(_ path: ResourcePath<R, Op.Show>, query: [QueryItem] = []) async throws -> R {
        try await fetch(path, includingPaths: [], query: query)
    }

    /// Reads a collection (with the relationships of `includes`), merges every resource into the store,
    /// and records the list's members for ``watch(_:including:)-(ResourcePath<R,Op.List>,_)``.
    public func fetch<R: JSONAPIResource & HasIncludes>(_ path: ResourcePath<R, Op.List>, including includes: R.Include..., query: [QueryItem] = []) async throws -> [R] {
        try await fetch(path, includingPaths: Self.paths(includes), query: query)
    }

    /// Reads a collection without includes; see ``fetch(_:including:query:)-(ResourcePath<R,Op.List>,_,_)``.
    public func fetch<R: JSONAPIResource>(_ path: ResourcePath<R, Op.List>, query: [QueryItem] = []) async throws -> [R] {
        try await fetch(path, includingPaths: [], query: query)
    }

    private func fetch<R: JSONAPIResource>(_ path: ResourcePath<R, Op.Show>, includingPaths includes: [IncludePath], query: [QueryItem]) async throws -> R {
        try checkIncludes(includes, on: path)
        let loaded = try await load(.path(path.path), includes: includes, query: path.query + query, listKey: nil)
        let (primary, body) = (loaded.primary, loaded.body)
        guard primary.count == 1 else { throw StoreError.notAResource(path.path) }
        if let value = try decodeAll(R.self, primary, many: false, includes: includes, asRead: loaded.asRead)?.first { return value }
        // The store shows none (a queued delete of it): the server's answer is what was asked for.
        guard let value = try StoreDecoding.decode(R.self, from: body, many: false, decoder: codec.jsonAPIDecoder(from: client.decoder), includes: includes).first else {
            throw StoreError.notAResource(path.path)
        }
        return value
    }

    private func fetch<R: JSONAPIResource>(_ path: ResourcePath<R, Op.List>, includingPaths includes: [IncludePath], query: [QueryItem]) async throws -> [R] {
        try checkIncludes(includes, on: path)
        let key = ListKey(path: Self.listPath(path.path, path.query + query), includes: includes)
        // The response's text is not kept while the value is decoded: only its parse, when it is used.
        let asRead = try await load(.path(path.path), includes: includes, query: path.query + query, listKey: key).asRead
        // The list as the store shows it: without what a queued write deletes, with what it creates.
        return try decodeAll(R.self, graph.list(key) ?? [], includes: includes, asRead: asRead) ?? []
    }

    /// Refuses includes the path does not accept (``ResourcePath/acceptedIncludes``), as the client does, before
    /// anything is sent.
    private func checkIncludes<R: Resource, O: ResourceOperation>(_ includes: [IncludePath], on path: ResourcePath<R, O>) throws {
        guard let accepted = path.acceptedIncludes else { return }
        try client.checkIncludes(in: includes.includeQueryItems, accepted: accepted, method: .get, url: client.url(for: path.path))
    }

    /// Where a read goes: a path below the base URL, or a URL the server wrote (a resource's `self`).
    enum ReadTarget: Sendable {
        /// A path below the client's base URL.
        case path(String)
        /// A link the server wrote, requested as written.
        case url(URL)
        /// A request type's `GET`: its URL (query included), header fields and whether it needs
        /// credentials.
        case request(URL, headers: [HeaderField], requiresAuth: Bool)
    }

    /// Reads `target` and merges the document: every resource into the graph, the primary data's
    /// identities as the members of `listKey` when given; notes when each arrived, keeps the memory
    /// budget, persists and notifies. Returns the primary data's identities and the document's text,
    /// and the response's parse when the store took every resource object as the response sent it.
    @discardableResult
    func load(_ target: ReadTarget, includes: [IncludePath], query: [QueryItem], listKey: ListKey?) async throws -> Loaded {
        let read = try await read(target, includes: includes, query: query)
        let (primary, changed, storedAsSent) = graph.merge(read.objects)
        let lists = listKey.map { [ReadList(key: $0, members: primary, watched: WatcherIndex.listIdentity($0), arrives: true)] } ?? []
        let (arrival, generation) = finishRead(
            changed: changed, arrived: read.objects.identities, lists: lists, isPrivate: read.isPrivate, lifetime: read.lifetime)
        let asRead = storedAsSent ? read.objects.tape.map { AsRead(tape: $0, objects: read.objects, generation: generation, arrival: arrival) } : nil
        return Loaded(primary: primary, body: read.body, asRead: asRead)
    }

    /// What ``load(_:includes:query:listKey:)`` read.
    struct Loaded {
        var primary: [ResourceIdentity]
        var body: Data
        var asRead: AsRead?
    }

    /// A list a read answered: its key, its members, the identity its watchers are keyed by, and whether
    /// that identity counts as arrived (for expiry and the memory budget).
    struct ReadList {
        var key: ListKey
        var members: [ResourceIdentity]
        var watched: ResourceIdentity
        var arrives: Bool
    }

    /// The end of every read's merge, JSON:API's and HAL's alike, so the two cannot drift apart: what a
    /// private read changed stays out of the file; each list the read answered is recorded (and written
    /// to the file unless the read is private); arrival and use are noted for expiry and the memory
    /// budget; then the changes are persisted, the watchers told, and the budget kept.
    /// Returns the use that noted the arrival and the graph's generation after the lists were recorded
    /// (what a value decoded from the response's own parse is checked against: ``AsRead``).
    @discardableResult
    func finishRead(
        changed: Set<ResourceIdentity>, arrived: [ResourceIdentity], lists: [ReadList], isPrivate: Bool, lifetime: Duration?
    ) -> (arrival: Freshness.UseMark, generation: Int) {
        if isPrivate { memoryOnly.formUnion(changed) }
        var arrived = arrived
        var notified = changed
        var persistedLists: Set<ListKey> = []
        for list in lists {
            if graph.setList(list.key, to: list.members) {
                notified.insert(list.watched)
                if !isPrivate { persistedLists.insert(list.key) }
            }
            if list.arrives { arrived.append(list.watched) }
        }
        let arrival = freshness.noteArrived(arrived, at: .now, lifetime: lifetime)
        let generation = graph.generation
        persist(changed, lists: persistedLists)
        notify(notified)
        keepMemoryBudget()
        return (arrival, generation)
    }

    private func endScheduledReplay() { replayScheduled = false }

    /// After a read the server answered: starts replaying the writes that waited for a connection, if
    /// any and no replay so started is under way.
    func replayQueuedWrites() {
        guard !replayScheduled && queue.contains(where: { $0.refusal == nil && !awaited.contains($0.id) }) else { return }
        // The server answers again: what waited for a connection goes now.
        replayScheduled = true
        Task {
            await self.sync()
            self.endScheduledReplay()
        }
    }

    /// What a read brought: the document's text and its resource objects, whether the response is one the file keeps only when
    /// the app opted in (`Cache-Control: private` or `no-store`), and its HTTP lifetime (`max-age`).
    struct StoreRead {
        var body: Data
        var objects: StoredRecord.Objects
        var isPrivate: Bool
        var lifetime: Duration?
    }

    /// `GET` of `target` with the `include=` of `includes` and `query`, parsed.
    func read(_ target: ReadTarget, includes: [IncludePath], query: [QueryItem]) async throws -> StoreRead {
        let raw: RawResponse
        switch target {
        case .path(let path):
            raw = try await client.request(.get, runtimeURL: try client.url(for: path, query: client.pageQuery(includes) + query))
        case .url(let link):
            // The server's link as it wrote it, with only the store's own items set (issue 49).
            let url = (client.pageQuery(includes) + query).reduce(link) { url, item in
                URLQueryEditing.setting(item.name, to: item.value ?? "", in: url) ?? url
            }
            raw = try await client.request(.get, runtimeURL: url)
        case .request(let url, let headers, let requiresAuth):
            raw = try await client.request(.get, url, headers: headers, requiresAuth: requiresAuth)
        }
        replayQueuedWrites()
        let objects = try client.decode(raw) { _ in try StoredRecord.Objects.parsing(raw.body) }
        let cacheControl = Self.cacheControl(of: raw)
        var credentialed = client.sendsCredentials
        if case .request(_, let headers, let requiresAuth) = target { credentialed = credentialed || requiresAuth || client.carriesCredentials(headers) }
        let isPrivate = !persistsPrivateResponses && Self.isPrivate(cacheControl: cacheControl, credentialed: credentialed)
        return StoreRead(body: raw.body, objects: objects, isPrivate: isPrivate, lifetime: Freshness.httpLifetime(cacheControl: cacheControl))
    }

    /// A response's `Cache-Control` directives, every field joined, lowercased.
    static func cacheControl(of raw: RawResponse) -> String {
        raw.response.headerFields[values: .cacheControl].joined(separator: ",").lowercased()
    }

    /// Whether a response is one a shared HTTP cache would not keep for another user (RFC 9111 §3,
    /// §3.5): marked `private` or `no-store`, or answering a request that carried credentials without
    /// `public`, `s-maxage` or `must-revalidate` to say it may be shared.
    static func isPrivate(cacheControl: String, credentialed: Bool) -> Bool {
        let directives = Set(cacheControl.split(separator: ",").map { $0.split(separator: "=").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" })
        if directives.contains("private") || directives.contains("no-store") { return true }
        return credentialed && directives.isDisjoint(with: ["public", "s-maxage", "must-revalidate"])
    }

    // MARK: reading the store

    /// The stored resource `type`/`id`, with the relationships of `includes` resolved from the store,
    /// without a request; nil when the store does not hold it.
    public func peek<R: JSONAPIResource & HasIncludes>(_ type: R.Type, id: R.ID, including includes: R.Include...) -> R? {
        storedValues(R.self, [Self.identity(R.self, id)], many: false, includes: Self.paths(includes))?.first
    }

    /// The stored resource `type`/`id`, without includes; nil when the store does not hold it.
    public func peek<R: JSONAPIResource>(_ type: R.Type, id: R.ID) -> R? {
        storedValues(R.self, [Self.identity(R.self, id)], many: false, includes: [])?.first
    }

    /// The members of a list the store read (``fetch(_:including:query:)-(ResourcePath<R,Op.List>,_,_)``)
    /// with the same includes, as stored now; nil when it never read that list.
    public func peek<R: JSONAPIResource & HasIncludes>(_ path: ResourcePath<R, Op.List>, including includes: R.Include...) -> [R]? {
        peekList(path, includes: Self.paths(includes))
    }

    private func peekList<R: JSONAPIResource>(_ path: ResourcePath<R, Op.List>, includes: [IncludePath]) -> [R]? {
        guard let primary = graph.list(ListKey(path: Self.listPath(path.path, path.query), includes: includes)) else { return nil }
        return storedValues(R.self, primary, includes: includes)
    }

    // MARK: watching

    /// The resource `type`/`id` with the relationships of `includes`, now and after every change.
    ///
    /// The sequence yields the stored value at once when the store holds it, and again whenever a merge
    /// changes the resource or anything its includes reach (an author, the comments), and only when the
    /// value it gives really changed. It never requests anything itself: reads through the store (any
    /// of them, anywhere in the app) refresh it. It ends when the task iterating it is cancelled.
    public func watch<R: JSONAPIResource & HasIncludes>(_ type: R.Type, id: R.ID, including includes: R.Include...) -> ResourceWatch<R> {
        watchOne(R.self, id: id, includes: Self.paths(includes))
    }

    /// The resource `type`/`id` without includes, now and after every change; see
    /// ``watch(_:id:including:)``.
    public func watch<R: JSONAPIResource>(_ type: R.Type, id: R.ID) -> ResourceWatch<R> {
        watchOne(R.self, id: id, includes: [])
    }

    /// The members of a list the store reads (with the same includes), now and after every change to
    /// the list or to any member's graph. The list's members are those of its last read.
    public func watch<R: JSONAPIResource & HasIncludes>(_ path: ResourcePath<R, Op.List>, including includes: R.Include...) -> ResourceWatch<[R]> {
        let includes = Self.paths(includes)
        let key = ListKey(path: Self.listPath(path.path, path.query), includes: includes)
        return makeWatch(revalidate: { store in store.refreshIfStale(list: key, path: path.path, query: path.query, includes: includes) }) { store in
            store.watchedList(R.self, key, includes: includes)
        }
    }

    /// What a watch of the list `key` sees: its members decoded with `includes` (only when it has one
    /// member, unless `many`), and the identities whose change re-evaluates it, the list's and every
    /// member's graph; no value while the store has not read the list.
    func watchedList<R: JSONAPIResource>(_ type: R.Type, _ key: ListKey, includes: [IncludePath], many: Bool = true) -> ([R]?, Set<ResourceIdentity>) {
        let list = WatcherIndex.listIdentity(key)
        guard let primary = graph.list(key), many || primary.count == 1 else { return (nil, [list]) }
        let value: [R]? = storedValues(R.self, primary, many: many, includes: includes)
        return (value, Set(graph.closure(of: primary, along: includes)).union([list]))
    }

    private func watchOne<R: JSONAPIResource>(_ type: R.Type, id: R.ID, includes: [IncludePath]) -> ResourceWatch<R> {
        let identity = Self.identity(R.self, id)
        return makeWatch(revalidate: { store in store.refreshIfStale(identity, includes: includes) }) { store in
            let value: R? = store.storedValues(R.self, [identity], many: false, includes: includes)?.first
            return (value, Set(store.graph.closure(of: [identity], along: includes)).union([identity]))
        }
    }

    /// A watch whose value and graph `evaluate` computes from the store, now and after each change to
    /// its graph.
    func makeWatch<Value: Equatable & Sendable>(
        revalidate: (@Sendable (isolated ResourceStore) -> Void)? = nil,
        _ evaluate: @escaping @Sendable (isolated ResourceStore) -> (Value?, Set<ResourceIdentity>)
    ) -> ResourceWatch<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .unbounded)
        let record = YieldRecord<Value>()
        let watcher = Watcher(evaluate: { store in
            let (value, graph) = evaluate(store)
            return (value.map { $0 as any Sendable }, graph)
        }, yield: { value in
            guard let value = value as? Value else { return }
            record.note(value)
            continuation.yield(value)
        }, isEqual: { lhs, rhs in (lhs as? Value) == (rhs as? Value) }, revalidate: revalidate)
        let id = watchers.add(watcher)
        refresh(id)
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeWatcher(id) }
        }
        return ResourceWatch(stream: stream, record: record)
    }

    private func removeWatcher(_ id: Int) { watchers.remove(id) }

    /// How many watchers are registered (for tests and diagnostics).
    public var watcherCount: Int { watchers.count }

    /// Re-evaluates the watchers of `changed` identities, each once.
    func notify(_ changed: Set<ResourceIdentity>) {
        for id in watchers.watchers(of: changed) { refresh(id) }
    }

    /// Re-evaluates one watcher: yields when its value differs from the last it yielded, and moves it
    /// to the identities of its new graph.
    private func refresh(_ id: Int) {
        guard let watcher = watchers[id] else { return }
        let (value, graph) = watcher.evaluate(self)
        watchers.setGraph(graph, of: id)
        watcher.revalidate?(self)
        guard let value else { return }
        if let last = watchers.lastValue(of: id), watcher.isEqual(last, value) { return }
        watchers.setLastValue(value, of: id)
        watcher.yield(value)
    }

    // MARK: eviction

    /// Forgets one resource; its watchers keep their last value until it is read again.
    public func evict<R: JSONAPIResource>(_ type: R.Type, id: R.ID) {
        let identity = Self.identity(R.self, id)
        evict { $0 == identity }
    }

    /// Forgets every resource of a type.
    public func evict<R: JSONAPIResource>(_ type: R.Type) {
        evict { $0.type == R.resourceType }
    }

    /// Forgets everything (sign-out): every resource and every list, in memory and in the file.
    public func evictAll() {
        let lists = Set(graph.lists.keys)
        evict { _ in true }
        graph.removeLists()
        persist([], lists: lists)
    }

    func evict(where shouldRemove: (ResourceIdentity) -> Bool) {
        let before = graph.lists
        let removed = graph.remove(where: shouldRemove)
        freshness.forget(removed)
        persist(removed, lists: Set(before.keys.filter { graph.lists[$0] != before[$0] }))
    }

    /// How many resources the store holds.
    public var count: Int { graph.count }

    // MARK: decoding

    /// A typed value decoded from the stored resources, as the codec decodes a response.
    func decodeOne<R: JSONAPIResource>(_ type: R.Type, _ identity: ResourceIdentity, includes: [IncludePath]) throws -> R? {
        try decodeAll(R.self, [identity], many: false, includes: includes)?.first
    }

    /// The typed values of `primary` (a collection when `many`); nil when one is not stored.
    ///
    /// With `asRead` (the response just merged), decoded from the response's own parse when the value's
    /// graph is exactly the response's resource objects, each stored as sent, and no write is pending:
    /// the document the store would assemble then holds the same objects (only `included`'s order and the
    /// response's other members differ, which decoding does not read into a value).
    func decodeAll<R: JSONAPIResource>(_ type: R.Type, _ primary: [ResourceIdentity], many: Bool = true, includes: [IncludePath], asRead: AsRead? = nil) throws -> [R]? {
        if let asRead, asRead.isWholeGraph(of: primary, along: includes, in: graph),
           let values = StoreDecoding.decode(R.self, tape: asRead.tape, many: many, decoder: codec.jsonAPIDecoder(from: client.decoder), includes: includes) {
            // The closure is the response's objects. When nothing was used since they arrived, they are
            // the latest used already: using them again orders nothing the memory budget sorts otherwise
            // (only the list's identity shares their tick, and lists are not evicted by it).
            if freshness.latestUse != asRead.arrival { freshness.use(asRead.objects.identities) }
            return values
        }
        let closure = graph.closure(of: primary, along: includes)
        freshness.use(closure)
        guard let data = graph.document(primary: primary, many: many, closure: closure) else { return nil }
        let decoder = codec.jsonAPIDecoder(from: client.decoder)
        return try StoreDecoding.decode(R.self, from: data, many: many, decoder: decoder, includes: includes)
    }

    /// The typed values of `primary` as the store holds them, for `peek` and `watch`: a stored record that
    /// no longer decodes with these models (they changed since it was stored: a new required attribute, a
    /// removed type) is dropped, in memory and in the file, with a warning, and the rest decoded again.
    /// Never throws: what cannot be shown is nil.
    func storedValues<R: JSONAPIResource>(_ type: R.Type, _ primary: [ResourceIdentity], many: Bool = true, includes: [IncludePath]) -> [R]? {
        for _ in 0..<16 {
            do {
                return try decodeAll(R.self, primary, many: many, includes: includes)
            } catch {
                guard let culprit = undecodableRecord(error, primary: primary, includes: includes) else {
                    logger.warning("the store cannot decode \(R.self) from what it holds: \(error)")
                    return nil
                }
                logger.warning("dropping the stored \(culprit): it no longer decodes as \(R.self)'s graph (\(error))")
                evict { $0 == culprit }
            }
        }
        return nil
    }

    /// The stored record a decoding error of `primary`'s document points at (`data[i]` or
    /// `included[j]`), when it points at one.
    private func undecodableRecord(_ error: any Error, primary: [ResourceIdentity], includes: [IncludePath]) -> ResourceIdentity? {
        let path: [any CodingKey]
        switch error as? DecodingError {
        case .dataCorrupted(let context)?, .keyNotFound(_, let context)?, .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            path = context.codingPath
        default:
            return nil
        }
        guard let first = path.first else { return nil }
        let index = path.dropFirst().first?.intValue
        switch first.stringValue {
        case "data":
            return index.map { $0 < primary.count ? primary[$0] : nil } ?? primary.first
        case "included":
            let primarySet = Set(primary)
            let included = graph.closure(of: primary, along: includes).filter { !primarySet.contains($0) && graph.record($0) != nil }
            return index.flatMap { $0 < included.count ? included[$0] : nil }
        default:
            return nil
        }
    }

    static func identity<R: JSONAPIResource>(_ type: R.Type, _ id: R.ID) -> ResourceIdentity {
        ResourceIdentity(type: R.resourceType, id: id.wireString)
    }

    /// A list query's key path: the collection's path, with its query (other than `include`) when it
    /// has one, so that a filtered or paged read is a list of its own.
    static func listPath(_ path: String, _ query: [QueryItem]) -> String {
        guard !query.isEmpty else { return path }
        return path + "?" + query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
    }

    static func paths<Include: IncludeSet>(_ includes: [Include]) -> [IncludePath] {
        Client.paths(includes)
    }
}
