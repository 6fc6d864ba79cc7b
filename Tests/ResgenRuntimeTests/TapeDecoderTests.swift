import Foundation
import Testing

@_spi(Generated) @testable import ResgenRuntime

/// `TapeDecoder` against `JSONDecoder` on the same bytes: whenever the tape decoder answers, it answers
/// what JSONDecoder does; where it cannot be sure (strategies it lacks, invalid JSON, errors, values it
/// does not convert exactly) it answers `nil`, so that HALCodec asks JSONDecoder.
@Suite struct TapeDecoderTests {
    /// Decodes `json` both ways: returns the tape decoder's answer after checking it against JSONDecoder's.
    @discardableResult
    func agree<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, decoder: JSONDecoder = JSONDecoder(), sourceLocation: SourceLocation = #_sourceLocation
    ) -> T? {
        agree(type, Data(json.utf8), decoder: decoder, sourceLocation: sourceLocation)
    }

    @discardableResult
    func agree<T: Decodable & Equatable>(
        _ type: T.Type, _ data: Data, decoder: JSONDecoder = JSONDecoder(), sourceLocation: SourceLocation = #_sourceLocation
    ) -> T? {
        let expected = Result { try decoder.decode(T.self, from: data) }
        let fast = TapeDecoder.decode(T.self, from: data, like: decoder, userInfo: decoder.userInfo)
        if let fast {
            #expect(throws: Never.self, sourceLocation: sourceLocation) { try expected.get() }
            #expect((try? expected.get()) == fast, sourceLocation: sourceLocation)
        }
        return fast
    }

    /// Both decoders give the same value, and the tape decoder gave one.
    func same<T: Decodable & Equatable>(_ type: T.Type, _ json: String, decoder: JSONDecoder = JSONDecoder(), sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(agree(type, json, decoder: decoder, sourceLocation: sourceLocation) != nil, "the tape decoder declined", sourceLocation: sourceLocation)
    }

    /// The tape decoder leaves `json` to JSONDecoder.
    func declines<T: Decodable & Equatable>(_ type: T.Type, _ json: String, decoder: JSONDecoder = JSONDecoder(), sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(agree(type, json, decoder: decoder, sourceLocation: sourceLocation) == nil, sourceLocation: sourceLocation)
    }

    struct Scalars: Codable, Equatable {
        var bool: Bool
        var string: String
        var double: Double
        var float: Float
        var int: Int
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64: Int64
        var uint: UInt
        var uint8: UInt8
        var uint16: UInt16
        var uint32: UInt32
        var uint64: UInt64
        var optional: String?
        var absent: Int?
    }

    @Test func scalarsOfEveryType() {
        same(
            Scalars.self,
            #"""
            {"bool": true, "string": "s", "double": -1.5e-3, "float": 0.1, "int": -9223372036854775808, "int8": -128,
             "int16": 32767, "int32": -5, "int64": 9223372036854775807, "uint": 18446744073709551615, "uint8": 255,
             "uint16": 0, "uint32": 7, "uint64": 1, "optional": null}
            """#)
        same([Double].self, "[0, -0, 0.0, 1E2, 2.5e+3, 123456789012345678901234567890, 5e-324]")
        same([Int].self, "[0, -0, 1, -1, 42]")
        same([Bool?].self, "[true, false, null]")
        same([Int128].self, "[170141183460469231731687303715884105727, -170141183460469231731687303715884105728, 0]")
        same(UInt128.self, "340282366920938463463374607431768211455")
    }

    @Test func stringsWithEscapesAndUnicode() {
        same([String].self, #"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u4e2d\ud83d\ude00", "héllo 中 😀", "", "\u0000"]"#)
        same([String: String].self, #"{"k\u00e9y": "v", "plain": "w"}"#)
    }

    @Test func topLevelScalarsAndWhitespace() {
        same(String.self, #"  "text"  "#)
        same(Int.self, "\n12\t")
        same(Int?.self, "null")
        same([[Int]].self, "[[], [1], [2, 3]]")
        same([String: [String: Int]].self, #"{"a": {}, "b": {"c": 1}}"#)
    }

    @Test func theFirstOfDuplicateKeysWinsAndKeysAreDistinct() {
        struct A: Codable, Equatable { var a: Int }
        same(A.self, #"{"a": 1, "a": 2}"#)
        same([String: Int].self, #"{"b": 1, "a": 2, "b": 3}"#)
    }

    /// What a generated optional attribute asks: `decodeIfPresent`, then `contains` when it was nil. The
    /// tape remembers the last absent key; that must answer only for the same key of the same object.
    struct Presence: Decodable, Equatable {
        var reads: [String] = []

        enum Key: String, CodingKey { case a, b, items }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            for item in try Self.items(container) {
                let value = try item.decodeIfPresent(Int.self, forKey: .a)
                reads.append("\(value.map(String.init) ?? "nil") \(item.contains(.a)) \(item.contains(.b))")
                _ = try item.decodeIfPresent(Int.self, forKey: .b)
                reads.append("\(container.contains(.a)) \(item.contains(.a)) \(item.contains(.b))")
            }
        }

        static func items(_ container: KeyedDecodingContainer<Key>) throws -> [KeyedDecodingContainer<Key>] {
            var list = try container.nestedUnkeyedContainer(forKey: .items)
            var items: [KeyedDecodingContainer<Key>] = []
            while !list.isAtEnd { items.append(try list.nestedContainer(keyedBy: Key.self)) }
            return items
        }
    }

    @Test func containsAfterAnAbsentKeyAnswersForThatObjectOnly() throws {
        let presence = agree(Presence.self, #"{"a": 0, "items": [{"b": 1}, {"a": null}, {"a": 2, "b": null}, {}]}"#)
        #expect(presence?.reads == [
            "nil false true", "true false true",
            "nil true false", "true true false",
            "2 true true", "true true true",
            "nil false false", "true false false",
        ])
    }

    @Test func largeObjectsAreLookedUpByIndex() {
        let members = (0..<2_000).map { #""k\#($0 % 1_500)": \#($0)"# }.joined(separator: ", ")  // 500 repeated keys
        same([String: Int].self, "{\(members)}")
        struct Few: Decodable, Equatable { var k7: Int; var k1499: Int; var missing: Int? }
        same(Few.self, "{\(members)}")
    }

    @Test func valuesItDoesNotConvertExactlyAreLeftToJSONDecoder() {
        same([Int].self, "[1.0, 1e2, -2.000, 1.0000000000000001]")  // through Double, as JSONDecoder does
        declines(Int.self, "1.5")  // an error for both
        declines(Int8.self, "300")
        declines(UInt.self, "-1")
        declines(Int64.self, "9223372036854775808")
        declines(Int64.self, "-9223372036854775809")  // JSONDecoder goes on to Decimal above 2^53
        declines(Int.self, "9007199254740993.0")
        declines(Double.self, "1e400")  // infinite
        declines(Double.self, "1e-400")  // rounds to zero
        declines(Decimal.self, "3.14159265358979323846264338327950288")
    }

    @Test func aSwallowedUnsureValueStillDeclines() {
        /// Tries `Int`, then `Double`: a decoder that refused `1.0` as an `Int` would pick the wrong case.
        enum Number: Decodable, Equatable {
            case int(Int), double(Double)
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let int = try? container.decode(Int.self) {
                    self = .int(int)
                } else {
                    self = .double(try container.decode(Double.self))
                }
            }
        }
        declines(Number.self, "9007199254740993.0")  // JSONDecoder: .int(9007199254740993)
        same(Number.self, "1")
        same(Number.self, "1.0")
        declines(Number.self, "1.5")  // JSONDecoder's error for `1.5` as an `Int` is its own: it answers
    }

    /// Issue 17 item 12: JSONDecoder's error for a number that is no `T` is not a `DecodingError`, so a
    /// model that catches `DecodingError` fails with JSONDecoder: the tape must not let it succeed.
    @Test func aNumberThatIsNoIntegerOfTheTypeIsLeftToJSONDecoderEvenWhenCaught() {
        struct Lenient: Decodable, Equatable {
            var value: UInt8?
            enum Keys: String, CodingKey { case value }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                do {
                    value = try container.decode(UInt8.self, forKey: .value)
                } catch is DecodingError {
                    value = nil
                }
            }
        }
        for json in [#"{"value": 1.5}"#, #"{"value": 300}"#, #"{"value": -1}"#, #"{"value": 3e2}"#, #"{"value": 1e30}"#] {
            #expect(throws: DecodingError.self, "\(json)") { try JSONDecoder().decode(Lenient.self, from: Data(json.utf8)) }
            declines(Lenient.self, json)
            #expect(throws: DecodingError.self, "\(json)") { try JSONDecoder().decodeUsingTape(Lenient.self, from: Data(json.utf8)) }
        }
        same(Lenient.self, #"{"value": 255}"#)
        same(Lenient.self, #"{"value": 2.0}"#)
        same(Lenient.self, #"{"value": "text"}"#)  // a type mismatch is a DecodingError for both
    }

    /// Members named `café` in NFC, NFD and with escapes, and the Kelvin sign for `K`, padded to `count`
    /// members (objects of more than 16 members are indexed by a dictionary, smaller ones walked).
    func keysObject(_ members: [String], count: Int) -> String {
        let padding = (members.count..<count).map { #""pad\#($0)": 0"# }
        return "{" + (members + padding).joined(separator: ", ") + "}"
    }

    /// Issue 17 item 11: keys compare as JSONDecoder's dictionary compares them (`String` equality, so
    /// canonically equivalent spellings are one key), whatever the object's size.
    @Test func keysCompareByCanonicalEquivalenceWhateverTheObjectSize() {
        struct Keys: Decodable, Equatable {
            var café: Int?
            var K: Int?
            var plain: Int?
        }
        struct DecomposedKeys: Decodable, Equatable {
            var value: Int?
            enum CodingKeys: String, CodingKey { case value = "cafe\u{301}" }
        }
        for count in [3, 40] {
            let nfd = keysObject([#""cafe\#u{301}": 1"#, #""\#u{212A}": 2"#, #""plain": 3"#], count: count)
            #expect(agree(Keys.self, nfd) == Keys(café: 1, K: 2, plain: 3), "\(count) members")
            let escaped = keysObject([#""cafe\u0301": 1"#, #""\u212a": 2"#, #""pl\u0061in": 3"#], count: count)
            #expect(agree(Keys.self, escaped) == Keys(café: 1, K: 2, plain: 3), "\(count) members")
            #expect(agree(DecomposedKeys.self, keysObject([#""café": 4"#], count: count)) == DecomposedKeys(value: 4))
            #expect(agree(DecomposedKeys.self, keysObject([#""caf\u00e9": 5"#], count: count)) == DecomposedKeys(value: 5))
            #expect(agree(Keys.self, keysObject([#""cafe": 1"#, #""k": 2"#], count: count)) == Keys(café: nil, K: nil, plain: nil))
        }
    }

    /// Canonically equivalent keys are duplicates: the first wins, and a dictionary has one entry, as with JSONDecoder.
    @Test func canonicallyEquivalentKeysAreDuplicates() {
        struct Keys: Decodable, Equatable { var café: Int }
        for count in [3, 40] {
            let json = keysObject([#""cafe\#u{301}": 1"#, #""café": 2"#, #""caf\u00e9": 3"#], count: count)
            #expect(agree(Keys.self, json) == Keys(café: 1))
            #expect(agree([String: Int].self, json)?["café"] == 1)
            #expect(agree([String: Int].self, json)?.count == count - 2)
        }
        same(Probe.self, #"{"list": [], "object": [1], "obj\#u{65}\#u{301}ct": 2, "K": 3, "\#u{212A}": 4}"#)
    }

    @Test func invalidJSONIsLeftToJSONDecoder() {
        for json in [
            "", " ", "01", "-", "1.", ".5", "1e", "+1", #""unterminated"#, "\"tab\there\"",
            #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""\x""#, #""\u12""#, "NaN", "[1] 2", "{1: 2}", "[1 2]",
            "tru", "nul", #"{"a" 1}"#, "[", "]", "{", "}",
        ] {
            declines(JSONValue.self, json)
        }
        declines(JSONValue.self, Data([0x22, 0xFF, 0x22]))  // invalid UTF-8
        declines(JSONValue.self, Data([0x22, 0xC0, 0x80, 0x22]))  // overlong
        declines(JSONValue.self, String(repeating: "[", count: 600) + String(repeating: "]", count: 600))
        // A value JSONDecoder scans but cannot decode, even where no model reads it: JSONDecoder's call.
        struct Read: Decodable, Equatable { var read: Int }
        declines(Read.self, #"{"read": 1, "unread": 01}"#)
        declines(Read.self, "{\"read\": 1, \"unread\": \"\u{01}\"}")
    }

    /// What JSONDecoder's scanner accepts beyond RFC 8259 with a plain meaning, the tape reads the same way
    /// (a document without a tape would leave its open JSON to JSONDecoder, slow on deep values).
    @Test func trailingCommasAndAByteOrderMarkReadAsJSONDecoderReadsThem() {
        same(JSONValue.self, "[1,]")
        same(JSONValue.self, #"{"a": [1, {"b": 2,},], }"#)
        same(JSONValue.self, "\u{FEFF} [1]")
        declines(JSONValue.self, "[,]")
        declines(JSONValue.self, "[1,,]")
        declines(JSONValue.self, "{,}")
    }

    func declines<T: Decodable & Equatable>(_ type: T.Type, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(agree(type, data, sourceLocation: sourceLocation) == nil, sourceLocation: sourceLocation)
    }

    /// Errors a model may catch have JSONDecoder's kinds (`null` for a `Bool` is a type mismatch, for a
    /// `String` a missing value).
    @Test func errorKindsMatchJSONDecoders() throws {
        struct Kinds: Decodable, Equatable {
            var kinds: [String] = []
            enum Keys: String, CodingKey { case bool, string, int, absent, object }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                func kind(_ body: () throws -> Void) {
                    do {
                        try body()
                        kinds.append("none")
                    } catch DecodingError.typeMismatch {
                        kinds.append("typeMismatch")
                    } catch DecodingError.valueNotFound {
                        kinds.append("valueNotFound")
                    } catch DecodingError.keyNotFound {
                        kinds.append("keyNotFound")
                    } catch {
                        kinds.append("other")
                    }
                }
                kind { _ = try container.decode(Bool.self, forKey: .bool) }
                kind { _ = try container.decode(String.self, forKey: .string) }
                kind { _ = try container.decode(Int.self, forKey: .int) }
                kind { _ = try container.decode(Int.self, forKey: .absent) }
                kind { _ = try container.nestedContainer(keyedBy: Keys.self, forKey: .object) }
                kind { _ = try container.nestedUnkeyedContainer(forKey: .bool) }
                kind { _ = try container.decode(String.self, forKey: .int) }
                kind { _ = try container.decode(Date.self, forKey: .bool) }
            }
        }
        same(Kinds.self, #"{"bool": null, "string": null, "int": null, "object": null}"#)
        same(Kinds.self, #"{"bool": 1, "string": 2, "int": "3", "object": [4]}"#)
    }

    @Test func errorsAreLeftToJSONDecoder() {
        struct A: Codable, Equatable { var a: Int }
        declines(A.self, #"{"b": 1}"#)  // key not found
        declines(A.self, #"{"a": "1"}"#)  // type mismatch
        declines(A.self, #"{"a": null}"#)  // value not found
        declines(A.self, "[]")
        declines([Int].self, "{}")
    }

    @Test func datesDataURLsAndDecimalsFollowTheStrategies() {
        let decoder = JSONDecoder()
        same(Date.self, "700000000.5", decoder: decoder)  // deferredToDate
        decoder.dateDecodingStrategy = .secondsSince1970
        same([Date].self, "[0, 1700000000, -1.25]", decoder: decoder)
        decoder.dateDecodingStrategy = .millisecondsSince1970
        same(Date.self, "1700000000123", decoder: decoder)
        decoder.dateDecodingStrategy = .iso8601
        same([Date].self, #"["2024-05-01T12:00:00Z", "2024-05-01T14:00:00+02:00"]"#, decoder: decoder)
        declines(Date.self, #""yesterday""#, decoder: decoder)
        decoder.dateDecodingStrategy = .custom { decoder in
            Date(timeIntervalSince1970: Double(try decoder.singleValueContainer().decode(String.self).count))
        }
        same(Date.self, #""four""#, decoder: decoder)

        same(Data.self, #""aGVsbG8=""#, decoder: decoder)  // base64
        declines(Data.self, #""not base64!""#, decoder: decoder)
        decoder.dataDecodingStrategy = .deferredToData
        same(Data.self, "[104, 105]", decoder: decoder)
        decoder.dataDecodingStrategy = .custom { decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8) }
        same(Data.self, #""raw""#, decoder: decoder)

        same([URL].self, #"["https://example.com/a?b=c", "/relative"]"#)
        same([Decimal].self, "[12.50, -0.001, 1e3, 0]")
        let expected = try? JSONDecoder().decode(Decimal.self, from: Data("12.50".utf8))
        #expect(agree(Decimal.self, "12.50").map { "\($0)" } == expected.map { "\($0)" })  // the same digits, not only equal
        same(UUID.self, #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#)
    }

    @Test func strategiesItDoesNotImplementAreLeftToJSONDecoder() {
        struct A: Codable, Equatable { var someKey: Int }
        let snake = JSONDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        declines(A.self, #"{"some_key": 1}"#, decoder: snake)
        let floats = JSONDecoder()
        floats.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        declines(Double.self, #""+inf""#, decoder: floats)
        let json5 = JSONDecoder()
        json5.allowsJSON5 = true
        declines(Int.self, "1", decoder: json5)
    }

    /// Records what it is asked through every kind of container, so both decoders can be compared.
    struct Probe: Decodable, Equatable {
        var paths: [String] = []
        var keys: [String] = []
        var counts: [Int?] = []
        var nils: [Bool] = []
        var values: [Int] = []

        enum Keys: String, CodingKey { case list, object, missing, `super` }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            keys = container.allKeys.map(\.stringValue).sorted()
            nils.append(container.contains(.missing))
            var list = try container.nestedUnkeyedContainer(forKey: .list)
            counts.append(list.count)
            while !list.isAtEnd {
                if try list.decodeNil() {
                    nils.append(true)
                    continue
                }
                let element = try list.nestedContainer(keyedBy: Keys.self)
                paths.append(element.codingPath.map(\.stringValue).joined(separator: "/"))
                values.append(try element.decode(Int.self, forKey: .object))
            }
            nils.append(list.isAtEnd)
            let inner = try container.superDecoder(forKey: .object)
            paths.append(inner.codingPath.map(\.stringValue).joined(separator: "/"))
            var nested = try inner.unkeyedContainer()
            values.append(try nested.decode(Int.self))
            values.append(try nested.decodeIfPresent(Int.self) ?? -1)
            nils.append((try? nested.decode(Int.self)) == nil)  // past the end: an error, not a crash
        }
    }

    @Test func containersCodingPathsAndSuperDecodersBehaveAlike() {
        same(Probe.self, #"{"list": [{"object": 1}, null, {"object": 2}], "object": [3, null], "extra": true}"#)
    }

    /// Found by the `tape` fuzz target: past the end, JSONDecoder's `decodeIfPresent` returns `nil` and
    /// still counts `currentIndex` on; the errors past the end name JSONDecoder's types.
    @Test func unkeyedContainersPastTheEndBehaveAlike() {
        struct PastTheEnd: Decodable, Equatable {
            var log: [String] = []
            init(from decoder: any Decoder) throws {
                var list = try decoder.unkeyedContainer()
                log.append("\(try list.decodeIfPresent(Int.self) ?? -1)")
                log.append("\(try list.decodeIfPresent(Bool.self) ?? false) \(list.currentIndex)")
                log.append("\(try list.decodeIfPresent(String.self) ?? "none") \(try list.decodeIfPresent(UInt8.self) ?? 0) \(list.currentIndex)")
                log.append("\(try list.decodeIfPresent(URL.self)?.absoluteString ?? "none") \(list.currentIndex) \(list.isAtEnd)")
                for attempt in [{ _ = try list.nestedContainer(keyedBy: JSONAPIResourceKey.self) }, { _ = try list.nestedUnkeyedContainer() }] {
                    do {
                        try attempt()
                    } catch DecodingError.valueNotFound(let type, let context) {
                        log.append("\(type) \(context.codingPath.map(\.stringValue))")
                    }
                }
            }
        }
        #expect(agree(PastTheEnd.self, "[7, null]")?.log.count == 6)
        same(PastTheEnd.self, "[]")
    }

    @Test func userInfoReachesModels() {
        struct Reads: Decodable, Equatable {
            var value: String
            init(from decoder: any Decoder) throws { value = decoder.userInfo[CodingUserInfoKey(rawValue: "k")!] as? String ?? "none" }
        }
        let decoder = JSONDecoder()
        decoder.userInfo[CodingUserInfoKey(rawValue: "k")!] = "v"
        #expect(agree(Reads.self, "{}", decoder: decoder)?.value == "v")
    }

    /// Every generated model asks its decoder's `wireFormat`: the tape decoder answers from its document (looked
    /// up once), JSONDecoder's from its user info; the same answer, in a nested value and a super decoder too.
    @Test func theWireFormatIsTheOneTheUserInfoNames() throws {
        struct Probe: Decodable {
            var formats: [String?]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                formats = [decoder.wireFormat?.rawValue, try container.superDecoder(forKey: AnyKey("a")).wireFormat?.rawValue]
            }
        }
        let json = Data(#"{"a": {"b": 1}}"#.utf8)
        for format in [nil, WireFormat.jsonapi, WireFormat.hal] {
            let userInfo: [CodingUserInfoKey: any Sendable] = format.map { [.resgenWireFormat: $0] } ?? [:]
            let decoder = JSONDecoder()
            decoder.userInfo = userInfo
            let tape = try #require(TapeDecoder.decode(Probe.self, from: json, like: decoder, userInfo: decoder.userInfo))
            let plain = try decoder.decode(Probe.self, from: json)
            #expect(tape.formats == [format?.rawValue, format?.rawValue] && plain.formats == tape.formats)
        }
    }

    /// `asTapeDecoder` (what HAL's `_links` and JSON:API's relationships read the tape through) finds the tape
    /// decoder behind an `any Decoder`, a super decoder too, and nothing behind JSONDecoder's.
    @Test func asTapeDecoderFindsTheTapeDecoderOnly() throws {
        struct Probe: Decodable {
            var direct: Bool
            var superDecoder: Bool
            var node: Int?
            init(from decoder: any Decoder) throws {
                let tape = decoder.asTapeDecoder
                direct = tape != nil
                node = tape?.currentNode
                let container = try decoder.container(keyedBy: AnyKey.self)
                superDecoder = try container.superDecoder(forKey: AnyKey("a")).asTapeDecoder != nil
            }
        }
        let json = Data(#"{"a": {"b": 1}}"#.utf8)
        let fromTape = try #require(TapeDecoder.decode(Probe.self, from: json, like: JSONDecoder(), userInfo: [:]))
        #expect(fromTape.direct && fromTape.superDecoder)
        #expect(fromTape.node == 0)
        let fromJSONDecoder = try JSONDecoder().decode(Probe.self, from: json)
        #expect(!fromJSONDecoder.direct && !fromJSONDecoder.superDecoder)
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
