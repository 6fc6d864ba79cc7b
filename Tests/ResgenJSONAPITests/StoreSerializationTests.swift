import Foundation
@testable import ResgenStore
import ResgenRuntime
import Testing

/// The store's own JSON writer (`JSONValue.serialized()`): what it writes parses back to the same value,
/// for random values with every kind of number and string, escapes and unicode included.
@Suite struct StoreSerializationTests {
    static func random(_ generator: inout SplitMix64, depth: Int) -> JSONValue {
        let strings = ["", "a", "quote \" and \\ backslash", "tab\tnew\nline\u{01}", "é ☃ 𝄞", "\u{7f}\u{1f}"]
        let numbers: [Double] = [0, -0.0, 7, -42, 1.5, 1e20, 1e-7, 9_007_199_254_740_992, 123_456_789.125, .leastNonzeroMagnitude]
        switch generator.next() % (depth > 3 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(generator.next() % 2 == 0)
        case 2: return .number(numbers[Int(generator.next() % UInt64(numbers.count))])
        case 3: return .string(strings[Int(generator.next() % UInt64(strings.count))])
        case 4: return .array((0..<Int(generator.next() % 4)).map { _ in random(&generator, depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int(generator.next() % 4) {
                members[strings[Int(generator.next() % UInt64(strings.count))]] = random(&generator, depth: depth + 1)
            }
            return .object(members)
        }
    }

    @Test func whatItWritesParsesBackToTheSameValue() throws {
        var generator = SplitMix64(seed: 51_51)
        for _ in 0..<2_000 {
            let value = Self.random(&generator, depth: 0)
            let data = value.serialized()
            #expect(try JSONValue(parsing: data) == value, "\(String(decoding: data, as: UTF8.self))")
            #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value, "Foundation reads it alike")
        }
    }

    @Test func wholeNumbersAreWrittenAsIntegers() {
        #expect(String(decoding: JSONValue.array([.number(7), .number(-3), .number(2.5)]).serialized(), as: UTF8.self) == "[7,-3,2.5]")
    }
}
