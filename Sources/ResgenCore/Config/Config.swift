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

    /// How many files hold the resources (`<filePrefix>+Resources01.swift` …), each resource in the one
    /// a hash of its name picks; within ``resourceFilesRange``. More files make an edit to one resource
    /// recompile less, fewer leave a small API fewer empty files. A build plugin sets it, like the
    /// prefix, so it knows the file names before the generator runs.
    public var resourceFiles: Int

    /// The number of resource files when the config and the command line do not say.
    public static let defaultResourceFiles = 16

    /// The numbers of resource files resgen accepts.
    public static let resourceFilesRange = 1...256

    /// Creates a config.
    public init(accessLevel: AccessLevel = .public, filePrefix: String? = nil, resourceFiles: Int = Config.defaultResourceFiles) {
        self.accessLevel = accessLevel
        self.filePrefix = filePrefix
        self.resourceFiles = resourceFiles
    }

    /// Whether `prefix` can start a generated file name: not empty, letters, digits, `_`, `-` and `.`
    /// only, and not starting with `.` or `-` (no hidden files, nothing a shell reads as an option).
    public static func isValidFilePrefix(_ prefix: String) -> Bool {
        guard let first = prefix.first, first != ".", first != "-" else { return false }
        return prefix.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
    }
}
