import Crypto
import Foundation

/// The keyed hash the cache writes in place of every value that could identify someone: the fields a
/// request was made with (``RequestIdentity``), the values of the fields a response varies on, and the
/// keys of its files on disk.
///
/// HMAC-SHA256 under a random key: equal values still compare equal, so a stored response is found
/// again for the same caller, but the index and the files hold no secret, and a short secret (a user
/// id, a four-digit PIN in a header) cannot be recovered by hashing guesses without the key. A memory
/// cache draws a key of its own; a cache with a directory keeps its key in that directory
/// (``DiskCacheStore``), so a later process reading the same files computes the same digests.
package struct CacheKeyer: Sendable {
    private let key: SymmetricKey

    /// The key's length in bytes.
    package static let keyByteCount = 32

    /// A keyer with a new random key.
    package init() {
        key = SymmetricKey(size: .bits256)
    }

    /// A keyer with the key `bytes` (``keyByteCount`` of them, as a directory's key file holds).
    package init?(keyBytes bytes: some ContiguousBytes) {
        let key = SymmetricKey(data: bytes)
        guard key.bitCount == Self.keyByteCount * 8 else { return nil }
        self.key = key
    }

    /// The key's bytes, to be kept in a directory's key file.
    package var keyBytes: [UInt8] { key.withUnsafeBytes { Array($0) } }

    /// The digest of `text`: 32 lowercase hex digits (the first 128 bits of the HMAC), enough that two
    /// different values never meet by chance.
    package func digest(_ text: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key)
        return mac.prefix(16).reduce(into: "") { hex, byte in
            hex.append(Self.hexDigits[Int(byte >> 4)])
            hex.append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }

    private static let hexDigits = Array("0123456789abcdef")
}
