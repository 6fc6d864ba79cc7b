import Foundation
import ResgenRuntimeCore

/// When stored resources and lists go stale: the app's maximum age per resource type, per list, or for
/// everything, unless the response's own HTTP lifetime (`Cache-Control: max-age`) says otherwise —
/// the server's word wins where the app set an age at all.
///
/// Pure data, like ``StoredGraph``: the actor notes when each identity arrived and asks whether it is
/// stale now.
struct Freshness: Sendable {
    /// The age after which anything not configured otherwise is stale; nil: never.
    var defaultAge: Duration?
    /// Maximum ages by resource type (`"articles"`).
    var typeAges: [String: Duration] = [:]
    /// Maximum ages by list path (the collection's path, with its query when it has one).
    var listAges: [String: Duration] = [:]
    /// When each identity (a list's too) last arrived, and the HTTP lifetime its response gave.
    private var received: [ResourceIdentity: (at: ContinuousClock.Instant, lifetime: Duration?)] = [:]

    /// Notes that `identities` arrived `at` in a response whose HTTP lifetime was `lifetime`.
    mutating func noteReceived(_ identities: some Sequence<ResourceIdentity>, at instant: ContinuousClock.Instant, lifetime: Duration?) {
        for identity in identities { received[identity] = (instant, lifetime) }
    }

    /// Forgets `identities` (evicted).
    mutating func forget(_ identities: some Sequence<ResourceIdentity>) {
        for identity in identities { received[identity] = nil }
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
        guard let entry = received[identity] else { return true }
        let age = entry.lifetime ?? configured
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

/// The least recently used resources, for the memory budget: a tick per use, so that the ones used
/// longest ago are found by sorting once per eviction, not by keeping an order on every read.
struct UsageClock: Sendable {
    private var tick = 0
    private(set) var lastUse: [ResourceIdentity: Int] = [:]

    mutating func use(_ identities: some Sequence<ResourceIdentity>) {
        tick += 1
        for identity in identities { lastUse[identity] = tick }
    }

    mutating func forget(_ identities: some Sequence<ResourceIdentity>) {
        for identity in identities { lastUse[identity] = nil }
    }
}
