import Foundation

/// The file operations of a cache directory, each one that keeps what is in it to the user who runs the
/// app: the directory is `0700` and must be this user's, files are created `0600` with `O_EXCL` and
/// renamed into place, and a file is read only when it is a regular file of this user's that no one
/// else may read (`O_NOFOLLOW`, then `fstat`), so a link or a file planted by someone else is never
/// read nor written through.
package enum CacheDirectory {
    /// Why a directory cannot hold a cache.
    package enum Refusal: Equatable, Sendable {
        case cannotCreate(errno: Int32)
        case notADirectory
        case ownedByAnotherUser(owner: UInt32)
        case writableByOthers(mode: UInt32)
        /// Its key file (``DiskCacheStore/keyFileName``) could be neither read nor created.
        case unusableKeyFile
    }

    /// Creates `url` when missing (`0700`, parents as usual) and checks that it is a directory of this
    /// user's that no group or other user may write; one that others may read or enter is made `0700`
    /// (as an older resgen created it `0755`).
    package static func prepare(_ url: URL) -> Refusal? {
        let path = url.path
        let parent = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        if mkdir(path, 0o700) != 0, errno != EEXIST { return .cannotCreate(errno: errno) }
        var status = stat()
        guard stat(path, &status) == 0 else { return .cannotCreate(errno: errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { return .notADirectory }
        guard status.st_uid == geteuid() else { return .ownedByAnotherUser(owner: UInt32(status.st_uid)) }
        let permissions = UInt32(status.st_mode & 0o7777)
        guard permissions & 0o022 == 0 else { return .writableByOthers(mode: permissions) }
        if permissions & 0o077 != 0 { _ = chmod(path, 0o700) }
        return nil
    }

    /// The contents of the file at `path` when it is a regular file (not a link) of this user's that no
    /// one else may read or write, of at most `maximumBytes`; nil otherwise.
    package static func readFile(_ path: String, maximumBytes: Int) -> Data? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let size = privateFileSize(fd), size <= maximumBytes else { return nil }
        var data = Data(count: size)
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            var offset = 0
            while offset < size {
                let count = read(fd, buffer.baseAddress! + offset, size - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return complete ? data : nil
    }

    /// A handle on the file at `path`, under the same conditions as ``readFile(_:maximumBytes:)``: how the
    /// cache reads a file's metadata without its bodies.
    package static func openFile(_ path: String) -> FileHandle? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard privateFileSize(fd) != nil else {
            close(fd)
            return nil
        }
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// Makes `data` the contents of `path`: written to a new `0600` file beside it (`O_EXCL`, so nothing
    /// planted under that name is written through) and renamed over `path`, which replaces whatever is
    /// there (a link included) without following it. False when any step fails; then nothing changed.
    package static func writeFile(_ data: Data, to path: String) -> Bool {
        guard let temporary = writeTemporary(data, beside: path) else { return false }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Creates `path` with `data` when nothing is there, all at once (a new `0600` file linked into place:
    /// `link` fails on anything at `path`, a link included). False when `path` existed or a step failed.
    package static func createFile(_ data: Data, at path: String) -> Bool {
        guard let temporary = writeTemporary(data, beside: path) else { return false }
        defer { unlink(temporary) }
        return link(temporary, path) == 0
    }

    /// The prefix of temporary files: hidden, so a listing of the cache's files skips them.
    package static let temporaryPrefix = ".resgen-tmp-"

    private static func writeTemporary(_ data: Data, beside path: String) -> String? {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = (directory as NSString).appendingPathComponent(temporaryPrefix + UUID().uuidString)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard close(fd) == 0, written else {
            unlink(temporary)
            return nil
        }
        return temporary
    }

    /// The size of the open file `fd` when it is a regular file of this user's with no permission for
    /// anyone else; nil otherwise.
    private static func privateFileSize(_ fd: Int32) -> Int? {
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(), status.st_mode & 0o077 == 0 else {
            return nil
        }
        return Int(status.st_size)
    }
}
