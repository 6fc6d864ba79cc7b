import ResgenCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Files an earlier resgen generated into the output directory that this run does not generate: the
/// five files of resgen's layout before per-resource files (`Blog+WireFormat.swift`), the resource
/// files of another `resourceFiles` count (`Blog+Resources17.swift` once it is 16, every
/// `Blog+ResourcesNN.swift` once it is over 99 and the names have three digits), or a file of another
/// layout. Left in place they would be compiled beside the new files and declare every type twice, so
/// `generate` removes them and `check` reports them.
///
/// A file counts only when all of these hold, so a user's own file is never touched: it is a regular
/// file (by `lstat`, a symbolic link is not followed), named `<prefix>+<name>.swift` with the prefix of
/// this run's files, not one of this run's files, and its first line is resgen's notice.
package enum ObsoleteFiles {
    /// The names in `directory` that are obsolete given this run's file names `generated`, sorted; none when the
    /// directory does not exist.
    ///
    /// - Throws: ``CLIError`` when the directory or a candidate exists but cannot be read.
    static func names(in directory: String, generated: [String]) throws(CLIError) -> [String] {
        let prefixes = Set(generated.compactMap { name in name.firstIndex(of: "+").map { String(name[...$0]) } })
        guard !prefixes.isEmpty, isDirectory(directory) else { return [] }
        let current = Set(generated)
        var obsolete: [String] = []
        for name in try FileReader.directoryEntries(of: directory)
        where name.hasSuffix(".swift") && !current.contains(name) && prefixes.contains(where: name.hasPrefix) {
            let path = FilePath.join(directory, name)
            guard FileWriter.regularFileMode(at: path) != nil, let contents = try FileReader.contentsIfPresent(of: path) else { continue }
            if contents.starts(with: Array((GeneratedFile.notice + "\n").utf8)) { obsolete.append(name) }
        }
        return obsolete
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
