import Foundation
import HTTPTypes
@_spi(Generated) import ResgenRuntimeCore
import ResgenJSONAPI

/// Writes through the store: applied at once, so every watcher sees them (optimistic), then sent; on
/// failure removed again, so every watcher sees what it saw before, and the error thrown.
///
/// A local change is kept on top of what the server sent (see ``StoredGraph``), never written into it:
/// rolling it back removes exactly that change, and a read that merged the same resource while the
/// write was in flight is kept. When the server answers with the resource, that answer is merged like
/// any read; when it answers `204` (or only `meta`), the change is what the server now has.
extension ResourceStore {
    /// Patches a resource through the store: the changes show at once in `peek` and every watcher, then
    /// the `PATCH` is sent; a failure (a transport error, a `4xx`, a `412` whose error carries the server's
    /// current representation in its body) rolls them back and is thrown.
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
        let identity = changes.id.map { Self.identity(R.self, $0) }
        var pendingID: Int?
        if let identity {
            // Encoded as the client encodes the request body, so a date is in the API's format.
            let fields = try JSONDecoder().decode(JSONValue.self, from: codec.jsonAPIEncoder(from: client.encoder).encode(changes))
            let (id, changed) = graph.apply(.patch(fields), to: identity)
            pendingID = id
            notify(changed)
        }
        let outcome: WriteOutcome<R>
        do {
            outcome = try await client.write(path, changes, headers: headers)
        } catch {
            if let pendingID { notify(graph.rollBack(pendingID)) }
            throw error
        }
        var changed: Set<ResourceIdentity> = []
        switch outcome {
        case .resource(_, let reply):
            if let pendingID { changed.formUnion(graph.rollBack(pendingID)) }
            if let document = try? JSONDecoder().decode(JSONValue.self, from: reply.body) { changed.formUnion(graph.merge(document: document).changed) }
        case .applied, .accepted:
            if let pendingID { changed.formUnion(graph.confirm(pendingID)) }
        }
        persist(changed)
        notify(changed)
        return try identity.flatMap { try decodeOne(R.self, $0, includes: []) }
    }

    /// Deletes a resource through the store: it leaves `peek`, every list and every watcher's graph at
    /// once, then the `DELETE` is sent; a failure puts it back where it was and is thrown.
    public func delete<R: JSONAPIResource>(_ path: ResourcePath<R, Op.Delete>, id: R.ID, headers: [HeaderField] = []) async throws {
        let (pendingID, shown) = graph.apply(.delete, to: Self.identity(R.self, id))
        notify(shown)
        do {
            _ = try await client.write(path, headers: headers)
        } catch {
            notify(graph.rollBack(pendingID))
            throw error
        }
        let lists = graph.lists
        let changed = graph.confirm(pendingID)
        persist(changed, lists: Set(lists.keys.filter { graph.lists[$0] != lists[$0] }))
        notify(changed)
    }
}
