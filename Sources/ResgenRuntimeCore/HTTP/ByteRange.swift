/// One range of a `Range` request for bytes (RFC 9110 §14.1.1, `range-spec`): which bytes of the
/// selected representation to send.
///
/// Positions count from 0 and are inclusive, as on the wire: `closed(first: 0, last: 499)` is the first
/// 500 bytes. A resumed download asks for ``from(first:)``: everything from the first byte it lacks.
public enum ByteRange: Hashable, Sendable, CustomStringConvertible {
    /// `first-last`: the bytes from `first` through `last`, both included (`last` ≥ `first`).
    case closed(first: Int64, last: Int64)
    /// `first-`: the bytes from `first` to the end of the representation.
    case from(first: Int64)
    /// `-length`: the last `length` bytes of the representation.
    case suffix(length: Int64)

    /// The range as written in a `Range` field: `0-499`, `500-` or `-500`.
    public var description: String {
        switch self {
        case .closed(let first, let last): "\(first)-\(last)"
        case .from(let first): "\(first)-"
        case .suffix(let length): "-\(length)"
        }
    }
}
