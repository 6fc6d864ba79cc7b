import Foundation

/// A dictionary behind a lock, for caches shared by concurrent pipeline runs.
final class LockedDictionary<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Key: Value] = [:]

    /// Runs `body` with the dictionary while holding the lock.
    func withLock<Result>(_ body: (inout [Key: Value]) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&storage)
    }
}
