import Foundation
import HTTPTypes
@_spi(Generated) import ResgenRuntimeCore
import ResgenJSONAPI

/// Replaying creates with JSON:API atomic operations (https://jsonapi.org/ext/atomic/).
///
/// Made offline, a create and the writes that name it (a comment on the new post, a patch of it, a
/// tag added to it) are queued in order and replayed in order: the create first, then each write
/// rewritten with the id the server assigned. Between the two a server holds a half-made change, and
/// a process killed there leaves it so. Where the server accepts the atomic extension, the store
/// sends them in one request instead: the create as `add` with its `lid`, the writes naming it by
/// that `lid`, all applied or none.
///
/// A bundle is a create with a local id and the writes right after it in the queue that name a
/// resource the bundle creates (the next create with a local id joins it too), in queue order; the
/// first write naming none of them ends it. A lone create goes as a plain `POST`.
extension ResourceStore {
    /// Says where the server serves atomic operations (`"/operations"`, below the client's base URL),
    /// so that queued creates and the writes naming them replay in one request; nil (the default): one
    /// request per write.
    public func setAtomicOperations(path: String?) {
        atomicPath = path
    }

    /// How an atomic replay ended.
    enum AtomicOutcome {
        /// Every write of the bundle is settled.
        case settled
        /// No answer: the bundle stays queued for the next sync.
        case noAnswer
        /// Refused: nothing of it happened; the write the server named (or the first) waits for the app.
        case refused
    }

    /// The bundle that starts at `first`, when atomic operations are on, `first` is a create with a local
    /// id, and at least one queued write after it names what it creates; nil otherwise.
    func atomicBundle(from first: QueuedWrite) -> [QueuedWrite]? {
        guard atomicPath != nil, first.lid != nil, case .create = first.change else { return nil }
        var bundle = [first]
        var created = [first.identity]
        for write in queue where write.id > first.id {
            guard write.refusal == nil else { break }
            if write.lid != nil, case .create = write.change {
                bundle.append(write)
                created.append(write.identity)
            } else if created.contains(where: write.names) {
                bundle.append(write)
            } else {
                break
            }
        }
        // A create at the end that names nothing the bundle creates needs none of it: it goes on its own.
        while bundle.count > 1, let last = bundle.last, case .create = last.change,
              !created.contains(where: { $0 != last.identity && last.names($0) }) {
            bundle.removeLast()
            created.removeAll { $0 == last.identity }
        }
        return bundle.count > 1 ? bundle : nil
    }

    /// Sends `bundle` as one atomic request and settles each write with its result, in order.
    func replayAtomically(_ bundle: [QueuedWrite]) async -> AtomicOutcome {
        let lids = Dictionary(bundle.compactMap { write in write.lid.map { (write.identity, $0) } }, uniquingKeysWith: { first, _ in first })
        let operations = bundle.map { Self.atomicOperation($0, lids: lids) }
        let raw: RawResponse
        do {
            let url = try client.url(for: atomicPath ?? "/operations")
            let body = try JSONEncoder().encode(JSONValue.object(["atomic:operations": .array(operations)]))
            let headers = PreparedRequest.merge(headers: bundle.map(\.headerFields))
            await replayHook?(.beforeSend, bundle[0].id)
            raw = try await client.request(.post, runtimeURL: url, headers: headers, body: .raw(body, contentType: Client.atomicMediaType), accept: Client.atomicMediaType)
            await replayHook?(.afterReply, bundle[0].id)
        } catch let error as ClientError {
            if Self.isNoAnswer(error) { return .noAnswer }
            // All or nothing: nothing happened. The operation the server named waits for the app.
            var index = 0
            if case .jsonAPI(let errors)? = error.serverError, let named = errors.compactMap(\.atomicOperation).first, named < bundle.count {
                index = named
            }
            refuse(bundle[index], error)
            return .refused
        } catch {
            return .noAnswer
        }
        let document = raw.body.isEmpty ? nil : try? JSONValue(parsing: raw.body)
        let results: [JSONValue]
        if case .array(let items)? = document?["atomic:results"] { results = items } else { results = [] }
        let cacheControl = Self.cacheControl(of: raw)
        // The server applied the bundle as one, and the file settles it as one: a process killed while
        // settling finds every write of it settled, or the whole bundle still queued (sent again, as a
        // single write killed between its send and the reply is; the Store article says what that risks).
        inOneTransaction {
            for (index, sent) in bundle.enumerated() {
                // Settling a create rewrites the writes after it (the server's id for the stand-in).
                guard let write = queue.first(where: { $0.id == sent.id }) else { continue }
                var result = index < results.count ? results[index] : nil
                if case .object(let members)? = result, members["data"] == nil || members["data"] == .null { result = nil }
                settle(write, document: result, cacheControl: cacheControl)
            }
        }
        for write in bundle { await replayHook?(.afterSettle, write.id) }
        return .settled
    }

    /// The operation object of a queued write, with every resource of the bundle still to be created
    /// named by its `lid` (`{"type": …, "lid": …}`) rather than its stand-in id.
    static func atomicOperation(_ write: QueuedWrite, lids: [ResourceIdentity: String]) -> JSONValue {
        var data = write.body?["data"]
        for (identity, lid) in lids { data = data?.replacingIdentity(identity, withLID: lid) }
        let ref = lids[write.identity].map { JSONValue.object(["type": .string(write.identity.type), "lid": .string($0)]) }
            ?? .object(["type": .string(write.identity.type), "id": .string(write.identity.id)])
        switch write.change {
        case .create:
            var object = data ?? .object(["type": .string(write.identity.type)])
            if let lid = write.lid { object = object.settingMember("lid", to: .string(lid)).removingMember("id") }
            return .object(["op": .string("add"), "data": object])
        case .patch, .replace:
            return .object(["op": .string("update"), "data": data ?? ref])
        case .delete:
            return .object(["op": .string("remove"), "ref": ref])
        case .relationship(let key, _):
            let op = JSONValue.string(write.method == HTTPMethod.post.rawValue ? "add" : write.method == HTTPMethod.delete.rawValue ? "remove" : "update")
            return .object(["op": op, "ref": ref.settingMember("relationship", to: .string(key)), "data": data ?? .null])
        }
    }
}

extension JSONValue {
    /// This object without member `key` (self when it is not an object).
    func removingMember(_ key: String) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members[key] = nil
        return .object(members)
    }
}
