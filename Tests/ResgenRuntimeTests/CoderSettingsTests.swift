import Foundation
import HTTPTypes
import Testing

@_spi(Generated) @testable import ResgenRuntime

/// Every setting of the client's `JSONDecoder`/`JSONEncoder` reaches the decoder and encoder of every
/// codec (they derive theirs with `copy(addingUserInfo:)`): a probe decodes and encodes alike through
/// all of them, only the wire format differs.
@Suite struct CoderSettingsTests {
    static let marker = CodingUserInfoKey(rawValue: "test.marker")!

    /// Reads and writes through every strategy: a snake_case key, a date, data, a non-conforming float,
    /// user info; records the wire format it was decoded with.
    struct Probe: Codable, Equatable {
        var createdAt: Date
        var blob: Data
        var ratio: Double
        var marker: String?
        var wireFormat: WireFormat?

        enum CodingKeys: String, CodingKey { case createdAt, blob, ratio, writtenBy }

        init(createdAt: Date, blob: Data, ratio: Double) {
            (self.createdAt, self.blob, self.ratio) = (createdAt, blob, ratio)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            blob = try container.decode(Data.self, forKey: .blob)
            ratio = try container.decode(Double.self, forKey: .ratio)
            marker = decoder.userInfo[CoderSettingsTests.marker] as? String
            wireFormat = decoder.wireFormat
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(blob, forKey: .blob)
            try container.encode(ratio, forKey: .ratio)
            try container.encode(encoder.userInfo[CoderSettingsTests.marker] as? String, forKey: .writtenBy)
        }
    }

    static func clientDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { _ in Date(timeIntervalSince1970: 42) }
        decoder.dataDecodingStrategy = .custom { _ in Data([1, 2, 3]) }
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        decoder.allowsJSON5 = true
        decoder.userInfo = [marker: "client"]
        return decoder
    }

    static func clientEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { _, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("a date")
        }
        encoder.dataEncodingStrategy = .custom { _, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("some data")
        }
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.userInfo = [marker: "client"]
        return encoder
    }

    @Test func everyDecoderSettingReachesEveryCodec() throws {
        // JSON5 (a comment, a trailing comma), snake_case keys, a non-conforming float.
        let json = Data(#"{"created_at": "x", "blob": "y", "ratio": "+inf", /* JSON5 */}"#.utf8)
        let base = Self.clientDecoder()
        let expected = try base.decode(Probe.self, from: json)
        #expect(expected.createdAt == Date(timeIntervalSince1970: 42) && expected.blob == Data([1, 2, 3]) && expected.ratio == .infinity && expected.marker == "client")
        let context = ResponseContext(decoder: base, url: URL(string: "https://api.test/p")!, response: HTTPResponse(status: .ok))
        let codec = JSONAPICodec(resourceTypes: [])
        let derived: [(WireFormat?, JSONDecoder)] = [(nil, base), (.hal, HALCodec.decoder(context)), (.jsonapi, codec.jsonAPIDecoder(from: base))]
        for (format, decoder) in derived {
            var probe = try decoder.decode(Probe.self, from: json)
            #expect(probe.wireFormat == format)
            probe.wireFormat = nil
            #expect(probe == expected, "\(String(describing: format))")
        }
        // Through the codecs' own entry points (the tape decoder defers to JSONDecoder for these settings).
        #expect(try PlainJSONCodec().decodeValue(Probe.self, from: json, context: context).marker == "client")
        #expect(try HALCodec().decodeValue(Probe.self, from: json, context: context).wireFormat == .hal)
    }

    @Test func everyEncoderSettingReachesEveryCodec() throws {
        let probe = Probe(createdAt: Date(timeIntervalSince1970: 1), blob: Data([9]), ratio: -.infinity)
        let base = Self.clientEncoder()
        let expected = String(decoding: try base.encode(probe), as: UTF8.self)
        #expect(expected.contains("\"written_by\" : \"client\"") && expected.contains("\"created_at\" : \"a date\"") && expected.contains("\"some data\"") && expected.contains("\"-inf\"") && expected.contains("\n"))
        let codec = JSONAPICodec(resourceTypes: [])
        for encoder in [HALCodec.encoder(from: base), codec.jsonAPIEncoder(from: base)] {
            #expect(String(decoding: try encoder.encode(probe), as: UTF8.self) == expected)
        }
    }
}
