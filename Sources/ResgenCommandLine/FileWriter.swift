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
///
/// What stands at the output path is looked at with `lstat`, never through a symbolic link: only a
/// regular file there counts as the previous output. A symbolic link (or a FIFO, a socket…) at the path
/// is replaced by a regular file, and the link's target is neither read nor written. So a link left
/// in the output directory cannot make a run write outside it (to whatever the link points at), nor
/// make the new file take the target's permissions; and a FIFO cannot stall the run on a read. A
/// replaced regular file keeps its permission bits but never setuid, setgid or sticky: generated
/// source is not a program to run with another user's rights.
package enum FileWriter {
    /// What ``write(_:to:)`` did.
    package enum Outcome: Equatable {
        /// The file was created or replaced.
        case written
        /// The file already had these bytes and was not touched.
        case unchanged
    }

    /// Makes `contents` the contents of the file at `path`.
    ///
    /// Writes to a temporary file in the same directory, flushes it to disk and renames it over `path`;
    /// a replaced regular file keeps its read, write and execute bits, and anything else at `path` (a
    /// symbolic link included) is replaced by a file with the default permissions.
    ///
    /// - Throws: ``CLIError/cannotWrite(_:reason:)`` naming `path`.
    @discardableResult
    package static func write(_ contents: [UInt8], to path: String) throws(CLIError) -> Outcome {
        let previousMode = regularFileMode(at: path)
        if previousMode != nil, let existing = try? FileReader.contents(of: path), existing == contents { return .unchanged }

        let temporaryName = ".\(FilePath.lastComponent(of: path)).resgen-\(UUID().uuidString)"
        let temporary = FilePath.parent(of: path).map { FilePath.join($0, temporaryName) } ?? temporaryName
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .cannotWrite(path, reason: systemReason(errno)) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }

        if let previousMode { _ = fchmod(fd, previousMode & 0o777) }
        var failure = writeAll(contents, to: fd)
        if failure == nil, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        if let failure { throw .cannotWrite(path, reason: systemReason(failure)) }
        guard rename(temporary, path) == 0 else { throw .cannotWrite(path, reason: systemReason(errno)) }
        renamed = true
        return .written
    }

    /// Removes the file at `path` (a symbolic link itself, never its target).
    ///
    /// - Throws: ``CLIError/cannotWrite(_:reason:)`` naming `path`.
    static func remove(_ path: String) throws(CLIError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .cannotWrite(path, reason: systemReason(errno)) }
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

    /// The mode of the regular file at `path`, by `lstat` (a symbolic link is not followed); nil when
    /// nothing, or something other than a regular file, is there.
    static func regularFileMode(at path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return status.st_mode
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
