import Foundation
import HTTPTypes
@_spi(Generated) import ResgenRuntimeCore
import ResgenJSONAPI

/// Writes through the store: applied at once, so every watcher sees them (optimistic), queued, then
/// sent in order (see ``ResourceStore/sync()``).
///
/// A local change is kept on top of what the server sent (see ``StoredGraph``), never written into it:
/// rolling it back removes exactly that change, and a read that merged the same resource while the
/// write was in flight is kept. When the server answers with the resource, that answer is merged like
/// any read; when it answers `204` (or only `meta`), the change is what the server now has.
///
/// How each answer settles a write the caller is awaiting:
/// - `2xx`: settled; the call returns the resource as the store now holds it.
/// - no answer (a transport error or a timeout, no HTTP status): the change stays applied and the write
///   stays queued (persisted with a store file) until ``ResourceStore/sync()`` or a later request
///   succeeds; the call returns the local value.
/// - any other status: rolled back, and the `ClientError` thrown; a `412` also merges the server's
///   current representation when the error carries one.
extension ResourceStore {
    /// Creates a resource through the store: it shows at once under `lid` (in `peek(_:lid:)`,
    /// `watch(_:lid:)`, and at the end of every list read from `path`), then the `POST` is sent. When the
    /// server assigns an id, the store replaces the stand-in everywhere (lists, linkage, queued writes)
    /// and watchers by `lid` go on with the server's resource.
    ///
    /// ```swift
    /// let lid = LocalID()
    /// try await store.create(Article.create(), Article.New(title: "Hi"), lid: lid)
    /// ```
    ///
    /// - Returns: The resource as the store holds it: the server's once it answered; the local one (with
    ///   its stand-in id) while the create is queued for lack of a connection; nil when the resource's id
    ///   type cannot hold a stand-in and the server has not answered yet.
    @discardableResult
    public func create<R: JSONAPIResource>(_ path: ResourcePath<R, Op.Create>, _ value: some Encodable & Sendable, lid: LocalID = LocalID(), headers: [HeaderField] = []) async throws -> R? {
        var object = try resourceObject(value, for: R.self)
        let identity: ResourceIdentity
        if let id = Self.idText(of: object) {
            identity = ResourceIdentity(type: R.resourceType, id: id)  // a client-chosen id is the id
        } else {
            identity = ResourceIdentity(type: R.resourceType, id: lid.standInID(as: R.ID.self) ?? lid.rawValue)
            object = object.settingMember("id", to: .string(identity.id))
        }
        localIdentities[lid.rawValue] = identity
        let body = try documentBody(value, for: R.self)
        try await submit(method: .post, path: path.path, body: body, headers: headers, identity: identity, change: .create(object, listPath: path.path), lid: lid.rawValue)
        return try localIdentities[lid.rawValue].flatMap { try decodeOne(R.self, $0, includes: []) }
    }

    /// Replaces a resource through the store (`PUT`): the new value shows at once, then the request is
    /// sent; see ``patch(_:_:headers:)-(_,ResourceChanges<R>,_)`` for how each answer settles it.
    @discardableResult
    public func replace<R: JSONAPIResource>(_ path: ResourcePath<R, Op.Replace>, _ value: some Encodable & Sendable, headers: [HeaderField] = []) async throws -> R? {
        let object = try resourceObject(value, for: R.self)
        guard let id = Self.idText(of: object) else {
            throw StoreError.invalidWrite("a replace sends the whole resource, id included; this value encodes no id")
        }
        let identity = ResourceIdentity(type: R.resourceType, id: id)
        try await submit(method: .put, path: path.path, body: try documentBody(value, for: R.self), headers: headers, identity: identity, change: .replace(object), lid: nil)
        return try decodeOne(R.self, identity, includes: [])
    }

    /// Patches a resource through the store: the changes show at once in `peek` and every watcher, then
    /// the `PATCH` is sent; a refusal (any non-2xx status) rolls them back and is thrown; a lost
    /// connection leaves them applied and queued.
    ///
    /// ```swift
    /// var edited = article
    /// edited.title = "Hello"
    /// try await store.patch(Article.patch(article.id), edited.changes(since: article))
    /// ```
    ///
    /// - Returns: The resource as the store now holds it (nil when it held none before and the server
    ///   answered without it).
    @discardableResult
    public func patch<R: JSONAPIResource>(_ path: ResourcePath<R, Op.Patch>, _ changes: ResourceChanges<R>, headers: [HeaderField] = []) async throws -> R? {
        guard let id = changes.id else {
            throw StoreError.invalidWrite("a patch names the resource it changes; these changes carry no id")
        }
        let identity = Self.identity(R.self, id)
        // Encoded as the client encodes the request body, so a date is in the API's format.
        let fields = try resourceObject(changes, for: R.self)
        try await submit(method: .patch, path: path.path, body: try documentBody(changes, for: R.self), headers: headers, identity: identity, change: .patch(fields), lid: nil)
        return try decodeOne(R.self, identity, includes: [])
    }

    /// Deletes a resource through the store: it leaves `peek`, every list and every watcher's graph at
    /// once, then the `DELETE` is sent; a refusal puts it back where it was and is thrown; a lost
    /// connection leaves it deleted locally and queued.
    public func delete<R: JSONAPIResource>(_ path: ResourcePath<R, Op.Delete>, id: R.ID, headers: [HeaderField] = []) async throws {
        try await submit(method: .delete, path: path.path, body: nil, headers: headers, identity: Self.identity(R.self, id), change: .delete, lid: nil)
    }

    // MARK: the local identity of a create

    /// The resource created with `lid`, as stored now (the local one until the server answers, the
    /// server's after); nil when the store holds none.
    public func peek<R: JSONAPIResource>(_ type: R.Type, lid: LocalID) -> R? {
        guard let identity = localIdentity(lid.rawValue) else { return nil }
        return storedValues(R.self, [identity], many: false, includes: [])?.first
    }

    /// The resource created (or about to be created) with `lid`, now and after every change: it yields
    /// the local resource once the create is made, and goes on with the server's resource when the server
    /// assigns its id.
    public func watch<R: JSONAPIResource>(_ type: R.Type, lid: LocalID) -> ResourceWatch<R> {
        let key = ResourceIdentity(type: R.resourceType, id: "\u{0}lid:" + lid.rawValue)
        return makeWatch { store in
            guard let identity = store.localIdentity(lid.rawValue) else { return (nil, [key]) }
            let value: R? = store.storedValues(R.self, [identity], many: false, includes: [])?.first
            return (value, [identity, key])
        }
    }

    /// The identity of the resource created with `lid`: the stand-in while the create is pending, the
    /// server's once it answered (kept in the store file, so a restarted process finds it too).
    func localIdentity(_ lid: String) -> ResourceIdentity? {
        localIdentities[lid] ?? graph.list(LocalID.settledKey(lid))?.first
    }

    // MARK: building a write

    /// `value` encoded as the client encodes a request body, read back as JSON: the resource object
    /// (`data`'s value).
    private func resourceObject<R: Resource>(_ value: some Encodable & Sendable, for type: R.Type) throws -> JSONValue {
        try JSONValue(parsing: codec.jsonAPIEncoder(from: client.encoder).encode(value))
    }

    /// The request document for `value` (`{"data": …}`), as the client sends it.
    private func documentBody<R: Resource>(_ value: some Encodable & Sendable, for type: R.Type) throws -> JSONValue {
        try JSONValue(parsing: codec.encodeBody(value, for: R.self, encoder: client.encoder))
    }

    /// The `id` of an encoded resource object, as text; nil when it has none.
    static func idText(of object: JSONValue) -> String? {
        switch object["id"] {
        case .string(let id)?: id
        case .number(let number)?: StoredGraph.identity(of: .object(["type": .string(""), "id": .number(number)]))?.id
        default: nil
        }
    }

    /// Queues a write (persisting it with a store file), applies its change, and sends it in its turn.
    /// Returns when the write is settled or left queued for lack of a connection; throws the server's
    /// refusal (after rolling the change back).
    func submit(method: HTTPMethod, path: String, isURL: Bool = false, body: JSONValue?, headers: [HeaderField], identity: ResourceIdentity, change: StoredGraph.PendingChange, lid: String?) async throws {
        nextWriteID += 1
        let write = QueuedWrite(
            id: nextWriteID, method: method.rawValue, path: path, isURL: isURL ? true : nil, body: body, headers: headers.map { [$0.name, $0.value] },
            identity: identity, change: change, lid: lid)
        queue.append(write)
        awaited.insert(write.id)
        persist([], writes: [write.id: write])
        var shown = graph.apply(change, to: identity, id: write.id)
        if let lid { shown.insert(ResourceIdentity(type: identity.type, id: "\u{0}lid:" + lid)) }
        notify(shown)
        await sync()
        awaited.remove(write.id)
        if let refusal = refusals.removeValue(forKey: write.id) { throw refusal }
    }
}

extension JSONValue {
    /// This object with member `key` set to `value` (self when it is not an object).
    func settingMember(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members[key] = value
        return .object(members)
    }
}
