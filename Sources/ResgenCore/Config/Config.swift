/// Settings that shape generated code but are not part of the schema (they differ per consumer).
public struct Config: Hashable, Sendable {
    /// The access level of generated declarations.
    public enum AccessLevel: String, Hashable, Sendable, CaseIterable {
        case `public`, `package`, `internal`
    }

    /// Access level of every generated declaration.
    public var accessLevel: AccessLevel

    /// Creates a config.
    public init(accessLevel: AccessLevel = .public) {
        self.accessLevel = accessLevel
    }
}
