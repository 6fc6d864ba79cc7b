/// The API's entry point: `<Name>.Entry` and its `Link` enum (`Templates/Paths.mustache`).
public struct EntryContext: Encodable, Hashable, Sendable {
    /// As ``ResourceContext/access``.
    public var access: String
    /// Doc comment lines of `Entry`.
    public var entryDoc: [String]
    /// The path as a string literal.
    public var entryPathLiteral: String
    /// `.hal` or `.jsonapi`.
    public var entryFormatCase: String
    /// The cases of `Entry.Link`.
    public var entryLinkCases: [LinkCaseContext]
    /// The `Link` cases of the templated links, for `templatedLinks`.
    public var entryTemplatedLinks: [String]
    /// Whether there is any.
    public var entryHasTemplatedLinks: Bool
}
