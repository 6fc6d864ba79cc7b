import Foundation

/// A client's private HTTP cache (RFC 9111): it answers a `GET` from a stored response while that is
/// fresh, revalidates a stale one with `If-None-Match` / `If-Modified-Since` (a `304` is answered from
/// the stored response, never thrown), and forgets what a write made stale.
///
/// ```swift
/// let cache = try HTTPCache(memoryByteBudget: 32 << 20, directory: cachesDirectory.appendingPathComponent("api"))
/// let client = Client(api: PressAPI.self, configuration: .init(cache: cache))
/// ```
///
/// It sits between the middlewares and the transport, so it works the same over every transport, sees
/// each request as it is sent (credentials included) and each redirect hop on its own. Which responses
/// it keeps and for how long is what the server's `Cache-Control`, `Expires`, `Date`, `Age` and `Vary`
/// say; see <doc:CachingAndLargeBodies> for the rules, including the ones beyond RFC 9111 that the API's
/// schema allows (a write makes its collection and every document that included the resource stale).
///
/// A response is stored for the credentials its request carried (the values of the client's
/// ``Client/Configuration/sensitiveHeaderNames`` and of the fields ``AuthMiddleware`` attached) and is
/// used only for requests with the same ones — unless it said `public`. Responses to requests that
/// carried credentials stay in memory: a cache directory never holds them, nor the credentials. Every
/// key is a full URL, so a response is never used for another origin.
///
/// One cache may serve several clients in one process (it is thread-safe); give each cache a directory
/// of its own.
public final class HTTPCache: @unchecked Sendable {
    // @unchecked: `memory`, `disk` and `counts` are only touched under `lock`.
    private let lock = NSLock()
    private var memory: MemoryCacheStore
    private var disk: DiskCacheStore?
    private var counts = Statistics()
    /// The largest body kept.
    public let maximumEntryBytes: Int

    /// What the cache has done since it was created.
    public struct Statistics: Sendable, Equatable {
        /// Requests answered from a fresh stored response, without a request to the server.
        public var hits = 0
        /// Stale responses the server confirmed with `304 Not Modified`.
        public var revalidations = 0
        /// Requests sent on because nothing usable was stored.
        public var misses = 0
        /// Responses stored (or replaced).
        public var stores = 0
        /// Stored responses dropped because a write made them stale.
        public var invalidations = 0
    }

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - memoryByteBudget: The most bytes of responses kept in memory; the least recently used go
    ///     first. 16 MiB by default.
    ///   - directory: A directory to keep responses in across launches (created when missing), or nil
    ///     for memory only.
    ///   - directoryByteBudget: The most bytes of files in `directory`. 256 MiB by default.
    ///   - maximumEntryBytes: The largest response body stored. 4 MiB by default: larger documents are
    ///     fetched each time rather than pushing everything else out.
    /// - Throws: When `directory` cannot be created or listed.
    public init(
        memoryByteBudget: Int = 16 << 20, directory: URL? = nil, directoryByteBudget: Int = 256 << 20, maximumEntryBytes: Int = 4 << 20
    ) throws {
        memory = MemoryCacheStore(byteBudget: memoryByteBudget)
        disk = try directory.map { try DiskCacheStore(directory: $0, byteBudget: directoryByteBudget) }
        self.maximumEntryBytes = maximumEntryBytes
    }

    /// What the cache has done so far.
    public var statistics: Statistics { lock.withLock { counts } }

    /// Forgets every stored response, in memory and on disk.
    public func removeAll() {
        lock.withLock {
            memory.removeAll()
            disk?.removeAll()
        }
    }

    /// The stored variants of `key`: from memory, else from disk (then kept in memory too).
    package func variants(for key: String) -> [StoredResponse] {
        lock.withLock {
            let inMemory = memory.variants(for: key)
            if !inMemory.isEmpty { return inMemory }
            let onDisk = disk?.variants(for: key) ?? []
            if !onDisk.isEmpty { memory.set(onDisk, for: key) }
            return onDisk
        }
    }

    /// Stores `response` under `key`, replacing any variant it would answer for (same `Vary` values and
    /// credentials). Only responses without credentials, or public ones, go to disk.
    package func store(_ response: StoredResponse, for key: String) {
        guard response.body.count <= maximumEntryBytes else { return remove(key) }
        lock.withLock {
            var variants = memory.variants(for: key)
            if variants.isEmpty, let onDisk = disk?.variants(for: key) { variants = onDisk }
            variants.removeAll { $0.varyValues == response.varyValues && $0.vary == response.vary && $0.credentials == response.credentials }
            variants.insert(response, at: 0)
            if variants.count > Self.maximumVariants { variants.removeLast(variants.count - Self.maximumVariants) }
            memory.set(variants, for: key)
            disk?.set(variants.filter { $0.credentials == nil || $0.isPublic }.map { var copy = $0; copy.credentials = nil; return copy }, for: key)
            counts.stores += 1
        }
    }

    /// Forgets what is stored under `key`.
    package func remove(_ key: String) {
        lock.withLock {
            memory.remove(key)
            disk?.remove(key)
        }
    }

    /// Forgets every key `isStale` says a write made stale, and every key whose documents hold one of
    /// `identities`; counts them as invalidations.
    func invalidate(where isStale: (String) -> Bool, holdingAnyOf identities: Set<String>) {
        lock.withLock {
            var keys = Set(memory.keys.filter(isStale))
            keys.formUnion(disk?.keys.filter(isStale) ?? [])
            if !identities.isEmpty {
                keys.formUnion(memory.keys(holdingAnyOf: identities))
                keys.formUnion(disk?.keys(holdingAnyOf: identities) ?? [])
            }
            for key in keys {
                memory.remove(key)
                disk?.remove(key)
            }
            counts.invalidations += keys.count
        }
    }

    /// Counts what the cache did for one request.
    package func record(_ event: Event) {
        lock.withLock {
            switch event {
            case .hit: counts.hits += 1
            case .revalidation: counts.revalidations += 1
            case .miss: counts.misses += 1
            }
        }
    }

    package enum Event { case hit, revalidation, miss }

    /// Variants kept per key: enough for the few `Accept`/credential combinations one API client sends.
    private static let maximumVariants = 8
}
