import Foundation
@_spi(Generated) import ResgenRuntimeCore

// `_links` read straight from a ``JSONTape``: HAL documents are mostly links, and through `Decoder`
// containers every link object costs a container and eight key lookups. Reading the tape costs one pass
// over each link's members. Anything the `Decodable` path would reject (a relation that is neither an
// object, a string nor an array of them, a link without an `href`, a property of the wrong type) makes
// the decoder unsure, so that JSONDecoder decodes the document and reports the error. The lenient forms
// (a bare string for a link, `null` for no link, a non-Boolean `templated`) read as the Decodable path
// reads them.

extension HALLinks {
    /// Decodes `_links` under `key` of a resource's container; absent or `null` gives no links, relative
    /// hrefs resolve against `Decoder.halDocumentURL`. What generated `init(halFrom:)` calls: with
    /// HALCodec's decoder the links are read straight from the parsed document.
    ///
    /// - Parameters:
    ///   - decoder: The decoder `container` came from, still at the resource (before any nested decoding).
    @_spi(Generated) public init<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key, decoder: any Decoder) throws {
        if let tape = decoder.asTapeDecoder {
            try self.init(tape, forKey: key.stringValue)
        } else {
            try self.init(container, forKey: key, base: decoder.halDocumentURL)
        }
    }

    /// Reads the member `key` of the object the decoder is at.
    package init(_ decoder: TapeDecoder, forKey key: String) throws {
        let tape = decoder.tape
        let base = decoder.document.halDocumentURL
        guard tape.nodes[decoder.currentNode].kind == .object else { throw decoder.unsure() }
        guard let links = tape.value(in: decoder.currentNode, named: key), tape.nodes[links].kind != .null else {
            self.init(base: base)
            return
        }
        guard tape.nodes[links].kind == .object else { throw decoder.unsure() }
        try self.init(decoder, object: links, base: base, codingPath: decoder.codingPath + [HALKey(key)])
    }

    /// Reads the `_links` object at node `object`: each relation once (the first of duplicates, as JSONDecoder keeps).
    ///
    /// - Parameters:
    ///   - codingPath: The object's coding path (for errors).
    package init(_ decoder: TapeDecoder, object: Int, base: URL?, codingPath: @autoclosure () -> [any CodingKey]) throws {
        let tape = decoder.tape
        let count = tape.nodes[object].count
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        var nulls: [String] = []
        // Duplicates are found by searching what was read for a handful of relations (most `_links`), in a
        // set beyond: searching would take time quadratic in the relations (5 s for one `_links` of 80,000).
        // (An optional set: nil costs nothing to make or drop, which an empty set does on every `_links`.)
        var seen: Set<String>? = count > 16 ? Set(minimumCapacity: count) : nil
        for (key, value) in tape.members(of: object) {
            let rel = try tape.string(at: key)
            if let inserted = seen?.insert(rel).inserted {
                guard inserted else { continue }
            } else {
                guard !entries.contains(where: { $0.rel == rel }), !nulls.contains(rel) else { continue }
            }
            // `null` is no link: the relation is absent (and a later duplicate does not count either).
            if tape.nodes[value].kind == .null {
                if seen == nil { nulls.append(rel) }  // else the set has it
                continue
            }
            entries.append(Entry(rel: rel, value: try Value(decoder, at: value)))
        }
        try self.init(decoded: entries, base: base, codingPath: codingPath())
    }
}

extension HALLinks.Value {
    /// A link object or a bare string (an href), or an array of them.
    package init(_ decoder: TapeDecoder, at index: Int) throws {
        let tape = decoder.tape
        switch tape.nodes[index].kind {
        case .object: self = .one(try HALLink(decoder, at: index))
        case .string: self = .one(try HALLink(decoder, string: index))
        case .array:
            self = .many(
                try tape.elements(of: index).map { element in
                    switch tape.nodes[element].kind {
                    case .object: return try HALLink(decoder, at: element)
                    case .string: return try HALLink(decoder, string: element)
                    default: throw decoder.unsure()
                    }
                })
        default: throw decoder.unsure()
        }
    }
}

extension HALLink {
    /// The link object at node `index`, its properties found in one pass (the first of duplicates wins;
    /// `null` is absent, as `decodeIfPresent` reads it). The base is added by ``HALLinks`` on access.
    package init(_ decoder: TapeDecoder, at index: Int) throws {
        let tape = decoder.tape
        var href: String?
        var templated: Bool?
        var type: String?, deprecation: String?, name: String?, profile: String?, title: String?, hreflang: String?
        var seen: UInt8 = 0
        for (key, value) in tape.members(of: index) {
            guard let property = Property(tape, key: key), seen & property.bit == 0 else { continue }
            seen |= property.bit
            let kind = tape.nodes[value].kind
            if kind == .null {
                guard property != .href else { throw decoder.unsure() }
                continue
            }
            if property == .templated {
                // Anything but a Boolean (`"true"`, `1`) counts as false, as the Decodable path reads it.
                templated = kind == .bool && tape.nodes[value].flag
                continue
            }
            guard kind == .string else { throw decoder.unsure() }
            let string = try tape.string(at: value)
            switch property {
            case .href: href = string
            case .type: type = string
            case .deprecation: deprecation = string
            case .name: name = string
            case .profile: profile = string
            case .title: title = string
            case .hreflang: hreflang = string
            case .templated: break
            }
        }
        guard let href else { throw decoder.unsure() }
        self.init(
            href: href, templated: templated ?? false, type: type, deprecation: deprecation, name: name, profile: profile,
            title: title, hreflang: hreflang)
    }

    /// A link written as a bare string: its `href`.
    package init(_ decoder: TapeDecoder, string index: Int) throws {
        do {
            self.init(href: try decoder.tape.string(at: index))
        } catch {
            throw decoder.unsure()
        }
    }

    /// The properties HAL defines for a link, recognized from the key's bytes.
    private enum Property: UInt8, CaseIterable {
        case href, templated, type, deprecation, name, profile, title, hreflang

        var bit: UInt8 { 1 << rawValue }

        init?(_ tape: JSONTape, key: Int) {
            let node = tape.nodes[key]
            guard !node.flag else {
                // An escaped key (rare) compares as a string.
                guard let match = Self.allCases.first(where: { tape.string(at: key, equals: $0.name) }) else { return nil }
                self = match
                return
            }
            // Otherwise one candidate by length (and first byte), then its bytes.
            let candidate: Property?
            switch node.length {
            case 4:
                switch tape.bytes[node.start] {
                case UInt8(ascii: "h"): candidate = .href
                case UInt8(ascii: "t"): candidate = .type
                case UInt8(ascii: "n"): candidate = .name
                default: candidate = nil
                }
            case 5: candidate = .title
            case 7: candidate = .profile
            case 8: candidate = .hreflang
            case 9: candidate = .templated
            case 11: candidate = .deprecation
            default: candidate = nil
            }
            guard let candidate, tape.string(at: key, equals: candidate.name) else { return nil }
            self = candidate
        }

        var name: String {
            switch self {
            case .href: "href"
            case .templated: "templated"
            case .type: "type"
            case .deprecation: "deprecation"
            case .name: "name"
            case .profile: "profile"
            case .title: "title"
            case .hreflang: "hreflang"
            }
        }
    }
}
