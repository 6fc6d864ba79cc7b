import Foundation

extension JSONDecoder {
    /// Decodes `type` from `data` exactly as ``decode(_:from:)`` would: through a ``TapeDecoder`` when it
    /// can be sure of giving the same answer (every codec's documents go this way; HAL's `_links` are then
    /// read straight from the parsed bytes), else, errors included, with this decoder.
    /// A subclass of `JSONDecoder` (it is `open`) may decode differently, so it always decodes itself.
    ///
    /// When this decoder has to answer, it is lent the tape (``TapeLoan``): the ``JSONValue``s of the
    /// document are built from it, so that the fallback's work stays linear in the size of the document
    /// too, whatever the shape of its open JSON.
    ///
    /// `countedArray`: the array type being decoded (or that a document holds), which the tape decoder then
    /// builds with its final capacity (``TapeCountedArray``).
    ///
    /// - Throws: What `JSONDecoder` throws; `CancellationError` when the task is cancelled before the
    ///   tape decoder is done, so that a call's deadline stops decoding: the tape decoder checks every
    ///   few thousand values, and `JSONDecoder`, which never checks, is not started in a cancelled task.
    package func decodeUsingTape<T: Decodable>(_ type: T.Type, from data: Data, countedArray: (any TapeCountedArray.Type)? = nil) throws -> T {
        guard Swift.type(of: self) == JSONDecoder.self, let options = TapeDecoder.Options(like: self),
            let outcome = try? JSONTape.withTape(of: data, { tape in
                if case .decoded(let value) = TapeDecoder.attempt(T.self, tape: tape, options: options, userInfo: userInfo, countedArray: countedArray) {
                    return Result<T, any Error>.success(value)
                }
                let lent = copy(addingUserInfo: [.resgenTape: TapeLoan(tape)])
                return Result {
                    try Task.checkCancellation()
                    return try lent.decode(T.self, from: data)
                }
            })
        else {
            // Configured in a way only JSONDecoder implements, or a document the tape's strict parser refuses
            // (or stopped parsing because the task was cancelled).
            try Task.checkCancellation()
            return try decode(T.self, from: data)
        }
        return try outcome.get()
    }
}
