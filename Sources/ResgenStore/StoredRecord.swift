import Foundation
import ResgenRuntimeCore

/// One stored resource object, compactly: its JSON text (UTF-8) and the linkage of its relationships,
/// read once when it is stored.
///
/// The text is what a read hands the decoder (a stored document is the records' bytes joined, never a
/// `JSONValue` written out again) and what the file keeps; the linkage is what following includes needs
/// (``StoredGraph/closure(of:along:)``), so neither parses the record. The parsed value
/// (``value``) is built only where a record's fields are looked at: a merge over a stored record that
/// differs, a pending write applied on top of it, a `links.self` to refresh.
struct StoredRecord: Sendable, Equatable {
    /// The resource object as JSON text.
    let bytes: [UInt8]
    /// The relationships whose `data` names resources, by name, each with its targets in order.
    let linkage: [Linkage]

    struct Linkage: Sendable, Equatable {
        let name: String
        let targets: [ResourceIdentity]
    }

    static func == (lhs: StoredRecord, rhs: StoredRecord) -> Bool { lhs.bytes == rhs.bytes }

    /// The record of a parsed resource object.
    init(_ value: JSONValue) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        value.write(to: &bytes)
        self.bytes = bytes
        var linkage: [Linkage] = []
        if case .object(let relationships)? = value["relationships"] {
            for (name, relationship) in relationships {
                let targets: [ResourceIdentity]
                switch relationship["data"] {
                case .array(let items)?: targets = items.compactMap(StoredGraph.identity(of:))
                case let object?: targets = StoredGraph.identity(of: object).map { [$0] } ?? []
                case nil: targets = []
                }
                if !targets.isEmpty { linkage.append(Linkage(name: name, targets: targets)) }
            }
        }
        self.linkage = linkage
    }

    /// The record of stored JSON text (a file's row); nil when it is not JSON.
    init?(bytes: [UInt8]) {
        let parsed: StoredRecord? = try? bytes.withUnsafeBufferPointer { buffer throws -> StoredRecord? in
            let tape = try JSONTape(borrowing: buffer)
            guard Self.readsAsJSONValueDoes(tape) else { return nil }
            return StoredRecord(bytes: bytes, linkage: tape.nodes.first?.kind == .object ? Self.linkage(tape, object: 0) : [])
        }
        if let parsed {
            self = parsed
        } else if let value = try? JSONValue(parsing: Data(bytes)) {
            // What only JSONDecoder reads: kept as its value, written out again.
            self = StoredRecord(value)
        } else {
            return nil
        }
    }

    private init(bytes: [UInt8], linkage: [Linkage]) {
        self.bytes = bytes
        self.linkage = linkage
    }

    /// The resource object, parsed.
    var value: JSONValue {
        // The bytes were written by the tape walk or `JSONValue.write(to:)`: they parse.
        (try? JSONValue(parsing: Data(bytes))) ?? .null
    }

    /// The targets of relationship `name`.
    func targets(of name: String) -> [ResourceIdentity] {
        for entry in linkage where entry.name == name { return entry.targets }
        return []
    }

    // MARK: straight from a response's tape

    /// The resource objects of a compound document, in order: the primary data (`data`, one or many)
    /// and `included`, each with its identity. Objects without one are left out.
    struct Objects {
        typealias Entry = (identity: ResourceIdentity, record: StoredRecord)
        var primary: [Entry] = []
        var included: [Entry] = []
        /// The parse these objects were read from (its bytes its own), when they were read from the
        /// document's tape and every element of its `data` and `included` is one of them: what a fetch
        /// decodes its value from when the store holds exactly what the response carried
        /// (``ResourceStore/decodeAll(_:_:many:includes:asRead:)``), instead of writing the records out
        /// again and parsing them a second time.
        var tape: JSONTape?

        /// Every identity, primary data first, repeats kept.
        var identities: [ResourceIdentity] { primary.map(\.identity) + included.map(\.identity) }

        /// The resource objects of a parsed document.
        init(document: JSONValue) {
            func entry(_ object: JSONValue) -> Entry? {
                StoredGraph.identity(of: object).map { (identity: $0, record: StoredRecord(object)) }
            }
            switch document["data"] {
            case .array(let items)?: primary = items.compactMap(entry)
            case let object? where object != .null: primary = entry(object).map { [$0] } ?? []
            default: break
            }
            if case .array(let items)? = document["included"] { included = items.compactMap(entry) }
        }

        private init() {}

        /// The given objects.
        init(primary: [Entry], included: [Entry]) {
            self.primary = primary
            self.included = included
        }

        /// The resource objects of a document's JSON text, read from its tape without a `JSONValue` of
        /// the document: each object's text copied node by node (escapes and numbers as the server wrote
        /// them). A document the tape does not read strictly (not JSON, irregular values) or nesting
        /// deeper than `JSONValue` accepts is parsed as a `JSONValue`, with its errors.
        static func parsing(_ data: Data) throws -> Objects {
            let fromTape: Objects? = try? JSONTape.withTape(of: data) { tape -> Objects? in
                guard StoredRecord.readsAsJSONValueDoes(tape) else { return nil }
                var objects = Objects()
                guard tape.nodes.first?.kind == .object else { return objects }
                var complete = true
                // Each object is written here, then copied out at its size: written into its own array,
                // which grew by doubling, it was copied several times and kept up to twice its size.
                var scratch: [UInt8] = []
                scratch.reserveCapacity(4096)
                func entry(_ node: Int, depth: Int) -> Entry?? {
                    guard tape.nodes[node].kind == .object, let identity = StoredRecord.identity(tape, object: node) else {
                        complete = false
                        return .some(nil)
                    }
                    let linkage = StoredRecord.linkage(tape, object: node)
                    if let span = StoredRecord.compactSpan(tape, object: node) {
                        // Written without whitespace: its text is what `write` would write, copied at once.
                        return (identity: identity, record: StoredRecord(bytes: Array(UnsafeBufferPointer(rebasing: tape.bytes[span])), linkage: linkage))
                    }
                    scratch.removeAll(keepingCapacity: true)
                    guard StoredRecord.write(tape, node, into: &scratch, depth: depth) != nil else { return nil }
                    return (identity: identity, record: StoredRecord(bytes: StoredRecord.copy(scratch), linkage: linkage))
                }
                if let data = tape.value(in: 0, named: "data") {
                    switch tape.nodes[data].kind {
                    case .array:
                        for item in tape.elements(of: data) {
                            guard let found = entry(item, depth: 2) else { return nil }
                            if let found { objects.primary.append(found) }
                        }
                    case .object:
                        guard let found = entry(data, depth: 1) else { return nil }
                        if let found { objects.primary.append(found) }
                    default: break
                    }
                }
                if let included = tape.value(in: 0, named: "included"), tape.nodes[included].kind == .array {
                    for item in tape.elements(of: included) {
                        guard let found = entry(item, depth: 2) else { return nil }
                        if let found { objects.included.append(found) }
                    }
                }
                // Held past this call: the tape copies the document's bytes, which are lent only for it.
                if complete { objects.tape = tape }
                return objects
            }
            if let fromTape { return fromTape }
            return Objects(document: try JSONValue(parsing: data))
        }
    }

    /// A copy of `bytes` in an array of its own, at their size.
    private static func copy(_ bytes: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            _ = buffer.initialize(fromContentsOf: bytes)
            count = bytes.count
        }
    }

    /// The identity of object node `object`, by ``StoredGraph/identity(of:)``'s rule.
    private static func identity(_ tape: JSONTape, object: Int) -> ResourceIdentity? {
        let (type, id, _) = tape.values(in: object, named: "type", "id", "\u{0}")
        guard let type, tape.nodes[type].kind == .string, let typeName = try? tape.string(at: type), let id else { return nil }
        switch tape.nodes[id].kind {
        case .string:
            return (try? tape.string(at: id)).map { ResourceIdentity(type: typeName, id: $0) }
        case .number:
            guard let number = try? tape.jsonValue(at: id, depth: 2) else { return nil }
            return StoredGraph.identity(of: .object(["type": .string(typeName), "id": number]))
        default:
            return nil
        }
    }

    /// The linkage of object node `object`'s relationships (the first of equal names, as `JSONValue`
    /// keeps).
    private static func linkage(_ tape: JSONTape, object: Int) -> [Linkage] {
        guard let relationships = tape.value(in: object, named: "relationships"), tape.nodes[relationships].kind == .object else { return [] }
        var linkage: [Linkage] = []
        // A name an earlier member had is skipped. A record's few relationships are looked up among the
        // members before each one, with no table per record; past `scanLimit` members (a hostile document
        // can send thousands) a set keeps the work linear.
        let scanLimit = 16
        var seen: Set<String>? = tape.nodes[relationships].count > scanLimit ? [] : nil
        func repeatsAnEarlierMember(_ key: Int, _ name: String) -> Bool {
            for (earlier, _) in tape.members(of: relationships) {
                guard earlier != key else { return false }
                if (try? tape.string(at: earlier)) == name { return true }
            }
            return false
        }
        for (key, value) in tape.members(of: relationships) {
            guard let name = try? tape.string(at: key) else { continue }
            if seen != nil {
                guard seen!.insert(name).inserted else { continue }
            } else if repeatsAnEarlierMember(key, name) {
                continue
            }
            guard tape.nodes[value].kind == .object, let data = tape.value(in: value, named: "data") else { continue }
            var targets: [ResourceIdentity] = []
            switch tape.nodes[data].kind {
            case .object:
                if let target = identity(tape, object: data) { targets = [target] }
            case .array:
                for item in tape.elements(of: data) where tape.nodes[item].kind == .object {
                    if let target = identity(tape, object: item) { targets.append(target) }
                }
            default: break
            }
            if !targets.isEmpty { linkage.append(Linkage(name: name, targets: targets)) }
        }
        return linkage
    }

    /// Whether `tape` holds nothing `JSONValue(parsing:)` would read otherwise or refuse: no irregular
    /// value, and no number out of `Double`'s range (`1e400`, or a non-zero literal that rounds to 0),
    /// which the tape keeps as text but `JSONValue` refuses. Only a number with an exponent or more
    /// digits than a `Double` holds exactly can be one, so the rest are not converted.
    static func readsAsJSONValueDoes(_ tape: JSONTape) -> Bool {
        for index in tape.nodes.indices {
            let node = tape.nodes[index]
            switch node.kind {
            case .irregular:
                return false
            case .number where node.end - node.start > 15 || tape.bytes[node.start..<node.end].contains(where: { $0 | 0x20 == UInt8(ascii: "e") }):
                if (try? tape.jsonValue(at: index, depth: 0)) == nil { return false }
            default:
                break
            }
        }
        return true
    }

    /// The bytes of object node `object` when the document wrote it exactly as ``write(_:_:into:depth:)``
    /// writes it (no whitespace anywhere in it, as servers commonly send JSON): checked node by node, every
    /// scalar where the compact text puts it and every bracket, colon and comma in its place; nil
    /// otherwise (and for an empty object, or one nested deeper than `JSONValue` reads, which `write`
    /// judges).
    static func compactSpan(_ tape: JSONTape, object: Int) -> Range<Int>? {
        let node = tape.nodes[object]
        guard node.kind == .object, node.count > 0, object + 1 < tape.nodes.count, tape.nodes[object + 1].kind == .string else { return nil }
        // `{"` before the first key.
        let start = tape.nodes[object + 1].start - 2
        guard start >= 0 else { return nil }
        var position = start
        guard compactEnd(tape, object, at: &position, depth: 0) != nil else { return nil }
        return start..<position
    }

    /// The node after the value at `index` when its text starts at `position` and is compact (see
    /// ``compactSpan(_:object:)``), with `position` moved past it; nil when it is not.
    private static func compactEnd(_ tape: JSONTape, _ index: Int, at position: inout Int, depth: Int) -> Int? {
        let bytes = tape.bytes
        func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }
        let node = tape.nodes[index]
        switch node.kind {
        case .null, .bool, .number:
            guard node.start == position else { return nil }
            position = node.end
            return index + 1
        case .string:
            // The parser's string starts after its opening quote and ends at its closing one.
            guard node.start == position + 1, take(UInt8(ascii: "\"")) else { return nil }
            position = node.end
            guard take(UInt8(ascii: "\"")) else { return nil }
            return index + 1
        case .irregular:
            return nil
        case .object:
            guard depth < JSONValue.maximumDepth - 2, take(UInt8(ascii: "{")) else { return nil }
            var next = index + 1
            for member in 0..<node.count {
                if member > 0 { guard take(UInt8(ascii: ",")) else { return nil } }
                guard let afterKey = compactEnd(tape, next, at: &position, depth: depth + 1), take(UInt8(ascii: ":")),
                      let afterValue = compactEnd(tape, afterKey, at: &position, depth: depth + 1) else { return nil }
                next = afterValue
            }
            return take(UInt8(ascii: "}")) ? next : nil
        case .array:
            guard depth < JSONValue.maximumDepth - 2, take(UInt8(ascii: "[")) else { return nil }
            var next = index + 1
            for element in 0..<node.count {
                if element > 0 { guard take(UInt8(ascii: ",")) else { return nil } }
                guard let after = compactEnd(tape, next, at: &position, depth: depth + 1) else { return nil }
                next = after
            }
            return take(UInt8(ascii: "]")) ? next : nil
        }
    }

    /// Writes the value at node `index` as JSON text (strings and numbers byte for byte); returns the
    /// node after it, or nil deeper than `JSONValue.maximumDepth` (counted from the document's top).
    private static func write(_ tape: JSONTape, _ index: Int, into out: inout [UInt8], depth: Int) -> Int? {
        let node = tape.nodes[index]
        switch node.kind {
        case .null:
            out.append(contentsOf: "null".utf8)
            return index + 1
        case .bool:
            out.append(contentsOf: (node.flag ? "true" : "false").utf8)
            return index + 1
        case .number:
            out.append(contentsOf: UnsafeBufferPointer(rebasing: tape.bytes[node.start..<node.end]))
            return index + 1
        case .string, .irregular:
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: UnsafeBufferPointer(rebasing: tape.bytes[node.start..<node.end]))
            out.append(UInt8(ascii: "\""))
            return index + 1
        case .object:
            guard node.count == 0 || depth < JSONValue.maximumDepth else { return nil }
            out.append(UInt8(ascii: "{"))
            var next = index + 1
            for member in 0..<node.count {
                if member > 0 { out.append(UInt8(ascii: ",")) }
                guard let afterKey = write(tape, next, into: &out, depth: depth + 1) else { return nil }
                out.append(UInt8(ascii: ":"))
                guard let afterValue = write(tape, afterKey, into: &out, depth: depth + 1) else { return nil }
                next = afterValue
            }
            out.append(UInt8(ascii: "}"))
            return next
        case .array:
            guard node.count == 0 || depth < JSONValue.maximumDepth else { return nil }
            out.append(UInt8(ascii: "["))
            var next = index + 1
            for element in 0..<node.count {
                if element > 0 { out.append(UInt8(ascii: ",")) }
                guard let after = write(tape, next, into: &out, depth: depth + 1) else { return nil }
                next = after
            }
            out.append(UInt8(ascii: "]"))
            return next
        }
    }
}
