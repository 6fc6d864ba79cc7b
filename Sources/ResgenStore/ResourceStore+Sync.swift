import Foundation
import HTTPTypes
@_spi(Generated) import ResgenRuntimeCore
import ResgenJSONAPI

/// The write queue: every write through the store waits in it until the server has answered, and is
/// sent in the order it was made.
///
/// Replaying stops at the first write that gets no answer (a transport error, a timeout, or a `5xx`:
/// the server or the way to it is not there) and goes on at the next ``ResourceStore/sync()``, the next
/// write, or after the next read that succeeds. A write the server refuses (`409`, `412`, any other
/// status outside `2xx`) while no caller is awaiting it (it was queued offline, or read back after a
/// restart) stops its resource's part of the queue: later writes of that resource, and writes linking
/// to it, wait until the app decides with ``ResourceStore/retry(_:)``, ``ResourceStore/drop(_:)`` or
/// ``ResourceStore/takeServerVersion(_:)``. Writes of other resources go on.
extension ResourceStore {
    /// Sends the queued writes, in order, until one gets no answer; returns when the queue is replayed
    /// as far as it goes now. Calls are serialised: a second `sync()` waits for the first.
    public func sync() async {
        let previous = replaying
        let task = Task { [previous] in
            await previous?.value
            await self.replay()
        }
        replaying = task
        await task.value
    }

    /// The writes the store holds, in the order they will be sent: waiting for an answer, queued for
    /// lack of a connection, or refused and waiting for the app (``PendingWrite/refusal``).
    public var pendingWrites: [PendingWrite] { queue.map(PendingWrite.init) }

    /// Sends a refused write again (after the app fixed what the server refused, say), then whatever
    /// waited behind it.
    public func retry(_ id: PendingWrite.ID) async {
        guard let index = queue.firstIndex(where: { $0.id == id }) else { return }
        queue[index].refusal = nil
        queue[index].refusalStatus = nil
        persist([], writes: [id: queue[index]])
        await sync()
    }

    /// Gives up a queued write: its local change is rolled back (every watcher sees what the store
    /// held without it) and it is never sent.
    public func drop(_ id: PendingWrite.ID) {
        guard let index = queue.firstIndex(where: { $0.id == id }) else { return }
        let write = queue.remove(at: index)
        var changed = graph.rollBack(id)
        if let lid = write.lid {
            localIdentities[lid] = nil
            changed.insert(ResourceIdentity(type: write.identity.type, id: "\u{0}lid:" + lid))
        }
        persist([], writes: [id: nil])
        notify(changed)
    }

    /// Gives up a queued write and takes the resource as the server has it: the write is dropped and the
    /// resource read again (nothing to read for a create, which the server never made).
    public func takeServerVersion(_ id: PendingWrite.ID) async throws {
        guard let write = queue.first(where: { $0.id == id }) else { return }
        drop(id)
        if case .relationship(let key, _) = write.change {
            // The relationship as the server has it, read at its endpoint.
            try await readLinkage(of: write.identity, key: key, at: try url(of: write))
            return
        }
        guard write.method != HTTPMethod.post.rawValue else { return }
        if halCodecIfAny != nil {
            try await rereadHAL(path: write.path, identity: write.identity)
            return
        }
        try await load(.path(write.path), includes: [], query: [], listKey: nil)
    }

    /// One pass over the queue, in order (see the extension's documentation).
    func replay() async {
        var blocked: [ResourceIdentity] = []
        var last = 0
        while let write = queue.first(where: { $0.id > last }) {
            last = write.id
            if write.refusal != nil || blocked.contains(where: write.names) {
                blocked.append(write.identity)
                continue
            }
            if let bundle = atomicBundle(from: write) {
                // A create and the writes that name it, in one atomic request.
                last = bundle.last!.id
                switch await replayAtomically(bundle) {
                case .settled: continue
                case .noAnswer: return
                case .refused: blocked += bundle.map(\.identity)
                }
                continue
            }
            let raw: RawResponse
            do {
                await replayHook?(.beforeSend, write.id)
                raw = try await send(write)
                await replayHook?(.afterReply, write.id)
            } catch let error as ClientError {
                if Self.isNoAnswer(error) { return }  // later
                if error.status?.code == 404 && write.method == HTTPMethod.delete.rawValue {
                    await replayHook?(.afterReply, write.id)
                    settle(write, reply: nil)  // already gone: what the delete wanted
                    await replayHook?(.afterSettle, write.id)
                    continue
                }
                refuse(write, error)
                if queue.contains(where: { $0.id == write.id }) { blocked.append(write.identity) }
                continue
            } catch {
                return  // cancelled: the write stays queued
            }
            settle(write, reply: raw)
            await replayHook?(.afterSettle, write.id)
        }
    }

    /// Where a replay can be stopped by a test harness (a process killed at each step).
    @_spi(Testing) public enum ReplayStep: String, Sendable, CaseIterable {
        /// The write is about to be sent.
        case beforeSend
        /// The server answered; the answer is not stored yet.
        case afterReply
        /// The answer is stored and the write left the queue.
        case afterSettle
    }

    /// Calls `hook` at each step of each write's replay (tests that kill the process there).
    @_spi(Testing) public func setReplayHook(_ hook: (@Sendable (ReplayStep, Int) async -> Void)?) {
        replayHook = hook
    }

    /// Whether a failed request got no answer from the server: a transport error or a timeout (no
    /// status), a `5xx`, `408` or `429`. Such a write stays queued for a later replay; any other status
    /// is the server refusing it.
    static func isNoAnswer(_ error: ClientError) -> Bool {
        guard let status = error.status?.code else { return true }
        return status >= 500 || status == 408 || status == 429
    }

    /// Where a queued write goes: the whole URL a relationship write was given, else its path below the
    /// client's base URL.
    func url(of write: QueuedWrite) throws -> URL {
        write.isURL == true ? try Self.endpointURL(write.path) : try client.url(for: write.path)
    }

    /// Sends one queued write as it was made.
    private func send(_ write: QueuedWrite) async throws -> RawResponse {
        let url = try url(of: write)
        var body = RequestBody.none
        if let document = write.body {
            body = .raw(try JSONEncoder().encode(document), contentType: client.configuration.codec.contentTypeHeader)
        }
        return try await client.request(HTTPMethod(rawValue: write.method), runtimeURL: url, headers: write.headerFields, body: body)
    }

    /// Stores the server's answer to `write` and removes it from the queue, in one transaction.
    func settle(_ write: QueuedWrite, reply: RawResponse?) {
        let document = reply.flatMap { $0.response.status.code == 204 || $0.body.isEmpty ? nil : try? JSONValue(parsing: $0.body) }
        settle(write, document: document, cacheControl: reply.map { Self.cacheControl(of: $0) } ?? "")
    }

    /// Stores `document` (the server's answer to `write`, nil for none) and removes `write` from the
    /// queue, in one transaction.
    func settle(_ write: QueuedWrite, document: JSONValue?, cacheControl: String) {
        let listsBefore = graph.lists
        var changed: Set<ResourceIdentity> = []
        var rewritten: [Int: QueuedWrite?] = [write.id: nil]
        // A HAL answer is the resource itself, named by its `self` link.
        let hal = halAnswer(to: write, document)
        let answered = hal.map(\.identity) ?? document?["data"].flatMap(StoredGraph.identity(of:))
        queue.removeAll { $0.id == write.id }
        switch write.change {
        case .create:
            let assigned = answered ?? write.identity
            changed.formUnion(graph.confirmCreate(write.id, as: assigned, object: nil))
            if assigned != write.identity {
                for index in queue.indices where queue[index].names(write.identity) {
                    queue[index] = queue[index].replacingIdentity(write.identity, with: assigned)
                    rewritten[queue[index].id] = queue[index]
                }
                for (lid, identity) in localIdentities where identity == write.identity { localIdentities[lid] = assigned }
            }
            if let lid = write.lid {
                changed.insert(ResourceIdentity(type: write.identity.type, id: "\u{0}lid:" + lid))
                // Kept in the file with the answer, so a process restarted on it finds the resource by
                // its `lid` too.
                _ = graph.setList(LocalID.settledKey(lid), to: [assigned])
            }
        case .patch, .replace, .delete:
            // The server's resource, when it sent one, is what it has now: the local layer goes.
            changed.formUnion(answered == nil ? graph.confirm(write.id) : graph.rollBack(write.id))
        case .relationship(let key, _):
            // A `200` carries the relationship as the server now has it (its linkage, not resources):
            // that replaces the local layer; a `204` says the change is what the server has.
            if let linkage = document?["data"] {
                changed.formUnion(graph.rollBack(write.id))
                if graph.setLinkage(of: write.identity, key: key, to: linkage) { changed.insert(write.identity) }
            } else {
                changed.formUnion(graph.confirm(write.id))
            }
        }
        if let document, !write.change.isRelationship {
            let merged = hal.map { graph.merge($0.objects).changed } ?? graph.merge(document: document).changed
            if !persistsPrivateResponses && Self.isPrivate(cacheControl: cacheControl, credentialed: client.sendsCredentials) {
                memoryOnly.formUnion(merged)
            }
            changed.formUnion(merged)
        }
        let listsChanged = Set(Set(listsBefore.keys).union(graph.lists.keys).filter { listsBefore[$0] != graph.lists[$0] })
        persist(changed, lists: listsChanged, writes: rewritten)
        notify(changed.union(listsChanged.map(WatcherIndex.listIdentity)))
    }

    /// The server refused `write`: a caller awaiting it gets the error with the change rolled back (and a
    /// `412`'s current representation merged); a write replayed for no caller stays queued, marked.
    func refuse(_ write: QueuedWrite, _ error: ClientError) {
        guard awaited.contains(write.id) else {
            guard let index = queue.firstIndex(where: { $0.id == write.id }) else { return }
            queue[index].refusal = error.description
            queue[index].refusalStatus = error.status.map { Int($0.code) }
            persist([], writes: [write.id: queue[index]])
            return
        }
        refusals[write.id] = error
        drop(write.id)
        if error.status?.code == 412, let body = error.currentRepresentation,
           let document = try? JSONValue(parsing: body) {
            let changed = graph.merge(document: document).changed
            persist(changed)
            notify(changed)
        }
    }
}
