/// The value of a `Content-Range` response field for bytes (RFC 9110 §14.4): which part of the
/// representation a `206 Partial Content` holds, or, on a `416 Range Not Satisfiable`, how long the
/// representation is.
///
/// ```
/// Content-Range     = range-unit SP ( range-resp / unsatisfied-range )
/// range-resp        = incl-range "/" ( complete-length / "*" )
/// incl-range        = first-pos "-" last-pos
/// unsatisfied-range = "*/" complete-length
/// ```
///
/// | Value | ``range`` | ``completeLength`` |
/// |---|---|---|
/// | `bytes 0-499/1234` | `0...499` | 1234 |
/// | `bytes 0-499/*` | `0...499` | nil (unknown) |
/// | `bytes */1234` | nil (unsatisfied) | 1234 |
///
/// Only the `bytes` unit (any letter case) is read. A value RFC 9110 calls invalid — a last position
/// before the first, a complete length not beyond the last position, `*/*`, a number too large for
/// `Int64`, anything not in the grammar — is no `ContentRange` (`nil`): a client must not use a part it
/// cannot place (a resumed download fails rather than append it).
public struct ContentRange: Hashable, Sendable, CustomStringConvertible {
    /// The positions of the bytes the part holds, both included; nil for an unsatisfied range
    /// (`bytes */1234`).
    public let range: ClosedRange<Int64>?
    /// The length of the whole representation; nil when the server does not know it (`/*`).
    public let completeLength: Int64?

    /// A satisfied range; nil when `completeLength` is not beyond `range`'s last position.
    public init?(range: ClosedRange<Int64>, completeLength: Int64?) {
        guard range.lowerBound >= 0 else { return nil }
        if let completeLength, completeLength <= range.upperBound { return nil }
        self.range = range
        self.completeLength = completeLength
    }

    /// An unsatisfied range (`bytes */length`), as a `416` carries it.
    ///
    /// - Parameter completeLength: The representation's length; at least 0.
    public init(unsatisfiedLength completeLength: Int64) {
        precondition(completeLength >= 0, "a complete length is never negative")
        self.range = nil
        self.completeLength = completeLength
    }

    /// Reads a `Content-Range` field value; nil when it is not a valid `bytes` one.
    ///
    /// - Parameter value: The field value, e.g. `bytes 0-499/1234` (whitespace around it is ignored).
    public init?(parsing value: some StringProtocol) {
        let bytes = HTTPFieldValueBytes.trimmed(Array(value.utf8)[...])
        guard let space = bytes.firstIndex(of: UInt8(ascii: " ")), HTTPFieldValueBytes.isBytesUnit(bytes[..<space]) else {
            return nil
        }
        let rest = bytes[(space + 1)...]
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let part = rest[..<slash]
        let length = rest[(slash + 1)...]
        if part.elementsEqual([UInt8(ascii: "*")]) {
            guard let complete = HTTPFieldValueBytes.number(length) else { return nil }
            self.init(unsatisfiedLength: complete)
            return
        }
        guard let dash = part.firstIndex(of: UInt8(ascii: "-")),
            let first = HTTPFieldValueBytes.number(part[..<dash]),
            let last = HTTPFieldValueBytes.number(part[(dash + 1)...]), last >= first
        else { return nil }
        let complete: Int64?
        if length.elementsEqual([UInt8(ascii: "*")]) {
            complete = nil
        } else {
            guard let number = HTTPFieldValueBytes.number(length) else { return nil }
            complete = number
        }
        self.init(range: first...last, completeLength: complete)
    }

    /// The field value: `bytes 0-499/1234`, `bytes 0-499/*` or `bytes */1234`.
    public var description: String {
        let length = completeLength.map(String.init) ?? "*"
        guard let range else { return "bytes */\(length)" }
        return "bytes \(range.lowerBound)-\(range.upperBound)/\(length)"
    }
}
