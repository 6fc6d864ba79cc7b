import Foundation
@_spi(Testing) import ResgenStore
import ResgenRuntime
import Testing

/// Random sequences of relationship changes through a ``ResourceStore`` (adds, removes and replaces of
/// an article's tags), with the connection coming and going, the server refusing for a while, reads,
/// syncs, and the app dropping or retrying what was refused, against a reference model: after every
/// step the store's `peek`, the watcher's last value and the server's tags equal what the model says.
///
/// `RESGEN_STORE_SEQUENCES` scales it as it does ``StorePropertyTests`` (a twentieth of that number here: 500 sequences of 12 steps by default).
@Suite struct StoreRelationshipPropertyTests {
    static var sequences: Int { max(100, StorePropertyTests.sequences / 20) }

    enum Change {
        case add([String]), remove([String]), replace([String])

        /// What the change makes of `tags`, as the store and the server both apply it.
        func applied(to tags: [String]) -> [String] {
            switch self {
            case .add(let ids): tags + ids.filter { !tags.contains($0) }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            case .remove(let ids): tags.filter { !ids.contains($0) }
            case .replace(let ids): ids
            }
        }
    }

    /// The reference: what the store read from the server, the writes queued on top (and whether each
    /// was refused on replay), and what the server has.
    struct Model {
        var base: [String]
        var queue: [(change: Change, refused: Bool)] = []
        var server: [String]

        var visible: [String] { queue.reduce(base) { $1.change.applied(to: $0) } }

        /// Replays the queue as the store does; `awaited` is the index of the write whose caller waits
        /// (its refusal is rolled back and thrown, not kept). Returns whether that caller got an error.
        mutating func replay(online: Bool, refusing: Bool, awaited: Int? = nil) -> Bool {
            var index = 0
            var blocked = false
            var thrown = false
            var awaitedIndex = awaited
            while index < queue.count {
                guard online else { break }  // no answer: the rest waits for the next sync
                if queue[index].refused || blocked {
                    blocked = true
                    index += 1
                    continue
                }
                if refusing {
                    if index == awaitedIndex {
                        queue.remove(at: index)
                        awaitedIndex = nil
                        thrown = true
                    } else {
                        queue[index].refused = true
                        blocked = true
                        index += 1
                    }
                    continue
                }
                let change = queue.remove(at: index).change
                if let awaited = awaitedIndex, awaited > index { awaitedIndex = awaited - 1 } else if awaitedIndex == index { awaitedIndex = nil }
                server = change.applied(to: server)
                base = change.applied(to: base)
            }
            return thrown
        }
    }

    @Test func randomRelationshipChangesMatchTheReferenceModel() async throws {
        var generator = SplitMix64(seed: 51_30_000)
        let tags = ["a", "b", "c", "d", "e"]
        for sequence in 0..<Self.sequences {
            let server = LinkageServer(tags: ["a"])
            let store = try ResourceStore(client: server.client())
            let article = try await store.fetch(Article.show(1))
            let watch = await store.watch(Article.self, id: 1)
            var model = Model(base: ["a"], server: ["a"])
            var trace: [String] = []
            func subset() -> [String] { tags.filter { _ in generator.next() % 2 == 0 } }

            for _ in 0..<12 {
                let online = server.isOnline
                let refusing = server.refusesWrites
                switch generator.next() % 9 {
                case 0:
                    server.isOnline.toggle()
                    trace.append(server.isOnline ? "online" : "offline")
                case 1:
                    server.refusesWrites.toggle()
                    trace.append(server.refusesWrites ? "refusing" : "accepting")
                case 2, 3, 4:
                    let ids = subset()
                    let kind = generator.next() % 3
                    let change: Change = kind == 0 ? .add(ids) : kind == 1 ? .remove(ids) : .replace(ids)
                    trace.append("\(change)")
                    model.queue.append((change, false))
                    let expectThrow = model.replay(online: online, refusing: refusing, awaited: model.queue.count - 1)
                    var threw = false
                    do {
                        switch change {
                        case .add(let ids): try await store.add(ids, to: \Article.tags, of: article)
                        case .remove(let ids): try await store.remove(ids, from: \Article.tags, of: article)
                        case .replace(let ids): try await store.replace(\Article.tags, of: article, with: ids)
                        }
                    } catch {
                        threw = true
                    }
                    #expect(threw == expectThrow, "the caller got the refusal exactly when nothing was queued before it — \(trace)")
                case 5 where online:
                    trace.append("read")
                    _ = try await store.fetch(Article.show(1))
                    model.base = model.server
                    await store.sync()  // a read that succeeds replays what waited; sync waits for it
                    _ = model.replay(online: online, refusing: refusing)
                case 6:
                    trace.append("sync")
                    await store.sync()
                    _ = model.replay(online: online, refusing: refusing)
                case 7:
                    guard let refused = await store.pendingWrites.first(where: { $0.refusal != nil }),
                          let index = model.queue.firstIndex(where: \.refused) else { continue }
                    trace.append("drop")
                    await store.drop(refused.id)
                    model.queue.remove(at: index)
                case 8:
                    guard let refused = await store.pendingWrites.first(where: { $0.refusal != nil }),
                          let index = model.queue.firstIndex(where: \.refused) else { continue }
                    trace.append("retry")
                    await store.retry(refused.id)
                    model.queue[index].refused = false
                    _ = model.replay(online: online, refusing: refusing)
                default:
                    continue
                }
                let context = "sequence \(sequence): \(trace.joined(separator: ", "))"
                #expect(await store.peek(Article.self, id: 1)?.tags.ids == model.visible, "peek — \(context)")
                #expect(watch.yielded.last?.tags.ids == model.visible, "the watcher — \(context)")
                #expect(server.tags == model.server, "the server — \(context)")
                #expect(await store.pendingWrites.count == model.queue.count, "the queue — \(context)")
                if await store.peek(Article.self, id: 1)?.tags.ids != model.visible { return }
            }
        }
    }
}
