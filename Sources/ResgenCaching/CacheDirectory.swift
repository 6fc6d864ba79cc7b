import Foundation
import ResgenRuntimeCore

/// The file operations of a cache directory, each one that keeps what is in it to the user who runs the
/// app: the directory is `0700` and must be this user's, files are created `0600` with `O_EXCL` and
/// renamed into place, and a file is read only when it is a regular file of this user's with one link
/// (`O_NOFOLLOW`, then `fstat`: ``PrivateFile``, as the runtime's other files), so a link or a file
/// planted by someone else is never read nor written through.
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

    /// The contents of the file at `path` when it is a private regular file of this user's
    /// (``PrivateFile/openExisting(atPath:writing:)``: not a link, one link, this user's) of at most
    /// `maximumBytes`; nil otherwise.
    package static func readFile(_ path: String, maximumBytes: Int) -> Data? {
        guard let (handle, length) = try? PrivateFile.openExisting(atPath: path, writing: false), length <= maximumBytes else { return nil }
        guard let data = try? handle.read(upToCount: Int(length)) ?? Data(), data.count == Int(length) else { return nil }
        return data
    }

    /// A handle on the file at `path`, under the same conditions as ``readFile(_:maximumBytes:)``: how the
    /// cache reads a file's metadata without its bodies.
    package static func openFile(_ path: String) -> FileHandle? {
        try? PrivateFile.openExisting(atPath: path, writing: false).handle
    }

    /// Makes `data` the contents of `path`: written to a new `0600` file beside it (`O_EXCL`, so nothing
    /// planted under that name is written through) and renamed over `path`, which replaces whatever is
    /// there (a link included) without following it. False when any step fails; then nothing changed.
    package static func writeFile(_ data: Data, to path: String) -> Bool {
        (try? PrivateFile.replaceContents(of: path, with: data, temporaryName: temporaryPrefix + UUID().uuidString)) != nil
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
        guard let handle = try? PrivateFile.create(atPath: temporary) else { return nil }
        do {
            try handle.write(contentsOf: data)
            try handle.close()
        } catch {
            unlink(temporary)
            return nil
        }
        return temporary
    }
}
