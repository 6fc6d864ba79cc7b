/// Settings that shape generated code but are not part of the schema (they differ per consumer).
public struct Config: Hashable, Sendable {
    /// The access level of generated declarations.
    public enum AccessLevel: String, Hashable, Sendable, CaseIterable {
        case `public`, `package`, `internal`
    }

    /// Access level of every generated declaration.
    public var accessLevel: AccessLevel

    /// The prefix of the generated file names (`<filePrefix>+Models.swift`, …); nil means the schema's
    /// `api.name`. A build plugin sets it so it knows the file names before the generator runs.
    public var filePrefix: String?

    /// Creates a config.
    public init(accessLevel: AccessLevel = .public, filePrefix: String? = nil) {
        self.accessLevel = accessLevel
        self.filePrefix = filePrefix
    }

    /// Whether `prefix` can start a generated file name: not empty, letters, digits, `_`, `-` and `.`
    /// only, and not starting with `.` or `-` (no hidden files, nothing a shell reads as an option).
    public static func isValidFilePrefix(_ prefix: String) -> Bool {
        guard let first = prefix.first, first != ".", first != "-" else { return false }
        return prefix.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
    }
}
