import Foundation

extension JSONDecoder {
    /// Decodes `type` from `data` exactly as ``decode(_:from:)`` would: through a ``TapeDecoder`` when it
    /// can be sure of giving the same answer (every codec's documents go this way; HAL's `_links` are then
    /// read straight from the parsed bytes), else, errors included, with this decoder.
    /// A subclass of `JSONDecoder` (it is `open`) may decode differently, so it always decodes itself.
    ///
    /// - Throws: What `JSONDecoder` throws; `CancellationError` when the task is cancelled before the
    ///   tape decoder is done, so that a call's deadline stops decoding: the tape decoder checks every
    ///   few thousand values, and `JSONDecoder`, which never checks, is not started in a cancelled task.
    func decodeUsingTape<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if Swift.type(of: self) == JSONDecoder.self, let value = TapeDecoder.decode(T.self, from: data, like: self, userInfo: userInfo) {
            return value
        }
        try Task.checkCancellation()
        return try decode(T.self, from: data)
    }
}
