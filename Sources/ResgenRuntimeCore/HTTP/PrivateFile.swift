import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens the files the runtime keeps for one caller — a download's partial file and its record, the
/// temporary file a streamed body waits in — so that they are that caller's alone (issue 46's rule:
/// what the runtime keeps belongs to the caller who fetched it; no one else can read it or plant it).
///
/// - A new file is created with `O_CREAT | O_EXCL` and mode `0600`: never one that was there already,
///   whoever put it there, and readable by its owner only (the umask can only take more away).
/// - An existing file is opened with `O_NOFOLLOW`, and checked on the descriptor (`fstat`, so nothing can
///   be swapped in between) to be a regular file of this process's effective user with a single link:
///   a symbolic link planted under the name fails to open, and a hard link to another file (another
///   user's, or one of this user's elsewhere) is refused, so the caller's bytes never land in them.
///
/// Every descriptor is close-on-exec, so a child process the app starts does not inherit it.
package enum PrivateFile {
    /// Why an existing file was refused.
    package struct Refusal: Error, CustomStringConvertible {
        /// The file's path.
        package var path: String
        /// What is wrong with it.
        package var reason: String
        package var description: String { "'\(path)' is not a private file of this user: \(reason)" }

        /// A refusal of the file at `path`, for `reason`.
        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Creates a new file at `path`, readable and writable by this user only; fails when anything is
    /// there already (`EEXIST`), a symbolic link included.
    ///
    /// - Returns: A handle open for reading and writing, which closes its descriptor when released.
    /// - Throws: `POSIXError`.
    package static func create(atPath path: String) throws -> FileHandle {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw posixError(path) }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Opens the existing file at `path` without following a symbolic link, and checks that it is a
    /// regular file of this user with one link; its mode is set to `0600` (an older version created
    /// files readable by all).
    ///
    /// - Parameter writing: Whether to open it for writing too.
    /// - Returns: A handle (closing its descriptor when released) and the file's length.
    /// - Throws: `POSIXError` when it cannot be opened (`ELOOP` for a symbolic link, `ENOENT` when there
    ///   is none), ``Refusal`` when it is not this user's private regular file.
    package static func openExisting(atPath path: String, writing: Bool) throws -> (handle: FileHandle, length: Int64) {
        let descriptor = open(path, (writing ? O_RDWR : O_RDONLY) | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw posixError(path) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw posixError(path) }
        // O_NONBLOCK above only keeps a planted FIFO from blocking the open; regular files ignore it.
        if status.st_mode & mode_t(S_IFMT) != mode_t(S_IFREG) { throw Refusal(path: path, reason: "it is not a regular file") }
        if status.st_uid != geteuid() { throw Refusal(path: path, reason: "it belongs to user \(status.st_uid)") }
        if status.st_nlink != 1 { throw Refusal(path: path, reason: "it has \(status.st_nlink) links") }
        if status.st_mode & 0o077 != 0, fchmod(descriptor, 0o600) != 0 { throw posixError(path) }
        return (handle, Int64(status.st_size))
    }

    /// Whether `path` names the file `handle` has open (same device and inode, not followed): checked
    /// just before the file is moved into place by name, so that a file swapped in under the name since
    /// it was opened is not.
    package static func names(_ path: String, fileOf handle: FileHandle) -> Bool {
        var named = stat()
        var opened = stat()
        guard lstat(path, &named) == 0, fstat(handle.fileDescriptor, &opened) == 0 else { return false }
        return named.st_dev == opened.st_dev && named.st_ino == opened.st_ino
    }

    /// Moves `source` to `destination` in one step (`rename(2)`), replacing what is there: a symbolic
    /// link at the destination is replaced, not followed.
    ///
    /// - Throws: `POSIXError`.
    package static func move(_ source: String, to destination: String) throws {
        guard rename(source, destination) == 0 else { throw posixError(destination) }
    }

    /// Makes `data` the contents of `path` all at once: written to a new private file called
    /// `temporaryName` in the same folder (``create(atPath:)``), then moved over `path` (``move(_:to:)``,
    /// which replaces a link there without following it). A crash leaves the old contents or the new,
    /// never half of each; on a failure the temporary file is removed and nothing else changed.
    ///
    /// - Throws: `POSIXError`, or the error of writing.
    package static func replaceContents(of path: String, with data: Data, temporaryName: String) throws {
        let temporary = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(temporaryName)
        do {
            let handle = try create(atPath: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try move(temporary, to: path)
        } catch {
            remove(temporary)
            throw error
        }
    }

    /// Removes the name `path` (a symbolic link itself, never its target); nothing when there is none.
    package static func remove(_ path: String) {
        _ = unlink(path)
    }

    private static func posixError(_ path: String) -> POSIXError {
        POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, userInfo: [NSFilePathErrorKey: path])
    }
}
