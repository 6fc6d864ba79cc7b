import Foundation

/// The resources a document holds, as its wire format names them (JSON:API `type/id`, a HAL resource's
/// absolute `self` link): how the cache finds every stored document a write made stale, not only the
/// written URL's (RFC 9111 §4.4 invalidates only the target, `Location` and `Content-Location`).
package struct CacheIdentities: Sendable, Equatable, Codable {
    /// The resources the document is about: its primary data.
    package var primary: Set<String>
    /// Every resource in it: primary data and what it includes or embeds.
    package var all: Set<String>

    package init(primary: Set<String> = [], all: Set<String> = []) {
        self.primary = primary
        self.all = all.union(primary)
    }

    package static let none = CacheIdentities()
}
