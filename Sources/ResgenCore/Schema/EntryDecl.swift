/// The `entry:` block: the API's entry point, a document at a fixed path (usually `GET /`) whose links
/// lead to everything else (`search`, `find`).
public struct EntryDecl: Hashable, Sendable {
    /// `path`: the document's path (default `/`).
    public var path: Located<String>?
    /// `description`.
    public var description: String?
    /// `links`: the relations of the document's links.
    public var links: [LinkDecl] = []
    /// Where the block starts.
    public var location: SourceLocation

    /// Creates an empty block at `location`.
    public init(location: SourceLocation) {
        self.location = location
    }
}
