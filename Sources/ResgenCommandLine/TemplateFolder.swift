import Foundation

/// Reads a user's template override folder (`--templates <dir>`).
package enum TemplateFolder {
    /// Every `*.mustache` file directly in `path`, by file name (e.g. `Models.mustache`).
    ///
    /// Names that match no template are not checked here: `TemplateSet.overriding` warns about them.
    ///
    /// - Throws: ``CLIError`` when `path` is missing, is not a directory or cannot be read.
    static func read(_ path: String) throws(CLIError) -> [String: String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .noSuchFile(path)
        }
        guard isDirectory.boolValue else { throw .notADirectory(path) }
        var overrides: [String: String] = [:]
        for name in try FileReader.directoryEntries(of: path) {
            guard name.hasSuffix(".mustache"), !name.hasPrefix(".") else { continue }
            let file = FilePath.join(path, name)
            overrides[name] = String(decoding: try FileReader.contents(of: file), as: UTF8.self)
        }
        return overrides
    }
}
