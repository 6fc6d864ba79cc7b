import Foundation

extension KeyedDecodingContainer {
    /// Decodes the date under `key` in `format`, whatever the decoder's date strategy.
    ///
    /// - Throws: `DecodingError` when the key is absent, or its value is not a date in `format`.
    @_spi(Generated) public func decodeDate(forKey key: Key, format: AttributeDateFormat) throws -> Date {
        if format.isNumeric {
            let number = try decode(Double.self, forKey: key)
            if let date = format.date(from: number) { return date }
        } else {
            let text = try decode(String.self, forKey: key)
            if let date = format.date(from: text) { return date }
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected \(format.example), found '\(text)'")
        }
        throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected \(format.example)")
    }

    /// Decodes the date under `key` in `format`; nil when the key is absent or `null`.
    @_spi(Generated) public func decodeDateIfPresent(forKey key: Key, format: AttributeDateFormat) throws -> Date? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeDate(forKey: key, format: format)
    }
}

extension KeyedEncodingContainer {
    /// Encodes `date` under `key` in `format`, whatever the encoder's date strategy.
    @_spi(Generated) public mutating func encodeDate(_ date: Date, forKey key: Key, format: AttributeDateFormat) throws {
        try encode(format.wireValue(of: date), forKey: key)
    }

    /// Encodes `date` under `key` in `format`; nothing when it is nil.
    @_spi(Generated) public mutating func encodeDateIfPresent(_ date: Date?, forKey key: Key, format: AttributeDateFormat) throws {
        guard let date else { return }
        try encodeDate(date, forKey: key, format: format)
    }
}
