/// Path arithmetic on plain strings, keeping paths the way the user typed them.
///
/// Deliberately not `NSString`'s path methods: on Linux with Swift 6.3.1,
/// `("o" as NSString).deletingLastPathComponent` traps (seen with the bare names `o` and `ab`).
package enum FilePath {
    /// `directory/name`, without doubling a trailing slash.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The path of generated file `name` inside `directory`.
    ///
    /// - Throws: ``CLIError/unsafeFileName(_:)`` when `name` is absolute, empty or climbs out with `..`.
    static func outputPath(for name: String, in directory: String) throws(CLIError) -> String {
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !components.contains(where: { $0 == ".." || $0.isEmpty }) else {
            throw .unsafeFileName(name)
        }
        return join(directory, name)
    }

    /// The directory part of `path` (`a/b/c` → `a/b`, `/a` → `/`), or nil for a bare name or `/`.
    static func parent(of path: String) -> String? {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return nil }
        var parent = trimmed[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent = parent.dropLast() }
        return parent.isEmpty ? "/" : String(parent)
    }

    /// The last component of `path` (`a/b.yml` → `b.yml`).
    static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed.split(separator: "/").last ?? trimmed)
    }

    /// The extension of the last component, lowercased, without the dot (`A.YML` → `yml`); empty when
    /// there is none. A leading dot (`.yml`) is a hidden file's name, not an extension.
    static func lowercasedExtension(of path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
