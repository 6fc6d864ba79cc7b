import Foundation

/// A wire format that resolves includes by following links after the request (HAL's traversal, whose
/// ``HALTraversalOptions`` adopt it): the client runs a call's flow and hands the resolving to it.
/// A codec names it in ``IncludeResolution/traversal(_:)``.
public protocol IncludeTraversal: Sendable {
    /// Reads the resource at `path` with the relationships along `includes` resolved.
    func fetch<R: Resource>(
        _ path: ResourcePath<R, Op.Show>, including includes: [IncludePath], query: [QueryItem], headers: [HeaderField], client: Client
    ) async throws -> R

    /// Reads the collection at `path` with its items' relationships along `includes` resolved.
    func fetch<R: Resource>(
        _ path: ResourcePath<R, Op.List>, including includes: [IncludePath], query: [QueryItem], headers: [HeaderField], client: Client
    ) async throws -> [R]

    /// `value`, already read, with its relationships along `includes` resolved.
    func resolve<R: Resource>(_ value: R, including includes: [IncludePath], headers: [HeaderField], client: Client) async throws -> R

    /// `values`, already read, with their relationships along `includes` resolved.
    func resolve<R: Resource>(_ values: [R], including includes: [IncludePath], headers: [HeaderField], client: Client) async throws -> [R]
}
