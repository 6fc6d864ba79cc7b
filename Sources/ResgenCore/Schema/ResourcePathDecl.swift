/// One entry of a resource's `paths:`: a further path at which the resource's collection lives
/// (`/projects/{id}/tasks` beside `/tasks`), with the operations that path grants.
public struct ResourcePathDecl: Hashable, Sendable {
    /// The key: the Swift name of the path's type, nested in the resource (`inProject` → `Task.InProject`).
    public var name: Located<String>
    /// `path`: an absolute collection path, or with `parent` one segment under it.
    public var path: Located<String>?
    /// `parent`: the resource whose instances hold this collection.
    public var parent: Located<String>?
    /// `operations`.
    public var operations: [Located<String>] = []
    /// `description`.
    public var description: String?
    /// `acceptsIncludes`: the include sets this path accepts (its `list` and `show`); nil when the key is
    /// absent (any).
    public var acceptsIncludes: [Located<String>]?

    /// Creates an entry with only its name.
    public init(name: Located<String>) {
        self.name = name
    }
}
