import Foundation

/// How a codec derives its decoder and encoder from the client's: one copy of every setting, plus the
/// codec's own user info (its wire format, the document URL, the JSON:API type registry).
///
/// Codecs need their own instance because the client's is shared between concurrent calls and user info
/// differs per call. Copying field by field in each codec let the copies drift (only HAL copied key
/// strategies); every codec calls these instead, and a test checks that every setting arrives.
extension JSONDecoder {
    /// A new decoder with this one's strategies, options and user info, with `userInfo` added on top.
    package func copy(addingUserInfo extra: [CodingUserInfoKey: any Sendable]) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = dateDecodingStrategy
        decoder.dataDecodingStrategy = dataDecodingStrategy
        decoder.keyDecodingStrategy = keyDecodingStrategy
        decoder.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
        decoder.allowsJSON5 = allowsJSON5
        decoder.assumesTopLevelDictionary = assumesTopLevelDictionary
        decoder.userInfo = userInfo.merging(extra) { _, added in added }
        return decoder
    }
}

extension JSONEncoder {
    /// A new encoder with this one's strategies, formatting and user info, with `userInfo` added on top.
    package func copy(addingUserInfo extra: [CodingUserInfoKey: any Sendable]) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = dateEncodingStrategy
        encoder.dataEncodingStrategy = dataEncodingStrategy
        encoder.keyEncodingStrategy = keyEncodingStrategy
        encoder.nonConformingFloatEncodingStrategy = nonConformingFloatEncodingStrategy
        encoder.outputFormatting = outputFormatting
        encoder.userInfo = userInfo.merging(extra) { _, added in added }
        return encoder
    }
}
