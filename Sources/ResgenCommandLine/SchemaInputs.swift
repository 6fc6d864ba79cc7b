import Foundation
import ResgenCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ResgenCore

/// Reads the schema a user named on the command line: one file, or every schema file of a directory.
package enum SchemaInputs {
    /// File extensions read as schemas (compared case-insensitively).
    static let extensions: Set<String> = ["yml", "yaml", "json"]

    /// The schema files at `path`, read into memory, sorted by path.
    ///
    /// A file is read whatever its position; a directory contributes every `.yml`, `.yaml` and `.json`
    /// file below it, recursively, skipping hidden files and folders. Paths keep the form the user
    /// typed (`Schemas/blog` gives `Schemas/blog/blog.yml`), so diagnostics read the way they expect.
    ///
    /// - Throws: ``CLIError`` when `path` does not exist, is not a schema file, holds no schema file
    ///   or cannot be read.
    static func read(_ path: String) throws(CLIError) -> [InputFile] {
        try files(at: path)
            .map { file throws(CLIError) in
                InputFile(path: file, contents: try FileReader.contents(of: file))
            }
    }

    /// The paths of the schema files at `path`, sorted.
    static func files(at path: String) throws(CLIError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .noSuchFile(path)
        }
        guard isDirectory.boolValue else {
            guard isSchemaFile(path) else { throw .notASchemaFile(path) }
            return [path]
        }
        var found: [String] = []
        var visited: Set<String> = []
        try collect(in: path, into: &found, visited: &visited)
        guard !found.isEmpty else { throw .noSchemaFiles(inDirectory: path) }
        return found.sorted()
    }

    private static func isSchemaFile(_ path: String) -> Bool {
        extensions.contains(FilePath.lowercasedExtension(of: path))
    }

    /// Appends the schema files below `directory`; `visited` holds resolved directories, so a symbolic
    /// link back up the tree does not loop.
    private static func collect(in directory: String, into found: inout [String], visited: inout Set<String>)
        throws(CLIError)
    {
        guard visited.insert(realPath(directory)).inserted else { return }
        for name in try FileReader.directoryEntries(of: directory) where !name.hasPrefix(".") {
            let child = FilePath.join(directory, name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                try collect(in: child, into: &found, visited: &visited)
            } else if isSchemaFile(child) {
                found.append(child)
            }
        }
    }

    /// `path` with symbolic links resolved, or `path` itself when that fails.
    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
