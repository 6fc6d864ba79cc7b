import Foundation
import Testing

/// A temporary directory of one test, removed when the test is done; commands run inside it, so
/// paths in their output are the relative paths the test passed.
final class Sandbox {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// A path inside the sandbox.
    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// Writes `text` to `path`, creating directories as needed.
    func write(_ text: String, to path: String) throws {
        let url = url(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The text of the file at `path`.
    func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: url(path)), as: UTF8.self)
    }

    /// Whether something exists at `path`; `isDirectory` tells what.
    func exists(_ path: String, isDirectory: Bool? = nil) -> Bool {
        var directory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url(path).path, isDirectory: &directory) else { return false }
        return isDirectory.map { $0 == directory.boolValue } ?? true
    }

    /// The names of the entries of directory `path`, sorted.
    func entries(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(path).path).sorted()
    }

    /// Runs `resgen` with `arguments` in the sandbox.
    func resgen(_ arguments: String...) async throws -> CommandResult {
        try await ResgenProcess.run(arguments, in: root)
    }

    /// The identity of each file in `directory` (inode and modification time, to the nanosecond), to tell
    /// whether a later run touched them.
    func fileStamps(in directory: String) throws -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for name in try entries(directory) {
            stamps[name] = try FileStamp(url(directory).appendingPathComponent(name))
        }
        return stamps
    }

    /// Moves the modification time of every file in `directory` an hour back, so a rewrite is visible
    /// even on file systems with coarse timestamps.
    func backdateFiles(in directory: String) throws {
        let past = Date(timeIntervalSinceNow: -3600)
        for name in try entries(directory) {
            try FileManager.default.setAttributes(
                [.modificationDate: past],
                ofItemAtPath: url(directory).appendingPathComponent(name).path
            )
        }
    }
}

/// Inode and modification time of a file: a replaced or rewritten file changes at least one of them.
struct FileStamp: Equatable, CustomStringConvertible {
    var inode: UInt64
    var modified: Date

    init(_ url: URL) throws {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        modified = attributes[.modificationDate] as? Date ?? .distantPast
    }

    var description: String { "inode \(inode), modified \(modified.timeIntervalSince1970)" }
}

/// A minimal valid schema: one JSON:API resource with one operation.
let miniSchema = """
    api: {name: Mini, format: jsonapi, baseURL: "https://x.test"}
    resources: {Thing: {type: things, path: /things, operations: [show], attributes: {name: String}}}

    """
