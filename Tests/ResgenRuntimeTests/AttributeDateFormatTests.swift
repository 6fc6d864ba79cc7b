import Foundation
import Testing

@_spi(Generated) @testable import ResgenRuntime

/// Per-attribute date formats: each reads and writes its own form, through `JSONDecoder` and the tape
/// decoder alike, whatever the coder's date strategy.
@Suite struct AttributeDateFormatTests {
    /// A model as generated code writes it for `dateFormat:` attributes.
    struct Dated: Codable, Equatable {
        var day: Date
        var stamp: Date?
        var seconds: Date
        var custom: Date

        enum CodingKeys: String, CodingKey { case day, stamp, seconds, custom }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            day = try container.decodeDate(forKey: .day, format: .date)
            stamp = try container.decodeDateIfPresent(forKey: .stamp, format: .api(.iso8601WithFractionalSeconds))
            seconds = try container.decodeDate(forKey: .seconds, format: .api(.millisecondsSince1970))
            custom = try container.decodeDate(forKey: .custom, format: .pattern("dd.MM.yyyy HH:mm"))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeDate(day, forKey: .day, format: .date)
            try container.encodeDateIfPresent(stamp, forKey: .stamp, format: .api(.iso8601WithFractionalSeconds))
            try container.encodeDate(seconds, forKey: .seconds, format: .api(.millisecondsSince1970))
            try container.encodeDate(custom, forKey: .custom, format: .pattern("dd.MM.yyyy HH:mm"))
        }
    }

    static let json = #"{"day": "1968-11-01", "stamp": "2026-11-24T03:10:00.250Z", "seconds": 1500, "custom": "24.11.2026 03:10"}"#

    @Test(arguments: [JSONDecoder.DateDecodingStrategy.secondsSince1970, .iso8601, DateFormat.iso8601.decodingStrategy])
    func tapeAndJSONDecoderAgreeWhateverTheStrategy(_ strategy: JSONDecoder.DateDecodingStrategy) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = strategy
        let expected = try decoder.decode(Dated.self, from: Data(Self.json.utf8))
        let tape = try #require(TapeDecoder.decode(Dated.self, from: Data(Self.json.utf8), like: decoder, userInfo: [:]), "the tape decoder decodes it itself")
        #expect(tape == expected)
        #expect(expected.day == (try Date.ISO8601FormatStyle().parse("1968-11-01T00:00:00Z")))
        #expect(expected.stamp == (try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse("2026-11-24T03:10:00.250Z")))
        #expect(expected.seconds == Date(timeIntervalSince1970: 1.5))
        #expect(expected.custom == (try Date.ISO8601FormatStyle().parse("2026-11-24T03:10:00Z")))
    }

    @Test func encodingWritesTheFormBack() throws {
        let value = try JSONDecoder().decode(Dated.self, from: Data(Self.json.utf8))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        #expect(text == #"{"custom":"24.11.2026 03:10","day":"1968-11-01","seconds":1500,"stamp":"2026-11-24T03:10:00.250Z"}"#)
    }

    @Test(arguments: [#""stamp": null, "#, ""])
    func anOptionalDateNullOrAbsentIsNilInBothDecoders(_ stamp: String) throws {
        let json = Data(#"{"day": "1968-11-01", \#(stamp)"seconds": 1500, "custom": "24.11.2026 03:10"}"#.utf8)
        let tape = try #require(TapeDecoder.decode(Dated.self, from: json, like: JSONDecoder(), userInfo: [:]), "the tape decoder decodes it itself")
        #expect(tape.stamp == nil)
        #expect(try JSONDecoder().decode(Dated.self, from: json).stamp == nil)
    }

    @Test func anOptionalDateOfAnotherTypeFailsInBothDecoders() {
        let wrong = Data(Self.json.replacingOccurrences(of: #""2026-11-24T03:10:00.250Z""#, with: "12").utf8)
        #expect(TapeDecoder.decode(Dated.self, from: wrong, like: JSONDecoder(), userInfo: [:]) == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Dated.self, from: wrong) }
    }

    @Test func aValueInAnotherFormFailsInBothDecoders() throws {
        let wrong = Data(Self.json.replacingOccurrences(of: "1968-11-01", with: "1968-11-01T00:00:00Z").utf8)
        #expect(TapeDecoder.decode(Dated.self, from: wrong, like: JSONDecoder(), userInfo: [:]) == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Dated.self, from: wrong) }
    }

    /// `dateFormat: [date, { pattern: "yyyy-MM-dd HH:mm:ss" }]` (issue 49, item 5): a server that writes a
    /// date-only column as `2001-01-01` on reads and `2001-01-01 00:00:00` in a create's reply is read
    /// either way, by both decoders; the first format is the one written.
    @Test func severalFormatsAreTriedInOrderAndTheFirstIsWritten() throws {
        struct Born: Codable, Equatable {
            static let format = AttributeDateFormat.anyOf([.date, .pattern("yyyy-MM-dd HH:mm:ss")])
            var bornOn: Date
            enum CodingKeys: String, CodingKey { case bornOn }
            init(bornOn: Date) { self.bornOn = bornOn }
            init(from decoder: any Decoder) throws {
                bornOn = try decoder.container(keyedBy: CodingKeys.self).decodeDate(forKey: .bornOn, format: Self.format)
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeDate(bornOn, forKey: .bornOn, format: Self.format)
            }
        }
        let day = try #require(AttributeDateFormat.date.date(from: "2001-01-01"))
        for text in ["2001-01-01", "2001-01-01 00:00:00"] {
            let data = Data(#"{"bornOn": "\#(text)"}"#.utf8)
            #expect(try JSONDecoder().decode(Born.self, from: data).bornOn == day, "\(text)")
            #expect(TapeDecoder.decode(Born.self, from: data, like: JSONDecoder(), userInfo: [:])?.bornOn == day, "\(text)")
        }
        #expect(String(decoding: try JSONEncoder().encode(Born(bornOn: day)), as: UTF8.self) == #"{"bornOn":"2001-01-01"}"#)
        let wrong = Data(#"{"bornOn": "01.01.2001"}"#.utf8)
        #expect(TapeDecoder.decode(Born.self, from: wrong, like: JSONDecoder(), userInfo: [:]) == nil)
        #expect {
            try JSONDecoder().decode(Born.self, from: wrong)
        } throws: { error in
            "\(error)".contains("expected a date like '1968-11-01' or a date with the pattern 'yyyy-MM-dd HH:mm:ss', found '01.01.2001'")
        }
    }

    /// The patterns `resgen infer` drafts for servers' date-time spellings (issue 49, item 5) read them.
    @Test(arguments: [
        ("yyyy-MM-dd HH:mm:ss", "2026-03-02 09:15:00", 1_772_442_900.0),
        ("yyyy-MM-dd'T'HH:mm:ss.SSS", "2026-03-02T09:15:00.250", 1_772_442_900.25),
        ("yyyy-MM-dd HH:mm:ssxx", "2026-03-02 10:15:00+0100", 1_772_442_900.0),
        ("yyyy-MM-dd'T'HH:mm:ssXXX", "2026-03-02T09:15:00Z", 1_772_442_900.0),
        ("yyyy-MM-dd HH:mm:ssx", "2026-03-02 04:15:00-05", 1_772_442_900.0),
    ])
    func theDraftedPatternsReadTheSpellings(pattern: String, text: String, seconds: Double) throws {
        let date = try #require(AttributeDateFormat.pattern(pattern).date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.001)
    }
}
