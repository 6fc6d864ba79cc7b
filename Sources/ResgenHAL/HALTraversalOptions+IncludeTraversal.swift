import Foundation
@_spi(Generated) @_spi(Testing) import ResgenRuntimeCore

/// HAL resolves includes after the request: `_embedded` resources are taken, links followed, with these
/// options (``HALCodec/includeResolution``).
extension HALTraversalOptions: IncludeTraversal {
    public func fetch<R: Resource>(
        _ path: ResourcePath<R, Op.Show>, including includes: [IncludePath], query: [QueryItem], headers: [HeaderField], client: Client
    ) async throws -> R {
        try await client.traverse(path, including: includes, query: query, headers: headers, options: self).value
    }

    public func fetch<R: Resource>(
        _ path: ResourcePath<R, Op.List>, including includes: [IncludePath], query: [QueryItem], headers: [HeaderField], client: Client
    ) async throws -> [R] {
        try await client.traverse(path, including: includes, query: query, headers: headers, options: self).value
    }

    public func resolve<R: Resource>(_ value: R, including includes: [IncludePath], headers: [HeaderField], client: Client) async throws -> R {
        let engine = HALTraversalEngine(client: client, options: self, headers: headers)
        return try await engine.resolve(value, IncludeTree(includes))
    }

    public func resolve<R: Resource>(_ values: [R], including includes: [IncludePath], headers: [HeaderField], client: Client) async throws -> [R] {
        let engine = HALTraversalEngine(client: client, options: self, headers: headers)
        let tree = IncludeTree(includes)
        return try await engine.resolveEach(values) { try await engine.resolve($0, tree) }
    }
}
