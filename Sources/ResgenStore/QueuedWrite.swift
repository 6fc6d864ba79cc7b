import Foundation
import ResgenRuntimeCore

/// A write made through the store and not yet settled with the server: what to send (method, path,
/// document, header fields) and what it changed locally, so that it can be sent again after a lost
/// connection or a restart, and rolled back exactly.
///
/// Every write is queued *before* it is sent (and, with a store file, persisted in the same step), and
/// leaves the queue only in the transaction that stores the server's answer: a process killed between
/// the send and the reply finds the write still queued and sends it again (see the Store article on
/// what that means for creates).
struct QueuedWrite: Codable, Hashable, Sendable {
    /// The write's number: its place in the queue, and its pending change's id in ``StoredGraph``.
    var id: Int
    /// `POST`, `PUT`, `PATCH` or `DELETE`.
    var method: String
    /// The request path below the client's base URL, or for a relationship write the endpoint's whole
    /// URL, as the server's document gave it (see ``isURL``).
    var path: String
    /// Whether ``path`` is a whole URL (a relationship endpoint at the link the server wrote) rather
    /// than a path below the client's base URL. Absent in files written before relationship writes.
    var isURL: Bool?
    /// The request document, or nil for none (a delete).
    var body: JSONValue?
    /// Header fields the caller gave for this write, as name–value pairs.
    var headers: [[String]]
    /// The resource written.
    var identity: ResourceIdentity
    /// What the write changed locally.
    var change: StoredGraph.PendingChange
    /// For a create: its local id (JSON:API `lid`), whose stand-in id is `identity.id` until the server
    /// assigns one.
    var lid: String?
    /// Why the server refused it when it was replayed: the write then waits for the app to decide
    /// (``ResourceStore/retry(_:)``, ``ResourceStore/drop(_:)``, ``ResourceStore/takeServerVersion(_:)``).
    var refusal: String?
    /// The refusal's status code, when there was one.
    var refusalStatus: Int?

    /// The write with `old` written as `new` in its resource, path and document (a created resource's
    /// stand-in replaced by the server's id).
    func replacingIdentity(_ old: ResourceIdentity, with new: ResourceIdentity) -> QueuedWrite {
        var write = self
        if identity == old { write.identity = new }
        write.path = old.type == new.type ? replacingSegment(old.id, with: new.id, in: path) : path
        write.body = body?.replacingIdentity(old, with: new)
        write.change = change.replacingIdentity(old, with: new)
        return write
    }

    /// The header fields the caller gave, as the client sends them.
    var headerFields: [HeaderField] {
        headers.compactMap { $0.count == 2 ? HeaderField(name: $0[0], value: $0[1]) : nil }
    }

    /// Whether the write names `identity`: writes it, or links to it.
    func names(_ identity: ResourceIdentity) -> Bool {
        self.identity == identity || body?.mentions(identity) == true
    }
}

/// A write the store is holding: sent and waiting for its answer, queued behind a lost connection, or
/// refused on replay and waiting for the app's decision.
public struct PendingWrite: Hashable, Sendable, Identifiable {
    /// The write's number in the store's queue.
    public let id: Int
    /// `POST`, `PUT`, `PATCH` or `DELETE`.
    public let method: String
    /// The request path below the client's base URL; for a relationship write, the whole URL of the
    /// relationship's endpoint.
    public let path: String
    /// The resource written (its stand-in id for a create the server has not answered).
    public let resource: ResourceIdentity
    /// For a create, its local id.
    public let lid: LocalID?
    /// Why the server refused it on replay (the error's description); nil while it is only waiting.
    public let refusal: String?
    /// The refusal's status (`409`, `412`, any `4xx`), when it had one.
    public let refusalStatus: Int?

    init(_ write: QueuedWrite) {
        id = write.id
        method = write.method
        path = write.path
        resource = write.identity
        lid = write.lid.map(LocalID.init(rawValue:))
        refusal = write.refusal
        refusalStatus = write.refusalStatus
    }
}
