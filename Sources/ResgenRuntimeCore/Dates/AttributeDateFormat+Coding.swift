import Foundation

extension KeyedDecodingContainer {
    /// Decodes the date under `key` in `format`, whatever the decoder's date strategy.
    ///
    /// - Throws: `DecodingError` when the key is absent, or its value is not a date in `format`.
    @_spi(Generated) public func decodeDate(forKey key: Key, format: AttributeDateFormat) throws -> Date {
        if format.isNumeric {
            return try date(decode(Double.self, forKey: key), forKey: key, format: format)
        }
        return try date(decode(String.self, forKey: key), forKey: key, format: format)
    }

    /// Decodes the date under `key` in `format`; nil when the key is absent or `null`.
    ///
    /// One lookup of the key, as `decodeIfPresent` makes it (an absent key is then remembered for the
    /// `contains` generated code asks next).
    @_spi(Generated) public func decodeDateIfPresent(forKey key: Key, format: AttributeDateFormat) throws -> Date? {
        if format.isNumeric {
            return try decodeIfPresent(Double.self, forKey: key).map { try date($0, forKey: key, format: format) }
        }
        return try decodeIfPresent(String.self, forKey: key).map { try date($0, forKey: key, format: format) }
    }

    /// The date the number read under `key` stands for in `format`.
    private func date(_ number: Double, forKey key: Key, format: AttributeDateFormat) throws -> Date {
        guard let date = format.date(from: number) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected \(format.example)")
        }
        return date
    }

    /// The date the text read under `key` stands for in `format`.
    private func date(_ text: String, forKey key: Key, format: AttributeDateFormat) throws -> Date {
        guard let date = format.date(from: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "expected \(format.example), found '\(text)'")
        }
        return date
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
