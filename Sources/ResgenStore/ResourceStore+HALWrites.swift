import Foundation
import HTTPTypes
@_spi(Generated) import ResgenHAL
@_spi(Generated) import ResgenRuntimeCore

/// Writes through a store over a HAL client: plain JSON bodies (`PATCH`, `POST`, `DELETE`) as the
/// client sends them, applied at once and queued as JSON:API writes are (see ``ResourceStore/sync()``).
///
/// A write's local change is the properties its body sends, merged over the stored record's by the
/// absent-is-not-null rule (relationship properties aside: those show when the server answers). The
/// server's answer — the resource as it now has it, and everything embedded in it — replaces the local
/// change and is merged as a read's document is; a `204` confirms the change as sent.
extension ResourceStore {
    /// Patches a HAL resource through the store: the changes show at once in `peek` and every watcher,
    /// then the `PATCH` is sent; a refusal (any non-2xx status) rolls them back exactly and is thrown;
    /// a lost connection leaves them applied and queued.
    ///
    /// - Returns: The resource as the store now holds it (nil when it held none before and the server
    ///   answered without it).
    @discardableResult
    public func patch<R: HALResource>(_ path: ResourcePath<R, Op.Patch>, _ changes: HALChanges<R>, headers: [HeaderField] = []) async throws -> R? {
        let codec = try halCodec()
        let identity = try halWriteIdentity(path.path)
        let body = try JSONValue(parsing: codec.encodeBody(changes, for: R.self, encoder: client.encoder))
        let fields = HALRecords.fields(of: body, relations: R.halRelations)
        try await submit(method: .patch, path: path.path, body: body, headers: headers, identity: identity, change: .patch(fields), lid: nil)
        return try? decodeHAL(R.self, [identity], many: false, includes: [], codec: codec)?.first
    }

    /// Creates a HAL resource through the store: it shows at once under `lid` (at the end of every list
    /// read from `path`), then the `POST` is sent; the server's answer (its `self` link) takes the
    /// stand-in's place everywhere.
    ///
    /// - Returns: The resource as the store holds it: the server's once it answered; the local one while
    ///   the create is queued (nil when the model cannot be decoded from what was sent).
    @discardableResult
    public func create<R: HALResource>(_ path: ResourcePath<R, Op.Create>, _ value: some Encodable & Sendable, lid: LocalID = LocalID(), headers: [HeaderField] = []) async throws -> R? {
        let codec = try halCodec()
        let body = try JSONValue(parsing: codec.encodeBody(value, for: R.self, encoder: client.encoder))
        let identity = ResourceIdentity(type: HALRecords.type, id: "\u{0}lid:" + lid.rawValue)
        var fields = HALRecords.fields(of: body, relations: R.halRelations)
        if case .object(var attributes)? = fields["attributes"], attributes["id"] == nil,
            let idType = R.ID.self as? any WireIdentifier.Type, let id = lid.standInID(as: idType)
        {
            // The stand-in id, so the local resource decodes (as a number when the model's id is one).
            let value: JSONValue = Double(id).map { JSONValue.number($0) } ?? JSONValue.string(id)
            attributes["id"] = value
            fields = fields.settingMember("attributes", to: JSONValue.object(attributes))
        }
        let object = fields.settingMember("type", to: .string(identity.type)).settingMember("id", to: .string(identity.id))
        localIdentities[lid.rawValue] = identity
        try await submit(method: .post, path: path.path, body: body, headers: headers, identity: identity, change: .create(object, listPath: path.path), lid: lid.rawValue)
        return localIdentities[lid.rawValue].flatMap { try? decodeHAL(R.self, [$0], many: false, includes: [], codec: codec)?.first }
    }

    /// The resource created with `lid` through a HAL store, as stored now (the local one until the
    /// server answers, the server's after); nil when the store holds none.
    public func peekCreated<R: HALResource>(_ type: R.Type, lid: LocalID) -> R? {
        guard let codec = halCodecIfAny, let identity = localIdentity(lid.rawValue) else { return nil }
        return try? decodeHAL(R.self, [identity], many: false, includes: [], codec: codec)?.first
    }

    /// Deletes a HAL resource through the store: it leaves `peek`, every list and every watcher's graph
    /// at once, then the `DELETE` is sent; a refusal puts it back where it was and is thrown; a lost
    /// connection leaves it deleted locally and queued.
    public func delete<R: HALResource>(_ path: ResourcePath<R, Op.Delete>, headers: [HeaderField] = []) async throws {
        _ = try halCodec()
        try await submit(method: .delete, path: path.path, body: nil, headers: headers, identity: try halWriteIdentity(path.path), change: .delete, lid: nil)
    }

    /// The record a write to `path` changes: the one a read of the path found, else the one its URL names.
    private func halWriteIdentity(_ path: String) throws -> ResourceIdentity {
        if let identity = halIdentity(address: path) { return identity }
        return HALRecords.identity(try client.url(for: path))
    }

    /// For a store over a HAL client: the records of the server's answer to `write` (`document`) and the
    /// identity it names (its `self` link); nil for a JSON:API store.
    func halAnswer(to write: QueuedWrite, _ document: JSONValue?) -> (identity: ResourceIdentity?, objects: StoredRecord.Objects)? {
        guard halCodecIfAny != nil else { return nil }
        guard let document, case .object = document else { return (nil, StoredRecord.Objects(primary: [], included: [])) }
        let base = (try? url(of: write)) ?? client.baseURL
        var records: [StoredRecord.Objects.Entry] = []
        // A create's answer without a `self` link is still the created resource.
        let identity = HALRecords.normalize(document, base: base, fallback: write.identity, into: &records)
        return (identity, StoredRecord.Objects(primary: [], included: records))
    }
}

extension HALRecords {
    /// The record fields a write's body sets: its properties as `attributes`, but `_links`,
    /// `_embedded` and the relationships' properties (the server answers with those as links).
    static func fields(of body: JSONValue, relations: [HALRelation]) -> JSONValue {
        guard case .object(var members) = body else { return .object([:]) }
        members["_links"] = nil
        members["_embedded"] = nil
        for relation in relations {
            members[relation.key] = nil
            members[relation.rel] = nil
        }
        return .object(["attributes": .object(members)])
    }
}
