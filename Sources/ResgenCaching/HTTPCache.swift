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
/// A response is stored for the identity of its request — every header field the caller and its
/// middlewares set, but the few on ``nonIdentifyingFieldNames`` — and is used only for a request whose
/// every such field has the same value, unless it said `public`. A key in `Authorization`, `Cookie`,
/// `X-Api-Key` or a field of the app's own middleware keeps one user's responses from another, whatever
/// the field is called. The cache compares those values by a keyed hash, so neither its memory nor its
/// files hold them; it never keeps a `Set-Cookie` field.
///
/// A cache directory holds only responses to requests without identity that did not say `private`, and
/// `public` ones, unless the app opts in with `persistsPrivateResponses`. The directory and its files
/// are this user's alone (`0700` and `0600`); one that another user owns or may write is refused
/// (``DirectoryError``). Every key is a full URL, so a response is never used for another origin.
///
/// One cache may serve several clients in one process (it is thread-safe); give each cache a directory
/// of its own.
public final class HTTPCache: @unchecked Sendable {
    // @unchecked: `memory`, `disk` and `counts` are only touched under `lock`.
    private let lock = NSLock()
    private var memory: MemoryCacheStore
    private var disk: DiskCacheStore?
    private var counts = Statistics()
    /// The keyed hash of identities, `Vary` values and file names: the directory's, or one of its own.
    package let keyer: CacheKeyer
    /// The largest body kept.
    public let maximumEntryBytes: Int
    /// Whether the cache directory may hold `private` responses and responses to requests with an
    /// identity (for the same identity only, as in memory).
    public let persistsPrivateResponses: Bool
    /// The header fields (lowercased names) whose values do not tell one caller from another: left out
    /// of a request's identity.
    public let nonIdentifyingFieldNames: Set<String>

    /// The request header fields known to identify no one, left out of a request's identity: content
    /// negotiation (`Accept`, `Accept-Charset`, `Accept-Encoding`, `Accept-Language`), the request's cache
    /// directives (`Cache-Control`, `Pragma`), `User-Agent`, and tracing (`traceparent`, `tracestate`,
    /// `baggage`, `X-Request-ID`, `X-Correlation-ID`: a new value on every request would make every
    /// request a miss). Every other field counts: a response is reused only when it has the same value.
    public static let defaultNonIdentifyingFieldNames: Set<String> = [
        "accept", "accept-charset", "accept-encoding", "accept-language", "baggage", "cache-control", "pragma", "traceparent",
        "tracestate", "user-agent", "x-correlation-id", "x-request-id",
    ]

    /// Resources kept per stored response for invalidation by resource: beyond this many (or
    /// ``maximumIdentityBytesPerResponse`` bytes of their names), a document is made stale by its path
    /// only (a write to its URL, its collection or a resource it is under), not by a write to a
    /// resource it included. 10,000 covers a page of 1,000 resources with five included each.
    public static let maximumIdentitiesPerResponse = 10_000
    /// The bytes of resource names kept per stored response; see ``maximumIdentitiesPerResponse``.
    public static let maximumIdentityBytesPerResponse = 512 << 10

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
    ///   - persistsPrivateResponses: Whether `directory` may hold `private` responses and responses to
    ///     requests with an identity (each found again only by a request of the same identity). False by
    ///     default: a user's data stays in memory and is gone when the process ends.
    ///   - nonIdentifyingFieldNames: The header fields whose values identify no one, left out of a
    ///     request's identity. ``defaultNonIdentifyingFieldNames`` by default; add a field your app sets
    ///     with a new value per request that says nothing of who asks, never one that carries a key.
    /// - Throws: ``DirectoryError`` when `directory` cannot be created, is not a directory, belongs to
    ///   another user, or may be written by other users.
    public init(
        memoryByteBudget: Int = 16 << 20, directory: URL? = nil, directoryByteBudget: Int = 256 << 20, maximumEntryBytes: Int = 4 << 20,
        persistsPrivateResponses: Bool = false, nonIdentifyingFieldNames: Set<String> = defaultNonIdentifyingFieldNames
    ) throws {
        memory = MemoryCacheStore(byteBudget: memoryByteBudget)
        let disk = try directory.map { directory throws(DirectoryError) in try DiskCacheStore(directory: directory, byteBudget: directoryByteBudget) }
        self.disk = disk
        keyer = disk?.keyer ?? CacheKeyer()
        self.maximumEntryBytes = maximumEntryBytes
        self.persistsPrivateResponses = persistsPrivateResponses
        self.nonIdentifyingFieldNames = Set(nonIdentifyingFieldNames.map { $0.lowercased() })
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
    /// identity). Its file, if it goes to disk (``persists(_:)``), names the key as `redactedKey`.
    package func store(_ response: StoredResponse, for key: String, redactedKey: String) {
        guard response.body.count <= maximumEntryBytes else { return remove(key) }
        var response = response
        response.limitingIdentities(to: Self.maximumIdentitiesPerResponse, bytes: Self.maximumIdentityBytesPerResponse)
        lock.withLock {
            var variants = storedVariants(for: key)
            variants.removeAll { $0.answersLike(response) }
            variants.insert(response, at: 0)
            if variants.count > Self.maximumVariants { variants.removeLast(variants.count - Self.maximumVariants) }
            memory.set(variants, for: key)
            disk?.set(variants.filter(persists), for: key, redactedKey: redactedKey)
            counts.stores += 1
        }
    }

    /// Whether `response` may be kept in the cache directory: a `public` one; one to a request without
    /// identity that did not say `private`; any other only when the app opted in.
    private func persists(_ response: StoredResponse) -> Bool {
        response.isPublic || persistsPrivateResponses || (response.identity == nil && !response.isPrivate)
    }

    /// The variants of `key` in memory, else on disk; call under `lock`.
    private func storedVariants(for key: String) -> [StoredResponse] {
        let inMemory = memory.variants(for: key)
        return inMemory.isEmpty ? disk?.variants(for: key) ?? [] : inMemory
    }

    /// Forgets the variant of `key` that answers what `response` answers (same `Vary` values and
    /// identity), keeping the others.
    package func remove(_ response: StoredResponse, for key: String, redactedKey: String) {
        lock.withLock {
            var variants = storedVariants(for: key)
            variants.removeAll { $0.answersLike(response) }
            memory.set(variants, for: key)
            disk?.set(variants.filter(persists), for: key, redactedKey: redactedKey)
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
    /// `identities`; counts them as invalidations. A file's key is asked as the file names it, redacted
    /// (which keeps its path).
    func invalidate(where isStale: (String) -> Bool, holdingAnyOf identities: Set<String>) {
        lock.withLock {
            var keys = Set(memory.keys.filter(isStale))
            if !identities.isEmpty { keys.formUnion(memory.keys(holdingAnyOf: identities)) }
            var digests = Set(keys.map(keyer.digest))
            if let disk {
                digests.formUnion(disk.digests(where: isStale))
                if !identities.isEmpty { digests.formUnion(disk.digests(holdingAnyOf: identities)) }
            }
            for key in keys { memory.remove(key) }
            for digest in digests { disk?.remove(digest: digest) }
            counts.invalidations += digests.count
        }
    }

    /// The number of keys in the cache directory (0 without one).
    package var filesOnDisk: Int { lock.withLock { disk?.count ?? 0 } }

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
