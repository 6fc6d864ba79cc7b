import Foundation

extension JSONDecoder {
    /// Decodes `type` from `data` exactly as ``decode(_:from:)`` would: through a ``TapeDecoder`` when it
    /// can be sure of giving the same answer (every codec's documents go this way; HAL's `_links` are then
    /// read straight from the parsed bytes), else, errors included, with this decoder.
    /// A subclass of `JSONDecoder` (it is `open`) may decode differently, so it always decodes itself.
    func decodeUsingTape<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if Swift.type(of: self) == JSONDecoder.self, let value = TapeDecoder.decode(T.self, from: data, like: self, userInfo: userInfo) {
            return value
        }
        return try decode(T.self, from: data)
    }
}
