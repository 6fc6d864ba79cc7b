import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes output files the way build systems want them (as SOG's `replaceFileContents` does): a file
/// whose bytes would not change is left alone, so its modification time stays and nothing that
/// depends on it rebuilds; a file that changes is replaced atomically, so a reader (or an interrupted
/// run) never sees it half-written.
enum FileWriter {
    /// What ``write(_:to:)`` did.
    enum Outcome: Equatable {
        /// The file was created or replaced.
        case written
        /// The file already had these bytes and was not touched.
        case unchanged
    }

    /// Makes `contents` the contents of the file at `path`.
    ///
    /// Writes to a temporary file in the same directory, flushes it to disk and renames it over `path`;
    /// a replaced file keeps its permission bits.
    ///
    /// - Throws: ``CLIError/cannotWrite(_:reason:)`` naming `path`.
    @discardableResult
    static func write(_ contents: [UInt8], to path: String) throws(CLIError) -> Outcome {
        if let existing = try? FileReader.contents(of: path), existing == contents { return .unchanged }

        let temporaryName = ".\(FilePath.lastComponent(of: path)).resgen-\(UUID().uuidString)"
        let temporary = FilePath.parent(of: path).map { FilePath.join($0, temporaryName) } ?? temporaryName
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .cannotWrite(path, reason: systemReason(errno)) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }

        var existing = stat()
        if stat(path, &existing) == 0 { _ = fchmod(fd, existing.st_mode & 0o7777) }
        var failure = writeAll(contents, to: fd)
        if failure == nil, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        if let failure { throw .cannotWrite(path, reason: systemReason(failure)) }
        guard rename(temporary, path) == 0 else { throw .cannotWrite(path, reason: systemReason(errno)) }
        renamed = true
        return .written
    }

    /// Creates the directory at `path` and any missing parents.
    ///
    /// - Throws: ``CLIError/notADirectory(_:)`` when `path` (or a parent) is a file,
    ///   ``CLIError/cannotCreateDirectory(_:reason:)`` when creating it fails.
    static func createDirectory(_ path: String) throws(CLIError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .notADirectory(path) }
            return
        }
        if let parent = FilePath.parent(of: path) { try createDirectory(parent) }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            throw .cannotCreateDirectory(path, reason: systemReason(errno))
        }
    }

    /// Writes every byte, retrying short writes and interruptions; returns the `errno` of a failure.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let count = posixWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return nil
        }
    }
}

/// The C library's `write(2)`, under a name that `FileWriter.write` does not shadow.
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}
