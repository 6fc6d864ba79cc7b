import Foundation
import ResgenRuntime
import ResgenStore
import Testing

/// Expiry and eviction through `ResourceStore` (issue 51, item 6): a stale value is yielded, then
/// refreshed; the server's HTTP lifetime wins over the app's age; the memory budget evicts the least
/// recently used resources no watcher holds.
@Suite struct StoreExpiryTests {
    @Test func aStaleResourceIsYieldedThenRefreshedAtItsSelfLink() async throws {
        let server = OfflinePressServer(people: ["Ann"])
        let store = try StoreOfflineTests.store(server)
        await store.setMaximumAge(.zero, for: Person.self)
        _ = try await store.fetch(Person.show(1))
        server.rename(1, to: "Ann B")
        #expect(await store.isStale(Person.self, id: 1))

        var watch = await store.watch(Person.self, id: 1).makeAsyncIterator()
        #expect(await watch.next()?.name == "Ann", "the stale value, at once")
        #expect(await watch.next()?.name == "Ann B", "then the server's, read again")
        #expect(server.requests == ["GET /people/1", "GET /people/1"])
    }

    @Test func theServersLifetimeWinsOverTheAppsAge() async throws {
        let server = OfflinePressServer(people: ["Ann"])
        server.cacheControl = "max-age=3600"
        let store = try StoreOfflineTests.store(server)
        await store.setMaximumAge(.zero, for: Person.self)
        _ = try await store.fetch(Person.show(1))
        #expect(await !store.isStale(Person.self, id: 1), "fresh for an hour, as the response says")
        var watch = await store.watch(Person.self, id: 1).makeAsyncIterator()
        #expect(await watch.next()?.name == "Ann")
        #expect(server.requests == ["GET /people/1"], "nothing read again")

        server.cacheControl = "no-cache"
        _ = try await store.fetch(Person.show(1))
        #expect(await store.isStale(Person.self, id: 1), "no-cache: stale at once, whatever the app's age")
    }

    @Test func withoutAnAgeNothingIsStale() async throws {
        let server = OfflinePressServer(people: ["Ann"])
        let store = try StoreOfflineTests.store(server)
        _ = try await store.fetch(Person.show(1))
        #expect(await !store.isStale(Person.self, id: 1))
        await store.setDefaultMaximumAge(.zero)
        #expect(await store.isStale(Person.self, id: 1))
    }

    @Test func aStaleListIsReadAgainAtItsPath() async throws {
        let server = OfflinePressServer(people: ["Ann"])
        let store = try StoreOfflineTests.store(server)
        await store.setMaximumAge(.zero, forList: Person.list())
        _ = try await store.fetch(Person.list())
        server.addPerson("Bo")
        var watch = await store.watch(Person.list()).makeAsyncIterator()
        #expect(await watch.next()?.map(\.name) == ["Ann"])
        #expect(await watch.next()?.map(\.name) == ["Ann", "Bo"])
    }

    /// Over budget, the least recently used unwatched resources go, in memory and in the file; a
    /// watched one stays however old its use.
    @Test func theMemoryBudgetEvictsTheLeastRecentlyUsedUnwatched() async throws {
        let file = StoreOfflineTests.temporaryFile()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) } }
        let server = OfflinePressServer(people: ["Ann", "Bo", "Cy", "Di", "Ed"])
        do {
            let store = try StoreOfflineTests.store(server, file: file)
            _ = try await store.fetch(Person.list())
            var watch = await store.watch(Person.self, id: 1).makeAsyncIterator()
            #expect(await watch.next()?.name == "Ann")
            _ = await store.peek(Person.self, id: 4)   // the most recently used after the watched one
            await store.setMemoryBudget(maximumResources: 2)
            #expect(await store.count == 2)
            #expect(await store.peek(Person.self, id: 1)?.name == "Ann", "watched: never evicted")
            #expect(await store.peek(Person.self, id: 4)?.name == "Di", "used last")
            #expect(await store.peek(Person.self, id: 2) == nil)
            _ = try await store.fetch(Person.show(5))
            #expect(await store.count == 2, "a read over budget evicts again")
            #expect(await store.peek(Person.self, id: 1) != nil)
            #expect(await store.peek(Person.self, id: 5) != nil)
        }
        let reopened = try StoreOfflineTests.store(server, file: file)
        #expect(await reopened.count == 2, "evicted from the file too")
    }
}
