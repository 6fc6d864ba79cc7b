import Foundation

/// A codec that can name the resources a document holds, so that the client's ``HTTPCache`` drops every
/// stored document holding a resource once a write changed it (a document that included or embedded it,
/// not only the written URL's). A format module's codec adopts it; for any other codec the cache falls
/// back to what RFC 9111 and the paths say.
package protocol CacheIdentifyingCodec: ResourceCodec {
    /// The resources `body` (fetched from or sent to `url`) holds; read only when the cache stores a
    /// response or a write succeeds, never on a cache hit.
    func cacheIdentities(of body: Data, url: URL) -> CacheIdentities
}
