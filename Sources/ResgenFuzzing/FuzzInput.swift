import Foundation

/// Reads structured values out of fuzzer bytes, front to back; past the end every read gives zero or
/// empty, so any input is usable and short inputs mean small values.
struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ data: Data) {
        bytes = [UInt8](data)
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or 0.
    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0..<count` (0 when `count` is 0).
    mutating func choose(_ count: Int) -> Int {
        count == 0 ? 0 : Int(byte()) % count
    }

    /// Whether the next byte is odd.
    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// Up to `limit` bytes: a length byte, then that many bytes.
    mutating func bytes(limit: Int = 64) -> [UInt8] {
        let count = min(Int(byte()), limit)
        let end = min(position + count, bytes.count)
        defer { position = end }
        return Array(bytes[min(position, end)..<end])
    }

    /// A string of up to `limit` bytes, decoded as UTF-8 (invalid bytes become U+FFFD).
    mutating func string(limit: Int = 64) -> String {
        String(decoding: bytes(limit: limit), as: UTF8.self)
    }

    /// A string of up to `limit` characters, each picked from `alphabet`.
    mutating func string(from alphabet: [Character], limit: Int = 16) -> String {
        let count = min(Int(byte()), limit)
        return String((0..<count).map { _ in alphabet[choose(alphabet.count)] })
    }

    /// The bytes not read yet.
    mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }
}
