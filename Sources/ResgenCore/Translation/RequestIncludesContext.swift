/// What `Templates/Includes.mustache` renders for a request with include sets: `extension <Request>:
/// IncludingRequest` with its `Include` enum.
public struct RequestIncludesContext: Encodable, Hashable, Sendable {
    /// The access modifier, repeated so templates find it in the innermost scope.
    public var access: String
    /// The request type's name.
    public var requestName: String
    /// The resource the sets start at (the response's, or its array's element).
    public var requestIncludeRoot: String
    /// The sets.
    public var requestIncludeCases: [IncludeCaseContext]
}
