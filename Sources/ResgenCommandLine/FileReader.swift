#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads files and directories with POSIX calls, so a failure carries the system's reason
/// (`permission denied`) rather than a Foundation sentence.
package enum FileReader {
    /// The bytes of the file at `path`.
    ///
    /// - Throws: ``CLIError/cannotRead(_:reason:)`` naming `path`.
    package static func contents(of path: String) throws(CLIError) -> [UInt8] {
        switch read(path) {
        case .success(let bytes): return bytes
        case .failure(let error): throw .cannotRead(path, reason: systemReason(error.code))
        }
    }

    /// The bytes of the file at `path`, or nil when it does not exist.
    ///
    /// - Throws: ``CLIError/cannotRead(_:reason:)`` when it exists but cannot be read.
    static func contentsIfPresent(of path: String) throws(CLIError) -> [UInt8]? {
        switch read(path) {
        case .success(let bytes): return bytes
        case .failure(let error) where error.code == ENOENT || error.code == ENOTDIR: return nil
        case .failure(let error): throw .cannotRead(path, reason: systemReason(error.code))
        }
    }

    /// The names in the directory at `path` (without `.` and `..`), sorted.
    ///
    /// - Throws: ``CLIError/cannotRead(_:reason:)`` naming `path`.
    static func directoryEntries(of path: String) throws(CLIError) -> [String] {
        guard let stream = opendir(path) else { throw .cannotRead(path, reason: systemReason(errno)) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The whole file, or the `errno` of the failure.
    private static func read(_ path: String) -> Result<[UInt8], Errno> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Errno(errno)) }
        defer { close(fd) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
            if count == 0 { return .success(result) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Errno(errno))
            }
            result += buffer[0..<count]
        }
    }

    /// An `errno` value as an `Error`, for `Result`.
    private struct Errno: Error {
        var code: Int32
        init(_ code: Int32) { self.code = code }
    }
}

/// The C library's `read(2)`, under a name that `FileReader.read` does not shadow.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// `strerror(code)` with a lowercase first letter, to read well after `cannot write 'x': `.
package func systemReason(_ code: Int32) -> String {
    let message = String(cString: strerror(code))
    return message.prefix(1).lowercased() + message.dropFirst()
}
