import Foundation

/// A value a wire format reads straight from the ``JSONTape`` rather than through a container (JSON:API
/// linkage identifiers): the format's decoder names the type in its user info
/// (``CodingUserInfoKey/resgenTapeReadable``), so the tape decoder names no format.
package protocol TapeReadable: Decodable {
    /// The value at node `index`, which `path` and `key` lead to; throws the decoder's
    /// ``TapeDecoder/unsure()`` for anything the `Decodable` path would report, so `JSONDecoder` reports it.
    init(_ decoder: TapeDecoder, at index: Int, path: CodingPathNode, key: (any CodingKey)?) throws
}

extension CodingUserInfoKey {
    /// The ``TapeReadable`` type (an `any TapeReadable.Type`) a format's decoder reads straight from the tape.
    package static let resgenTapeReadable = CodingUserInfoKey(rawValue: "resgen.tapeReadable")!
}
