import Foundation

extension Client {
    /// A cache the client consults for every request, between its middlewares and its transport:
    /// ``Configuration/cache``. ``HTTPCache`` (RFC 9111, in the `ResgenCaching` module) is the runtime's.
    ///
    /// The client knows a cache only through this protocol, so that the cache lives in a module of its
    /// own: on Linux an executable links every module it depends on whole, and an app that caches
    /// nothing (one that depends on the `ResgenJSONAPI` or `ResgenHAL` product alone) then links no
    /// cache code. `import ResgenRuntime` brings `ResgenCaching` along.
    public protocol Cache: Sendable {
        /// The step that runs one client's requests through the cache, made once when a client with
        /// this cache in its configuration is created.
        ///
        /// The client calls it after its middlewares, as the last step before the transport, so it sees
        /// each request as it is sent (credentials included) and each redirect hop on its own; `next`
        /// is the transport. A call that streams its body (a download,
        /// ``Client/bytes(_:_:headers:body:accept:requiresAuth:maximumBytes:)``) goes past it: such a
        /// body is neither stored nor answered from the store.
        ///
        /// - Parameters:
        ///   - baseURL: The client's base URL: the API's paths are below it.
        ///   - codec: The client's codec, which may name the resources a document holds (so a write can
        ///     make stale every stored document that holds the written resource).
        func step(baseURL: URL, codec: any ResourceCodec) -> any ClientMiddleware
    }
}
