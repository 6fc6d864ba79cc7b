import Foundation

@testable import ResgenRuntime

// Plain structs for the `tape` target: every kind of value and container a model can ask for, so that
// differences the generated models never reach are found too.

extension TapeDifferential {
    /// Every value type `Codable` has, optional so that documents decode often.
    struct Everything: Codable, Equatable, Sendable {
        enum Color: String, Codable, Sendable { case red, green, blue }
        enum Level: Int, Codable, Sendable { case low = 1, high = 2 }

        var bool: Bool?
        var string: String?
        var double: Double?
        var float: Float?
        var int: Int?
        var int8: Int8?
        var int16: Int16?
        var int32: Int32?
        var int64: Int64?
        var uint: UInt?
        var uint8: UInt8?
        var uint16: UInt16?
        var uint32: UInt32?
        var uint64: UInt64?
        var int128: Int128?
        var uint128: UInt128?
        var date: Date?
        var data: Data?
        var url: URL?
        var decimal: Decimal?
        var uuid: UUID?
        var strings: [String]?
        var numbers: [Double]?
        var matrix: [[Int]]?
        var map: [String: Int]?
        var nested: [String: [String: Bool]]?
        var optionals: [Int?]?
        var color: Color?
        var level: Level?
        var values: [String: JSONValue]?
        var children: [Everything]?
    }

    /// What a coding key error says, for models that catch errors: the kind and the path.
    static func summary(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String { context.codingPath.map(\.stringValue).joined(separator: "/") }
        switch error {
        case DecodingError.typeMismatch(let type, let context): return "typeMismatch(\(type))@\(path(context))"
        case DecodingError.valueNotFound(let type, let context): return "valueNotFound(\(type))@\(path(context))"
        case DecodingError.keyNotFound(let key, let context): return "keyNotFound(\(key.stringValue))@\(path(context))"
        case DecodingError.dataCorrupted(let context): return "dataCorrupted@\(path(context))"
        default: return "other"
        }
    }

    /// A JSON value as sorted-keys JSON: `"\(value)"` prints dictionaries in their hash order, which
    /// differs between equal dictionaries built in a different order.
    static func canonical(_ value: JSONValue) -> String {
        encoded(value) ?? "\(value)"
    }

    /// A key for any name.
    struct AnyKey: CodingKey, Hashable {
        var stringValue: String
        var intValue: Int?
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) {
            stringValue = "\(intValue)"
            self.intValue = intValue
        }
    }

    /// Records what every kind of container answers, errors included, for any object: keys, presence,
    /// `null`s, scalars of each type, nested containers, super decoders, coding paths.
    struct Probe: Decodable, Equatable, Sendable {
        var log: [String] = []

        init(from decoder: any Decoder) throws {
            log.append("path \(decoder.codingPath.count)")
            if let container = record({ try decoder.container(keyedBy: AnyKey.self) }) {
                try keyed(container, depth: 0)
            } else if var list = record({ try decoder.unkeyedContainer() }) {
                try unkeyed(&list, depth: 0)
            } else {
                let single = try decoder.singleValueContainer()
                log.append("nil \(single.decodeNil())")
                scalars { try single.decode($0) }
            }
        }

        /// Runs `body`, logging its error's summary, and returns its value.
        mutating func record<T>(_ body: () throws -> T) -> T? {
            do {
                return try body()
            } catch {
                log.append(TapeDifferential.summary(error))
                return nil
            }
        }

        /// Logs the value as each scalar type (decoded by `decode`), or the error.
        mutating func scalars(_ decode: (any Decodable.Type) throws -> any Decodable) {
            let types: [any Decodable.Type] = [
                Bool.self, String.self, Int.self, Int8.self, UInt8.self, UInt64.self, Double.self, Float.self, URL.self, Date.self,
                Data.self, Decimal.self,
            ]
            for type in types {
                if let value = record({ try decode(type) }) { log.append("\(type) \(value)") }
            }
        }

        mutating func keyed(_ container: KeyedDecodingContainer<AnyKey>, depth: Int) throws {
            // JSONDecoder's order is its dictionary's. Sorted by bytes: `String`'s `<` is not a total order on
            // spellings (canonically equivalent ones are equal), so its sort would keep the input's order.
            let keys = container.allKeys.map(\.stringValue).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            log.append("keys \(keys) path \(container.codingPath.map(\.stringValue))")
            for name in keys.prefix(8) + ["absent"] {
                let key = AnyKey(name)
                log.append("\(name): contains \(container.contains(key))")
                if let isNil = record({ try container.decodeNil(forKey: key) }) { log.append("nil \(isNil)") }
                scalars { try container.decode($0, forKey: key) }
                if let value = record({ try container.decodeIfPresent(Int.self, forKey: key) }) { log.append("int? \(String(describing: value))") }
                if let value = record({ try container.decodeIfPresent(String.self, forKey: key) }) { log.append("string? \(String(describing: value))") }
                if let value = record({ try container.decode(JSONValue.self, forKey: key) }) { log.append("json \(TapeDifferential.canonical(value))") }
                guard depth < 2 else { continue }
                if let nested = record({ try container.nestedContainer(keyedBy: AnyKey.self, forKey: key) }) { try keyed(nested, depth: depth + 1) }
                if var list = record({ try container.nestedUnkeyedContainer(forKey: key) }) { try unkeyed(&list, depth: depth + 1) }
            }
            if let first = keys.first, let inner = record({ try container.superDecoder(forKey: AnyKey(first)) }) {
                log.append("super \(inner.codingPath.map(\.stringValue))")
                if let single = record({ try inner.singleValueContainer() }) { log.append("super nil \(single.decodeNil())") }
            }
        }

        mutating func unkeyed(_ list: inout any UnkeyedDecodingContainer, depth: Int) throws {
            log.append("count \(String(describing: list.count)) path \(list.codingPath.map(\.stringValue))")
            var steps = 0
            while !list.isAtEnd, steps < 16 {
                steps += 1
                log.append("index \(list.currentIndex)")
                if let isNil = record({ try list.decodeNil() }), isNil {
                    log.append("nil")
                    continue
                }
                switch steps % 4 {
                case 0: if let value = record({ try list.decode(Int.self) }) { log.append("int \(value)") }
                case 1: if let value = record({ try list.decodeIfPresent(String.self) }) { log.append("string? \(String(describing: value))") }
                case 2:
                    if depth < 2, let nested = record({ try list.nestedContainer(keyedBy: AnyKey.self) }) {
                        try keyed(nested, depth: depth + 1)
                    }
                default: if let value = record({ try list.decode(JSONValue.self) }) { log.append("json \(TapeDifferential.canonical(value))") }
                }
            }
            log.append("end \(list.isAtEnd) \(list.currentIndex)")
            if let value = record({ try list.decode(Int.self) }) { log.append("past end \(value)") }
            if let value = record({ try list.decodeIfPresent(Bool.self) }) { log.append("past end bool? \(String(describing: value))") }
            if let value = record({ try list.decodeIfPresent(Int.self) }) { log.append("past end int? \(String(describing: value))") }
            if let value = record({ try list.decodeIfPresent(URL.self) }) { log.append("past end url? \(String(describing: value))") }
            log.append("end \(list.isAtEnd) \(list.currentIndex)")
        }
    }

    /// Keys that are equal as `String`s but not as bytes, and some that are not equal at all.
    struct KeyProbe: Decodable, Equatable, Sendable {
        enum CodingKeys: String, CodingKey, CaseIterable {
            case composed = "café"
            case decomposed = "cafe\u{301}"
            case kelvin = "\u{212A}"
            case k = "K"
            case angstrom = "\u{212B}"
            case aRing = "\u{C5}"
            case ligature = "\u{FB01}"
            case fi = "fi"
            case greekQuestionMark = "\u{37E}"
            case semicolon = ";"
            case empty = ""
            case space = " "
            case plain = "plain"
        }

        var values: [String: JSONValue] = [:]
        var map: [String: JSONValue]?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            for key in CodingKeys.allCases {
                values[String(describing: key)] = try container.decodeIfPresent(JSONValue.self, forKey: key)
            }
            map = try? decoder.singleValueContainer().decode([String: JSONValue].self)
        }
    }

    /// One number as every numeric type, errors swallowed: the conversions a model may try one after another.
    struct NumberProbe: Decodable, Equatable, Sendable {
        var log: [String] = []

        init(from decoder: any Decoder) throws {
            var list = try decoder.unkeyedContainer()
            while !list.isAtEnd {
                let element = try list.superDecoder().singleValueContainer()
                log.append(String(describing: try? element.decode(Int.self)))
                log.append(String(describing: try? element.decode(Int8.self)))
                log.append(String(describing: try? element.decode(Int16.self)))
                log.append(String(describing: try? element.decode(Int32.self)))
                log.append(String(describing: try? element.decode(Int64.self)))
                log.append(String(describing: try? element.decode(UInt.self)))
                log.append(String(describing: try? element.decode(UInt8.self)))
                log.append(String(describing: try? element.decode(UInt16.self)))
                log.append(String(describing: try? element.decode(UInt32.self)))
                log.append(String(describing: try? element.decode(UInt64.self)))
                log.append(String(describing: try? element.decode(Int128.self)))
                log.append(String(describing: try? element.decode(UInt128.self)))
                log.append(String(describing: try? element.decode(Double.self)))
                log.append(String(describing: try? element.decode(Float.self)))
                log.append(String(describing: try? element.decode(Decimal.self)))
                log.append(String(describing: try? element.decode(Date.self)))
            }
        }
    }
}
