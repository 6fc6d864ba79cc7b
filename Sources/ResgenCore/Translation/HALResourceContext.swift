/// What `Templates/HALDecoding.mustache` renders into a resource of a `format: hal` schema.
public struct HALResourceContext: Encodable, Hashable, Sendable {
    /// The access modifier, repeated here so templates find `{{access}}` in the innermost scope
    /// (a key Mustache has to search outer scopes for costs a dynamic cast per scope).
    public var access: String
    /// As ``APIContext/spi``: `@_spi(Generated) ` or nothing.
    public var spi: String
    /// The resource's type name, repeated here for the same reason.
    public var resourceName: String
    /// The cases of `HALCodingKeys`: `id`, …, `halLinks = "_links"`.
    public var halCodingKeys: [CodingKeyContext]
    /// The body of `init(halFrom:)`, one statement a line.
    public var halDecodeStatements: CodeLines
    /// The body of `encode(halTo:)` after the container, one statement a line.
    public var halEncodeStatements: CodeLines
    /// The `HALRelation(…)` expressions of `halRelations`, one a line, each ending in a comma but the last.
    public var halRelationLines: CodeLines
    /// Whether the resource has `changes(since:)` (it has `patch`).
    public var halHasChanges: Bool
    /// The body of `changes(since:)`.
    public var halChangeStatements: CodeLines
}
