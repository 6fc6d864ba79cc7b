/// The includes that a resource allows, as a generated enum with one case per choice.
///
/// ```swift
/// enum Include: IncludeSet {
///     typealias Root = Article
///     case author, commentsWithAuthors
///     var paths: [IncludePath] { … }
/// }
/// ```
public protocol IncludeSet: Hashable, Sendable, CaseIterable {
    /// The resource the paths start from.
    associatedtype Root: Resource

    /// The relationship paths this choice includes, in schema order.
    var paths: [IncludePath] { get }
}

extension IncludeSet {
    /// The value of JSON:API's `include` query parameter for this choice: the ``paths`` in order,
    /// without repeats, joined with commas, for example `"author,comments"`.
    public var includeQuery: String {
        paths.includeParameter
    }

    /// The value of JSON:API's `include` query parameter for several choices: their paths in order,
    /// without repeats, joined with commas.
    ///
    /// - Parameter includes: The choices, in order.
    /// - Returns: The parameter value, for example `"author,comments.author"`.
    public static func includeQuery(_ includes: some Sequence<Self>) -> String {
        includes.flatMap(\.paths).includeParameter
    }
}

extension IncludeSet {
    /// The relationship paths of `sets`, as a path that accepts only them declares its `acceptedIncludes`
    /// (``RootResource/acceptedIncludes``, schema `acceptsIncludes`).
    ///
    /// - Parameter sets: The include sets the path accepts.
    /// - Returns: Their paths.
    public static func acceptedPaths(_ sets: [Self]) -> Set<IncludePath> {
        Set(sets.flatMap(\.paths))
    }
}
