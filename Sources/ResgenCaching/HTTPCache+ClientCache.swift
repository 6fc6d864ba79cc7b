import Foundation
import ResgenRuntimeCore

/// How a client reaches its ``HTTPCache``: the core knows only ``Client/Cache``, so this module (and the
/// cache's code) is linked only into apps that use it.
extension HTTPCache: Client.Cache {
    /// The step that runs a client's requests through this cache: stale stored documents are found
    /// below `baseURL` by path and, when `codec` names the resources a document holds (the HAL and
    /// JSON:API codecs do), by resource.
    public func step(baseURL: URL, codec: any ResourceCodec) -> any ClientMiddleware {
        let codec = codec as? any CacheIdentifyingCodec
        return CachingExchange(
            cache: self, basePath: URLComponents(url: baseURL, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? baseURL.path,
            identities: { data, url in codec?.cacheIdentities(of: data, url: url) ?? .none })
    }
}
