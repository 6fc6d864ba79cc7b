/// How far a transfer got: the bytes sent or received so far, and how many there are in all when that
/// is known.
///
/// Downloads report it through their `progress` handler, uploads through
/// ``reportingUploads(to:isolation:_:)``; both hand it over in steps (see ``Reporter``), so a handler can
/// update a user interface with every value it gets.
public struct TransferProgress: Hashable, Sendable, CustomStringConvertible {
    /// The bytes transferred so far. A resumed download counts the bytes it already had.
    public var completedBytes: Int64
    /// The bytes of the whole transfer, when known: a file's length, a `Content-Length`, the complete
    /// length of a `Content-Range`. Nil for a body of unknown length until it ended.
    public var totalBytes: Int64?

    /// Creates a value.
    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// The share done, from 0 to 1, when the total is known (1 for an empty transfer).
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        guard totalBytes > 0 else { return 1 }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }

    /// `1048576 of 4194304 bytes`, or `1048576 bytes` when the total is not known.
    public var description: String {
        totalBytes.map { "\(completedBytes) of \($0) bytes" } ?? "\(completedBytes) bytes"
    }
}
