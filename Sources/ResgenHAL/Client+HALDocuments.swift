import Foundation
@_spi(Generated) @_spi(Testing) import ResgenRuntimeCore

/// Untyped access, as Halley's manual traversal: any HAL API, no schema. Include strings are Halley's
/// (`[contacts]`, `[contacts].website`, `website`); each names a relation of the document, fetched when
/// not embedded (or always, with ``HALTraversalOptions/alwaysFetch``). The traversal options hold at every
/// depth; every URL is fetched at most once per call.
extension Client {
    /// Fetches the resource at `url` (absolute, or relative to the base URL) with `includes` resolved into
    /// its ``HALDocument/embedded``.
    public func resource(at url: URL, includes: [String] = [], options: HALTraversalOptions? = nil) async throws -> HALDocument {
        try await traverseDocument(at: url, includes: includes, options: options).value
    }

    /// Like ``resource(at:includes:options:)``, with the failures left unresolved and the request count.
    public func traverseDocument(at url: URL, includes: [String] = [], options: HALTraversalOptions? = nil) async throws -> HALTraversal<HALDocument> {
        let engine = HALTraversalEngine(client: self, options: options ?? halOptions, headers: [])
        let tree = try IncludeTree(halIncludes: includes)
        let url = absolute(url)
        return try await withDeadline(.get, url) {
            let document = try await engine.loadDocument(url, path: "")
            return await engine.result(try await engine.resolve(document, tree))
        }
    }

    /// Fetches the collection at `url`: its items (with `includes` resolved in each) and metadata. The
    /// items are read as typed calls read them (one reader, `HALCollectionReader`): `_embedded` written as
    /// an array, else its only entry, else `items` or `item`; or the document itself when it is a JSON
    /// array.
    public func collection(at url: URL, includes: [String] = [], options: HALTraversalOptions? = nil) async throws -> HALCollection {
        let engine = HALTraversalEngine(client: self, options: options ?? halOptions, headers: [])
        let tree = try IncludeTree(halIncludes: includes)
        let url = absolute(url)
        return try await withDeadline(.get, url) {
            let collection = try await engine.loadCollectionDocument(url, named: nil, path: "")
            let resolved = try await engine.resolveEach(collection.items) { try await engine.resolve($0, tree) }
            return HALCollection(items: resolved, metadata: collection.meta, links: collection.links)
        }
    }

    private func absolute(_ url: URL) -> URL {
        url.scheme == nil ? URIReference.url(url.relativeString, relativeTo: baseURL) ?? url : url
    }
}
