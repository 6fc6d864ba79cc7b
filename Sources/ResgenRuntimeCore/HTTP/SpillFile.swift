import Foundation

/// Body bytes that wait for a slow reader on disk instead of in memory: appended at the end, read from
/// the front, emptied whenever the reader caught up. Not thread-safe: its owner serializes every call.
///
/// ``ResponseStreamer`` needs it on Linux, where FoundationNetworking can neither pause a transfer nor
/// let a delegate callback wait for the reader (see there).
final class SpillFile {
    private let file: TemporaryFile
    private let writer: FileHandle
    private let reader: FileHandle
    /// Bytes written since the file was last emptied.
    private var written: Int64 = 0
    /// Bytes read since the file was last emptied.
    private var read: Int64 = 0

    /// Creates an empty file in the temporary directory; it is removed when the spill goes away.
    init() throws {
        file = TemporaryFile(url: TemporaryFile.makeURL(prefix: "resgen-spill"))
        guard FileManager.default.createFile(atPath: file.url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.url.path])
        }
        writer = try FileHandle(forWritingTo: file.url)
        reader = try FileHandle(forReadingFrom: file.url)
    }

    deinit {
        try? writer.close()
        try? reader.close()
    }

    /// The bytes waiting.
    var unread: Int64 { written - read }

    /// Appends `data` after the bytes waiting.
    func append(_ data: Data) throws {
        try writer.write(contentsOf: data)
        written += Int64(data.count)
    }

    /// Takes up to `maximumBytes` of the bytes waiting, oldest first; empties the file once they are
    /// all taken.
    func take(upTo maximumBytes: Int) throws -> Data {
        try reader.seek(toOffset: UInt64(read))
        let data = try reader.read(upToCount: Int(min(Int64(maximumBytes), unread))) ?? Data()
        read += Int64(data.count)
        if unread == 0 {
            try writer.truncate(atOffset: 0)
            written = 0
            read = 0
        }
        return data
    }
}
