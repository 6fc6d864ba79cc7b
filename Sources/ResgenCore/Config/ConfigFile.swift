/// A validated config file: paths normalized and known to stay inside the config's folder (the
/// target's folder, for the plugins), values checked. Made by ``UserConfig/validated(diagnostics:)``.
///
/// Paths are relative to the folder holding the config; whether they exist is for the caller (the
/// CLI) to check, since ResgenCore does no file I/O. The key locations let it report that on the
/// config's line.
public struct ConfigFile: Hashable, Sendable {
    /// The config file's path as given.
    public var path: String
    /// The schema file or folder, relative to the config's folder, normalized (never `..`, never `.`).
    public var schema: Located<String>
    /// The template override folder, relative to the config's folder, normalized.
    public var templates: Located<String>?
    /// Access level and file prefix.
    public var config: Config

    /// Creates a validated config.
    public init(path: String, schema: Located<String>, templates: Located<String>?, config: Config) {
        self.path = path
        self.schema = schema
        self.templates = templates
        self.config = config
    }

    /// `path` with `.` and empty components dropped and `..` applied, joined with `/` (`.` when nothing
    /// is left); nil when `..` would climb above the start.
    public static func normalize(_ path: String) -> String? {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                guard components.popLast() != nil else { return nil }
            default: components.append(component)
            }
        }
        return components.isEmpty ? "." : components.joined(separator: "/")
    }
}
