import Foundation

/// A value a wire format reads straight from the ``JSONTape`` rather than through a container (JSON:API
/// linkage identifiers): the tape decoder asks for it by this protocol, so it names no format.
package protocol TapeReadable: Decodable {
    /// The value at node `index`, which `path` and `key` lead to; throws the decoder's
    /// ``TapeDecoder/unsure()`` for anything the `Decodable` path would report, so `JSONDecoder` reports it.
    init(_ decoder: TapeDecoder, at index: Int, path: CodingPathNode, key: (any CodingKey)?) throws
}
