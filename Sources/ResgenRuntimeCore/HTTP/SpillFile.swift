import Foundation

/// Body bytes that wait for a slow reader on disk instead of in memory: appended at the end, read from
/// the front, emptied whenever the reader caught up. Not thread-safe: its owner serializes every call.
///
/// ``ResponseStreamer`` needs it on Linux, where FoundationNetworking can neither pause a transfer nor
/// let a delegate callback wait for the reader (see there).
///
/// The bytes are the caller's (an authenticated response's, say), so the file is theirs alone (issue 46,
/// finding 7: it was created readable by all, and another user read a stream's body from it while it
/// ran). It is created new (`O_EXCL`, never a file or link planted under its name) with mode `0600`
/// (``PrivateFile``), and its name is removed as soon as it is open: no other process can open it, and
/// nothing is left in the temporary folder when the process ends, even when it is killed. And it is
/// bounded: past `maximumBytes` waiting, ``append(_:)`` throws ``SpillLimitError`` instead of filling the
/// disk (a 535 MB body spilled whole to a reader that had stopped).
final class SpillFile {
    private let handle: FileHandle
    /// The most bytes that may wait.
    private let maximumBytes: Int64
    /// Bytes written since the file was last emptied.
    private var written: Int64 = 0
    /// Bytes read since the file was last emptied.
    private var read: Int64 = 0

    /// Creates an empty private file in the temporary directory, whose name is gone at once.
    ///
    /// - Parameter maximumBytes: The most bytes that may wait at once.
    init(maximumBytes: Int) throws {
        let path = TemporaryFile.makeURL(prefix: "resgen-spill").path
        handle = try PrivateFile.create(atPath: path)
        PrivateFile.remove(path)
        self.maximumBytes = Int64(max(0, maximumBytes))
    }

    deinit {
        try? handle.close()
    }

    /// The bytes waiting.
    var unread: Int64 { written - read }

    /// Appends `data` after the bytes waiting.
    ///
    /// - Throws: ``SpillLimitError`` when more than the limit would wait; an error of the file system.
    func append(_ data: Data) throws {
        guard unread + Int64(data.count) <= maximumBytes else { throw SpillLimitError(maximumBytes: Int(maximumBytes)) }
        try handle.seek(toOffset: UInt64(written))
        try handle.write(contentsOf: data)
        written += Int64(data.count)
    }

    /// Takes up to `maximumBytes` of the bytes waiting, oldest first; empties the file once they are
    /// all taken.
    func take(upTo maximumBytes: Int) throws -> Data {
        try handle.seek(toOffset: UInt64(read))
        let data = try handle.read(upToCount: Int(min(Int64(maximumBytes), unread))) ?? Data()
        read += Int64(data.count)
        if unread == 0 {
            try handle.truncate(atOffset: 0)
            written = 0
            read = 0
        }
        return data
    }
}
