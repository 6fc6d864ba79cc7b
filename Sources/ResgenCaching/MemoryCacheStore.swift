import Foundation
import ResgenRuntimeCore

/// The stored responses in memory, least recently used first out once their cost passes a byte budget.
///
/// Not thread-safe by itself: ``HTTPCache`` holds its lock around every use.
package struct MemoryCacheStore {
    /// The most bytes the responses may cost together (``StoredResponse/cost``).
    package let byteBudget: Int
    private var entries: [String: (variants: [StoredResponse], lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    package private(set) var totalCost = 0

    package init(byteBudget: Int) { self.byteBudget = byteBudget }

    /// The variants stored under `key` (a method and URL), marking them used.
    package mutating func variants(for key: String) -> [StoredResponse] {
        guard let entry = entries[key] else { return [] }
        clock += 1
        entries[key] = (entry.variants, clock)
        return entry.variants
    }

    /// Stores `variants` under `key` (none removes the key), then evicts the least recently used keys
    /// until the budget holds.
    package mutating func set(_ variants: [StoredResponse], for key: String) {
        remove(key)
        guard !variants.isEmpty else { return }
        clock += 1
        entries[key] = (variants, clock)
        totalCost += variants.reduce(0) { $0 + $1.cost }
        evictOverBudget(keeping: key)
    }

    /// Removes what is stored under `key`.
    package mutating func remove(_ key: String) {
        guard let old = entries.removeValue(forKey: key) else { return }
        totalCost -= old.variants.reduce(0) { $0 + $1.cost }
    }

    /// Removes everything.
    package mutating func removeAll() {
        entries = [:]
        totalCost = 0
    }

    /// Every key, with the resources its variants hold.
    package var keys: [String] { Array(entries.keys) }

    /// The keys whose variants hold any of `identities`.
    package func keys(holdingAnyOf identities: Set<String>) -> [String] {
        entries.compactMap { key, entry in entry.variants.contains { !$0.identities.all.isDisjoint(with: identities) } ? key : nil }
    }

    /// Evicts least recently used keys (never `kept`, the one just stored, unless it alone is over budget).
    private mutating func evictOverBudget(keeping kept: String) {
        guard totalCost > byteBudget else { return }
        for (key, _) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where key != kept {
            remove(key)
            if totalCost <= byteBudget { return }
        }
        if totalCost > byteBudget { remove(kept) }
    }
}
