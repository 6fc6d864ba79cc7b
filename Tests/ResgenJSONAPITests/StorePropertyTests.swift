import Foundation
@_spi(Testing) import ResgenStore
import ResgenRuntime
import Testing

/// Random sequences of reads, optimistic writes, refusals, lost connections, syncs and restarts
/// through a ``ResourceStore``, against a reference model (issue 51's proof): after every step, every
/// watcher's last value, every `peek` and the server's data equal what the model says, and a watcher
/// was handed a value exactly when its value changed (twice at most for a refused write: the optimistic
/// value, then the old one again).
///
/// `RESGEN_STORE_SEQUENCES` sets the number of sequences (10,000 by default; `make store-property`
/// runs more).
@Suite struct StorePropertyTests {
    static var sequences: Int { ProcessInfo.processInfo.environment["RESGEN_STORE_SEQUENCES"].flatMap(Int.init) ?? 10_000 }

    @Test func randomSequencesMatchTheReferenceModel() async throws {
        var generator = SplitMix64(seed: 51_10_000)
        for index in 0..<Self.sequences {
            // One sequence in ten keeps a store file and restarts on it.
            try await Self.run(&generator, persisted: index % 10 == 0, sequence: index)
        }
    }

    /// What the model says one person is.
    struct Shown: Equatable, CustomStringConvertible {
        var id: Int
        var name: String
        var description: String { "\(id):\(name)" }
    }

    /// A write the model holds queued (made while offline).
    enum Write {
        case create(standIn: Int, name: String)
        case patch(id: Int, name: String)
        case delete(id: Int)
    }

    /// The reference: the store's base (what it last read from the server, per id, and the list's
    /// members), and the writes queued on top.
    struct Model {
        var base: [Int: String] = [:]
        var list: [Int]?
        var queue: [Write] = []
        /// How many of the server's creates the model has accounted for.
        var creates = 0

        /// The name each id shows: the base with every queued write applied.
        func visible() -> [Int: String] {
            var shown = base
            for write in queue {
                switch write {
                case .create(let standIn, let name): shown[standIn] = name
                case .patch(let id, let name): if shown[id] != nil { shown[id] = name }
                case .delete(let id): shown[id] = nil
                }
            }
            return shown
        }

        func visibleList() -> [Shown]? {
            guard var members = list else { return nil }
            let shown = visible()
            for write in queue {
                switch write {
                case .create(let standIn, _): members.append(standIn)
                case .delete(let id): members.removeAll { $0 == id }
                case .patch: break
                }
            }
            return members.compactMap { id in shown[id].map { Shown(id: id, name: $0) } }
        }

        /// Replays the queue against `server` as the store does (every write accepted), in order.
        mutating func replay(on server: OfflinePressServer) {
            var assigned: [Int: Int] = [:]
            for write in queue {
                switch write {
                case .create(let standIn, _):
                    let id = server.createdIDs[creates]
                    creates += 1
                    assigned[standIn] = id
                    base[id] = server.storedPeople[id]?.name
                    if list != nil && !list!.contains(id) { list!.append(id) }
                case .patch(let id, _):
                    let id = assigned[id] ?? id
                    base[id] = server.storedPeople[id]?.name
                case .delete(let id):
                    let id = assigned[id] ?? id
                    base[id] = nil
                    list?.removeAll { $0 == id }
                }
            }
            queue = []
        }
    }

    static func run(_ generator: inout SplitMix64, persisted: Bool, sequence: Int) async throws {
        let server = OfflinePressServer(people: ["a", "b", "c"])
        let file = persisted ? StoreOfflineTests.temporaryFile() : nil
        defer { if let file { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) } } }
        var store = try StoreOfflineTests.store(server, file: file)
        var model = Model()
        let ids = [1, 2, 3, 4, 5]
        var watches: [Int: ResourceWatch<Person>] = [:]
        var listWatch: ResourceWatch<[Person]>?
        var lastVisible = model.visible()
        var lastList = model.visibleList()
        var trace: [String] = []

        func rewatch() async {
            watches = [:]
            for id in ids { watches[id] = await store.watch(Person.self, id: id) }
            listWatch = await store.watch(Person.list())
        }
        await rewatch()

        for _ in 0..<10 {
            let online = server.isOnline
            let visible = model.visible()
            let existing = visible.keys.sorted()
            let countsBefore = watches.mapValues(\.yielded.count)
            let listCountBefore = listWatch?.yielded.count ?? 0
            var refusedStep = false
            var restarted = false
            switch generator.next() % 10 {
            case 0 where online:
                let id = ids[Int(generator.next() % 3)]
                trace.append("read \(id)")
                if let person = server.storedPeople[id] {
                    _ = try await store.fetch(Person.show(id))
                    model.base[id] = person.name
                    // A read that succeeds replays what waited; sync() waits for that replay.
                    await store.sync()
                    model.replay(on: server)
                }
            case 1 where online:
                trace.append("read list")
                _ = try await store.fetch(Person.list())
                let people = server.storedPeople
                model.list = people.keys.sorted()
                for (id, person) in people { model.base[id] = person.name }
                await store.sync()
                model.replay(on: server)
            case 2, 3:
                guard let id = existing.pick(&generator), let person = await store.peek(Person.self, id: id) else { break }
                let name = "n\(generator.next() % 4)"
                trace.append("patch \(id) \(name) \(online ? "online" : "offline")")
                var edited = person
                edited.name = name
                try await store.patch(Person.patch(id), edited.changes(since: person))
                model.queue.append(.patch(id: id, name: name))
                if online { model.replay(on: server) }
            case 4 where online && model.queue.isEmpty:
                guard let id = existing.filter({ $0 > 0 }).pick(&generator), let person = await store.peek(Person.self, id: id) else { break }
                trace.append("refused patch \(id)")
                server.refuse("PATCH /people/\(id)", status: 422)
                var edited = person
                edited.name = person.name + "!"
                await #expect(throws: ClientError.self) { try await store.patch(Person.patch(id), edited.changes(since: person)) }
                server.accept("PATCH /people/\(id)")
                refusedStep = true
            case 5:
                let name = "new\(generator.next() % 10)"
                trace.append("create \(name) \(online ? "online" : "offline")")
                let created = try #require(try await store.create(Person.create(), Person.New(name: name)))
                model.queue.append(.create(standIn: created.id, name: name))
                if online { model.replay(on: server) }
            case 6:
                guard let id = existing.pick(&generator) else { break }
                trace.append("delete \(id) \(online ? "online" : "offline")")
                try await store.delete(Person.delete(id), id: id)
                model.queue.append(.delete(id: id))
                if online { model.replay(on: server) }
            case 7:
                server.isOnline.toggle()
                trace.append(server.isOnline ? "online" : "offline")
            case 8:
                trace.append("sync")
                await store.sync()
                if online { model.replay(on: server) }
            case 9 where persisted:
                trace.append("restart")
                store = try StoreOfflineTests.store(server, file: file)
                await rewatch()
                restarted = true
            default:
                continue
            }

            let context = "sequence \(sequence): \(trace.joined(separator: "; "))"
            let nowVisible = model.visible()
            let nowList = model.visibleList()
            for id in ids {
                let peeked = await store.peek(Person.self, id: id)?.name
                #expect(peeked == nowVisible[id], "peek \(id) — \(context)")
                guard let watch = watches[id] else { continue }
                let (count, last) = watch.yielded
                if let shown = nowVisible[id] { #expect(last?.name == shown, "watcher \(id) — \(context)") }
                if restarted { continue }
                let before = countsBefore[id] ?? 0
                if nowVisible[id] != lastVisible[id] && nowVisible[id] != nil {
                    #expect(count > before, "watcher \(id) was handed its new value — \(context)")
                } else if !refusedStep {
                    #expect(count == before, "watcher \(id) was handed nothing: nothing it shows changed — \(context)")
                } else {
                    #expect(count == before || count == before + 2, "a refused write: its value, then the old one — \(context)")
                }
            }
            let listValue = listWatch?.yielded.last?.map { Shown(id: $0.id, name: $0.name) }
            #expect(listValue == nowList, "the list watcher — \(context)")
            if !restarted && nowList == lastList && !refusedStep {
                #expect(listWatch?.yielded.count == listCountBefore, "the list watcher was handed nothing — \(context)")
            }
            if online && server.isOnline && model.queue.isEmpty {
                #expect(server.storedPeople.filter { model.base[$0.key] != nil }.mapValues(\.name) == model.base.filter { $0.key > 0 }, "the server has what the store shows — \(context)")
            }
            lastVisible = nowVisible
            lastList = nowList
        }
    }
}


extension Array {
    /// A random element drawn with `generator`; nil when empty.
    func pick(_ generator: inout SplitMix64) -> Element? {
        isEmpty ? nil : self[Int(generator.next() % UInt64(count))]
    }
}
