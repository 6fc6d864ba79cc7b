import Foundation

/// The bytes of a request as a ``Transport`` sends them.
///
/// Whether a body can be sent twice matters: retries, auth refreshes and redirects replay a request,
/// and a replay never resends a body that cannot be replayed (a stream is consumed by its first send).
public enum OutgoingBody: Sendable {
    /// No body.
    case none
    /// Bytes in memory.
    case data(Data)
    /// A file's contents, read afresh by every send (large uploads, streamed from disk).
    case file(URL)
    /// A file the runtime wrote (e.g. an encoded multipart body), deleted once nothing refers to it.
    case temporaryFile(TemporaryFile)
    /// Chunks produced once; the body cannot be replayed.
    case stream(AsyncThrowingStream<Data, any Error>)

    /// Whether sending the body again sends the same bytes.
    public var isReplayable: Bool {
        if case .stream = self { return false }
        return true
    }

    /// The length in bytes, when known without reading the body.
    public var knownLength: Int64? {
        switch self {
        case .none: 0
        case .data(let data): Int64(data.count)
        case .file(let url): Self.fileSize(url)
        case .temporaryFile(let file): Self.fileSize(file.url)
        case .stream: nil
        }
    }

    private static func fileSize(_ url: URL) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
    }
}

/// A file that is removed when the last reference to it goes away.
public final class TemporaryFile: Sendable {
    /// Where the file is.
    public let url: URL

    /// Takes ownership of the file at `url`.
    public init(url: URL) { self.url = url }

    /// A fresh path in the system's temporary directory (the file is not created).
    public static func makeURL(prefix: String = "resgen") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
