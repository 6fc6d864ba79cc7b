import Foundation
import ResgenRuntimeCore

/// When stored resources and lists go stale: the app's maximum age per resource type, per list, or for
/// everything, unless the response's own HTTP lifetime (`Cache-Control: max-age`) says otherwise —
/// the server's word wins where the app set an age at all.
///
/// Pure data, like ``StoredGraph``: the actor notes when each identity arrived and was last used, and
/// asks whether it is stale now and which were used longest ago (for the memory budget).
struct Freshness: Sendable {
    /// The age after which anything not configured otherwise is stale; nil: never.
    var defaultAge: Duration?
    /// Maximum ages by resource type (`"articles"`).
    var typeAges: [String: Duration] = [:]
    /// Maximum ages by list path (the collection's path, with its query when it has one).
    var listAges: [String: Duration] = [:]
    /// Per identity (a list's too): when it last arrived, the HTTP lifetime its response gave and when it
    /// was last used (for the memory budget), in one entry of one table: three tables keyed by identity
    /// were most of the store's memory per record (issue 51).
    private var entries: [ResourceIdentity: Entry] = [:]
    /// The HTTP lifetimes responses gave, each once (an entry names one by its index).
    private var lifetimes: [Duration] = []
    private var lifetimeIndex: [Duration: UInt32] = [:]
    /// The tick of the last use (``use(_:)``).
    private var tick: UInt32 = 0
    /// How many times the ticks were numbered again (``nextTick()``).
    private var renumberings = 0

    /// One use (``noteArrived(_:at:lifetime:)``'s), to ask later whether it is still the latest.
    struct UseMark: Equatable {
        fileprivate let tick: UInt32
        fileprivate let renumberings: Int
    }

    /// The latest use.
    var latestUse: UseMark { UseMark(tick: tick, renumberings: renumberings) }

    /// What the store knows of one identity's freshness and use.
    private struct Entry {
        /// When it last arrived (meaningful only when ``lifetime`` is not ``Entry/neverReceived``).
        var at = Entry.placeholder
        /// The tick of its last use; 0: never used.
        var lastUse: UInt32 = 0
        /// ``Entry/neverReceived``, ``Entry/noLifetime``, or the lifetime at index `lifetime - 2`.
        var lifetime: UInt32 = Entry.neverReceived

        static let neverReceived: UInt32 = 0
        static let noLifetime: UInt32 = 1
        /// An entry's ``at`` until it arrives (not read while ``lifetime`` is ``neverReceived``).
        static let placeholder = ContinuousClock.Instant.now

        mutating func set(at instant: ContinuousClock.Instant, lifetime: UInt32, lastUse: UInt32) {
            at = instant
            self.lifetime = lifetime
            self.lastUse = lastUse
        }
    }

    /// Notes that `identities` arrived `at` in a response whose HTTP lifetime was `lifetime`, and uses
    /// them (``use(_:)``).
    @discardableResult
    mutating func noteArrived(_ identities: some Sequence<ResourceIdentity>, at instant: ContinuousClock.Instant, lifetime: Duration?) -> UseMark {
        let code = lifetime.map { lifetimeCode($0) } ?? Entry.noLifetime
        let tick = nextTick()
        for identity in identities {
            entries[identity, default: Entry()].set(at: instant, lifetime: code, lastUse: tick)
        }
        return latestUse
    }

    /// Notes a use of `identities` (read or decoded), later than every use before.
    mutating func use(_ identities: some Sequence<ResourceIdentity>) {
        let tick = nextTick()
        for identity in identities { entries[identity, default: Entry()].lastUse = tick }
    }

    /// When `identity` was last used, as a number that grows with every use; 0: never.
    func lastUse(_ identity: ResourceIdentity) -> Int {
        Int(entries[identity]?.lastUse ?? 0)
    }

    /// Forgets `identities` (evicted): their arrival and their use.
    mutating func forget(_ identities: some Sequence<ResourceIdentity>) {
        for identity in identities { entries[identity] = nil }
    }

    private mutating func lifetimeCode(_ lifetime: Duration) -> UInt32 {
        if let index = lifetimeIndex[lifetime] { return index + 2 }
        lifetimes.append(lifetime)
        lifetimeIndex[lifetime] = UInt32(lifetimes.count - 1)
        return UInt32(lifetimes.count + 1)
    }

    /// The next use's tick; once the ticks run out, the uses are numbered again from 1 in their order.
    private mutating func nextTick() -> UInt32 {
        if tick == UInt32.max {
            var order = entries.filter { $0.value.lastUse > 0 }.map { (identity: $0.key, lastUse: $0.value.lastUse) }
            order.sort { $0.lastUse < $1.lastUse }
            var renumbered: UInt32 = 0
            var previous: UInt32 = 0
            for item in order {
                if item.lastUse != previous { renumbered += 1; previous = item.lastUse }
                entries[item.identity]?.lastUse = renumbered
            }
            tick = renumbered
            renumberings += 1
        }
        tick += 1
        return tick
    }

    /// Whether `identity` (of a list at `listPath`, when it is one) is older than its maximum age at
    /// `now`. Something never received here (read back from the store file, or created locally) is
    /// stale as soon as an age applies to it.
    func isStale(_ identity: ResourceIdentity, listPath: String? = nil, now: ContinuousClock.Instant) -> Bool {
        // Expiry is the app's choice: without an age for it nothing is stale, whatever the response
        // said (a `no-cache` answer would otherwise be read again on every watcher evaluation).
        guard let configured = listPath.flatMap({ listAges[$0] }) ?? (listPath == nil ? typeAges[identity.type] : nil) ?? defaultAge else {
            return false
        }
        guard let entry = entries[identity], entry.lifetime != Entry.neverReceived else { return true }
        let age = entry.lifetime == Entry.noLifetime ? configured : lifetimes[Int(entry.lifetime - 2)]
        return now - entry.at >= age
    }

    /// The lifetime `Cache-Control: max-age` gives a response (nil without one, or with `no-cache`,
    /// which says a stored copy is stale at once: zero).
    static func httpLifetime(cacheControl: String) -> Duration? {
        let directives = cacheControl.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if directives.contains("no-cache") || directives.contains("no-store") { return .zero }
        for directive in directives where directive.hasPrefix("max-age=") {
            if let seconds = Int(directive.dropFirst("max-age=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))), seconds >= 0 {
                return .seconds(seconds)
            }
        }
        return nil
    }
}
