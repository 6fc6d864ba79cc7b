import Foundation
@_spi(Generated) @_spi(Testing) import ResgenRuntimeCore

/// HAL traversal: includes resolved from `_embedded` or by following links (see ``HALTraversalOptions``).
extension Client {
    /// Reads a resource and resolves `includes`, reporting failures left unresolved and the request count.
    ///
    /// - Parameters:
    ///   - path: The resource to read.
    ///   - includes: The relationships to resolve, from `_embedded` or by following links.
    ///   - query: Query items of the first request only; nested fetches take theirs from `options`.
    ///   - headers: Header fields of every request the traversal makes, sent to trusted origins only.
    ///   - options: The traversal's options; the codec's (or the defaults) when `nil`.
    public func traverse<R: Resource>(
        _ path: ResourcePath<R, Op.Show>, including includes: [IncludePath], query: [QueryItem] = [], headers: [HeaderField] = [],
        options: HALTraversalOptions? = nil
    ) async throws -> HALTraversal<R> {
        let engine = HALTraversalEngine(client: self, options: options ?? halOptions, headers: headers)
        let url = try url(for: path, query: query)
        return try await withDeadline(.get, url) {
            let root = try await engine.load(R.self, url, path: "")
            return await engine.result(try await engine.resolve(root, IncludeTree(includes)))
        }
    }

    /// Reads a collection and resolves `includes` of every item.
    public func traverse<R: Resource>(
        _ path: ResourcePath<R, Op.List>, including includes: [IncludePath], query: [QueryItem] = [], headers: [HeaderField] = [],
        options: HALTraversalOptions? = nil
    ) async throws -> HALTraversal<[R]> {
        let engine = HALTraversalEngine(client: self, options: options ?? halOptions, headers: headers)
        let url = try url(for: path, query: query)
        let tree = IncludeTree(includes)
        return try await withDeadline(.get, url) {
            let items = try await engine.loadCollection(R.self, url, path: "")
            return await engine.result(try await engine.resolveEach(items) { try await engine.resolve($0, tree) })
        }
    }

    /// Reads a resource with includes written as strings in Halley's notation (`"[contacts].website"`).
    ///
    /// - Throws: ``HALTraversalError/unknownInclude(include:step:resource:known:)`` for a relationship the
    ///   schema does not know, before any request.
    public func fetch<R: HALResource>(
        _ path: ResourcePath<R, Op.Show>, including includes: [String], query: [QueryItem] = [], headers: [HeaderField] = [],
        options: HALTraversalOptions? = nil
    ) async throws -> R {
        let paths = try IncludeString.paths(includes, root: R.self)
        return try await traverse(path, including: paths, query: query, headers: headers, options: options).value
    }

    /// Reads a collection with includes written as strings in Halley's notation.
    public func fetch<R: HALResource>(
        _ path: ResourcePath<R, Op.List>, including includes: [String], query: [QueryItem] = [], headers: [HeaderField] = [],
        options: HALTraversalOptions? = nil
    ) async throws -> [R] {
        let paths = try IncludeString.paths(includes, root: R.self)
        return try await traverse(path, including: paths, query: query, headers: headers, options: options).value
    }

    /// The codec's traversal options, or the defaults when its wire format has no traversal.
    var halOptions: HALTraversalOptions {
        if case .traversal(let options as HALTraversalOptions) = configuration.codec.includeResolution { return options }
        return HALTraversalOptions()
    }
}
