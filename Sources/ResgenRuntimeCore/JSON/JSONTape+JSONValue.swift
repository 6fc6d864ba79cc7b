import Foundation

/// ``JSONValue`` straight from the tape: one walk over the value's nodes, no decoder, container or error
/// per node.
///
/// Decoding `JSONValue` through the `Decoder` API means trying each kind in turn and paying, at every
/// miss, for an error whose coding path is as long as the depth; over a deep document that was quadratic
/// (a 100 KB error body took about 70 s). Here the node's kind says what to build, so the work is linear
/// in the value's size. The answers are `JSONDecoder`'s: the first of equal keys wins, a number the quick
/// conversion cannot be sure of is converted by `JSONDecoder` itself, and the depth limit counts from the
/// top of the document (``JSONValue/maximumDepth``).
extension JSONTape {
    /// Why a value could not be built.
    package enum JSONValueFailure: Error {
        /// A value sits deeper than ``JSONValue/maximumDepth``; the keys lead to it from the value being
        /// built, innermost first.
        case tooDeep(keys: [any CodingKey])
        /// A value `JSONDecoder` refuses to decode: a number it does not read as a `Double` (it does not
        /// fit), or an ``JSONTape/Kind/irregular`` value or key; its error.
        case invalid(any Error)
    }

    /// The value of node `index`, which sits `depth` levels below the top of the document.
    package func jsonValue(at index: Int, depth: Int) throws(JSONValueFailure) -> JSONValue {
        let found = nodes[index]
        switch found.kind {
        case .null: return .null
        case .bool: return .bool(found.flag)
        case .number: return .number(try double(at: index))
        case .string: return .string(stringValue(at: index))
        case .irregular: throw .invalid(Self.irregularValue)
        case .array:
            guard found.count == 0 || depth < JSONValue.maximumDepth else { throw .tooDeep(keys: [ArrayIndexKey(0)]) }
            var array: [JSONValue] = []
            array.reserveCapacity(found.count)
            for (offset, element) in elements(of: index).enumerated() {
                do {
                    array.append(try jsonValue(at: element, depth: depth + 1))
                } catch JSONValueFailure.tooDeep(let keys) {
                    throw .tooDeep(keys: keys + [ArrayIndexKey(offset)])
                }
            }
            return .array(array)
        case .object:
            var object: [String: JSONValue] = [:]
            object.reserveCapacity(found.count)
            for (key, value) in members(of: index) {
                // JSONDecoder reads every key of an object it decodes as a dictionary.
                guard nodes[key].kind == .string else { throw .invalid(Self.irregularValue) }
                let name = stringValue(at: key)
                // JSONDecoder decodes the first of equal keys only; later ones are never looked at.
                guard object[name] == nil else { continue }
                guard depth < JSONValue.maximumDepth else { throw .tooDeep(keys: [JSONValueKey(name)]) }
                do {
                    object[name] = try jsonValue(at: value, depth: depth + 1)
                } catch JSONValueFailure.tooDeep(let keys) {
                    throw .tooDeep(keys: keys + [JSONValueKey(name)])
                }
            }
            return .object(object)
        }
    }

    /// A string node's text. The parser checked its escapes and UTF-8, so resolving them cannot fail; should
    /// it, the raw text is still this string's best reading.
    private func stringValue(at index: Int) -> String {
        (try? string(at: index)) ?? text(at: index)
    }

    /// A number node as `JSONDecoder` reads it into a `Double`: `Double(text)` when that is certainly its
    /// answer, else `JSONDecoder`'s own answer for the number alone (out of range, or rounding to zero from
    /// non-zero digits, where its rules are its own).
    private func double(at index: Int) throws(JSONValueFailure) -> Double {
        let text = text(at: index)
        if let value = Double(text), value.isFinite,
            value != 0 || !text.utf8.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") })
        {
            return value
        }
        do {
            return try JSONDecoder().decode(Double.self, from: Data(text.utf8))
        } catch {
            throw .invalid(error)
        }
    }

    /// The error for an ``Kind/irregular`` value, as `JSONDecoder` reports one it scanned but cannot decode.
    static let irregularValue = DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "The given data was not valid JSON (a string or number that is not valid JSON)."))
}

extension JSONValue {
    /// Builds the value at the node `index` of `tape`, whose coding path is `codingPath` (its length is the
    /// node's depth); errors are `DecodingError`s, as `JSONDecoder` would have thrown.
    package init(tape: JSONTape, node index: Int, codingPath: @autoclosure () -> [any CodingKey], depth: Int) throws {
        guard depth <= Self.maximumDepth else { throw Self.tooDeep(codingPath()) }
        do {
            self = try tape.jsonValue(at: index, depth: depth)
        } catch {
            switch error {
            case .tooDeep(let keys): throw Self.tooDeep(codingPath() + keys.reversed())
            case .invalid(let error): throw error
            }
        }
    }
}

/// An object member's key in a coding path.
struct JSONValueKey: CodingKey {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(_ name: String) { stringValue = name }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}

/// Lends a fallback `JSONDecoder` the tape of the document it decodes (``CodingUserInfoKey/resgenTape``),
/// so that the ``JSONValue``s in it are built from the tape instead of through `JSONDecoder`, where each
/// costs work proportional to its depth per node.
///
/// Each `JSONValue` is found from the top of the document by its coding path. So that finding many (a
/// `meta` in each of 100,000 resources, or each property of a large untyped HAL document) stays linear,
/// the loan indexes a large container the first time a path goes through it: its elements' nodes, or its
/// members' value nodes by key.
package final class TapeLoan: @unchecked Sendable {
    // Unchecked: the tape and the indexes are used by the one decode the loan is lent to, on its thread.
    package let tape: JSONTape
    /// The element nodes of each array a path went through.
    private var elements: [Int: [Int]] = [:]
    /// The value node of each key (the first of equal keys, as JSONDecoder keeps) of each object a path
    /// went through.
    private var members: [Int: [String: Int]] = [:]

    package init(_ tape: JSONTape) { self.tape = tape }

    /// Containers of at most this many members or elements are walked rather than indexed: a walk of a
    /// few is as quick as a lookup, and most of a document's containers are that small.
    static let walkedCount = 16

    /// The node at `codingPath`, as `JSONDecoder` reached it (object members by key, array elements by
    /// index); nil when the path leads nowhere in this document.
    package func node(at codingPath: [any CodingKey]) -> Int? {
        var index = 0
        for key in codingPath {
            let container = tape.nodes[index]
            switch container.kind {
            case .object where container.count <= Self.walkedCount:
                guard let value = tape.value(in: index, named: key.stringValue) else { return nil }
                index = value
            case .object:
                guard let value = membersIndex(of: index)[key.stringValue] else { return nil }
                index = value
            case .array:
                guard let offset = key.intValue, offset >= 0, offset < container.count else { return nil }
                if container.count <= Self.walkedCount {
                    var element = index + 1
                    for _ in 0..<offset { element = tape.next(after: element) }
                    index = element
                } else {
                    index = elementsIndex(of: index)[offset]
                }
            default:
                return nil
            }
        }
        return index
    }

    private func elementsIndex(of array: Int) -> [Int] {
        if let known = elements[array] { return known }
        let list = Array(tape.elements(of: array))
        elements[array] = list
        return list
    }

    private func membersIndex(of object: Int) -> [String: Int] {
        if let known = members[object] { return known }
        var byKey: [String: Int] = [:]
        for (key, value) in tape.members(of: object) where tape.nodes[key].kind == .string {
            // Keys compare as Strings (canonical equivalence), as JSONDecoder's do.
            if let name = try? tape.string(at: key), byKey[name] == nil { byKey[name] = value }
        }
        members[object] = byKey
        return byKey
    }
}

extension CodingUserInfoKey {
    /// A ``TapeLoan`` of the document a `JSONDecoder` decodes, set only by the runtime's fallback decodes.
    package static let resgenTape = CodingUserInfoKey(rawValue: "resgen.tape")!
}
