import Foundation

/// The `ETag` each resource URL was last read with, for ``Client/Configuration/sendsIfMatchAutomatically``:
/// a write to that URL then carries `If-Match` with it. Bounded: the oldest URLs are forgotten first.
final class EntityTagMemory: @unchecked Sendable {
    // @unchecked: `tags` and `order` are only touched under `lock`.
    private let lock = NSLock()
    private var tags: [String: EntityTag] = [:]
    private var order: [String] = []
    private let capacity: Int

    init(capacity: Int = 1_000) { self.capacity = capacity }

    /// The tag `url` was last read or written with.
    func tag(for url: URL) -> EntityTag? { lock.withLock { tags[Self.key(url)] } }

    /// Remembers `tag` for `url` (nil forgets it).
    func remember(_ tag: EntityTag?, for url: URL) {
        let key = Self.key(url)
        lock.withLock {
            order.removeAll { $0 == key }
            guard let tag else {
                tags[key] = nil
                return
            }
            tags[key] = tag
            order.append(key)
            if order.count > capacity { tags[order.removeFirst()] = nil }
        }
    }

    /// A URL without its query and fragment: the resource a write targets.
    private static func key(_ url: URL) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        components?.query = nil
        components?.fragment = nil
        return components?.url?.absoluteString ?? url.absoluteString
    }
}
