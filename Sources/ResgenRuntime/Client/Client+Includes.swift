import Foundation

/// Reading with include sets: `client.fetch(Article.show("1"), including: .full)`.
extension Client {
    /// Reads one resource with the relationships of `includes` resolved (see the codec for how).
    public func fetch<R: HasIncludes>(_ path: ResourcePath<R, Op.Show>, including includes: R.Include..., query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> R {
        try await configuration.codec.fetch(path, including: Self.paths(includes), query: query, headers: headers, client: self)
    }

    /// Reads a collection with its items' relationships of `includes` resolved.
    public func fetch<R: HasIncludes>(_ path: ResourcePath<R, Op.List>, including includes: R.Include..., query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> [R] {
        try await configuration.codec.fetch(path, including: Self.paths(includes), query: query, headers: headers, client: self)
    }

    /// The include paths of several sets, first occurrence kept.
    static func paths<Include: IncludeSet>(_ includes: [Include]) -> [IncludePath] {
        var seen = Set<IncludePath>()
        return includes.flatMap(\.paths).filter { seen.insert($0).inserted }
    }
}
