import Foundation

/// Any JSON value, for parts of documents a schema does not type (`meta`, unknown links).
///
/// Decoding one takes time linear in the size of its JSON, whatever its shape, and refuses nesting deeper
/// than ``maximumDepth``: open JSON comes from servers, and a small hostile body must not cost more work
/// than its bytes are worth.
public enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// How deep in a document a value inside a `JSONValue` may sit: 64 levels, counted as the length of its
    /// coding path from the top of the document (`errors[0].meta.a.b` is 5). A value deeper than this fails
    /// to decode with `DecodingError.dataCorrupted`.
    ///
    /// Real documents nest open JSON a few levels deep (`meta`, error details); a limit keeps the work of
    /// decoding one proportional to its size and its memory bounded, and is far below the 512 levels
    /// `JSONDecoder` and resgen's tape parser accept in a document.
    public static let maximumDepth = 64

    public init(from decoder: any Decoder) throws {
        // From the tape of the document, when there is one: resgen's decoder, or JSONDecoder when the client
        // falls back to it (JSONTape+JSONValue.swift).
        if let tape = decoder.asTapeDecoder {
            do {
                self = try JSONValue(tape: tape.tape, node: tape.node, codingPath: tape.path.keys, depth: tape.path.depth)
            } catch {
                // Which error JSONDecoder throws here (and so what a model that catches it sees) is its own
                // to say: the document goes to it, with the tape lent.
                throw tape.unsure()
            }
            return
        }
        let codingPath = decoder.codingPath
        if let loan = decoder.userInfo[.resgenTape] as? TapeLoan, let node = loan.node(at: codingPath) {
            self = try JSONValue(tape: loan.tape, node: node, codingPath: codingPath, depth: codingPath.count)
            return
        }
        // Any other decoder: the kind is found by trying each in turn. A miss costs an error whose coding path
        // is as long as the depth, which the depth limit bounds: the work is linear in the size, if not small.
        guard codingPath.count <= Self.maximumDepth else { throw Self.tooDeep(codingPath) }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if var array = try? decoder.unkeyedContainer() {
            // Elements decode outside `try?`, so an error inside one (too deep, say) is that error, reported
            // once, rather than a retry of the whole array as an object.
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses a JSON document (RFC 8259) in time linear in its size, with `JSONDecoder`'s answers: the value
    /// `JSONDecoder().decode(JSONValue.self, from: data)` gives, or its error.
    ///
    /// Prefer this to `JSONDecoder` for a whole document: through the `Decoder` API each value's kind is
    /// found by trying every kind, which costs work proportional to the value's depth per value.
    ///
    /// - Throws: `DecodingError`, for a document that is not JSON or nests deeper than ``maximumDepth``.
    public init(parsing data: Data) throws {
        let parsed = try? JSONTape.withTape(of: data) { tape in
            Result { try JSONValue(tape: tape, node: 0, codingPath: [], depth: 0) }
        }
        // What the tape's strict parser refuses (not JSON, or in UTF-16) is JSONDecoder's to answer.
        self = try parsed?.get() ?? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The error for a value deeper than ``maximumDepth``.
    static func tooDeep(_ codingPath: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(
            .init(codingPath: codingPath, debugDescription: "JSON nested deeper than \(maximumDepth) levels (JSONValue.maximumDepth)"))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value under `key`, when this is an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}
