/// The API's entry point (`entry:`), validated.
public struct EntryInfo: Hashable, Sendable {
    /// The document's path below the base URL (`/` by default).
    public var path: String
    /// `description`.
    public var description: String?
    /// The document's links, in schema order (at least one).
    public var links: [LinkInfo]
}
