import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// A HAL document's `_links`: relations to one link object or to an array of them (which one the
/// server sent is kept), with CURIEs.
///
/// Look a relation up by any of its spellings: `links["ea:orders"]` also finds a relation the server
/// wrote as the full URI `https://example.com/rels/orders` when its `curies` define `ea`, and the other
/// way round.
public struct HALLinks: Hashable, Sendable, Codable {
    /// What one relation holds.
    public enum Value: Hashable, Sendable, Decodable {
        /// A single link object.
        case one(HALLink)
        /// An array of link objects (possibly of one, or empty).
        case many([HALLink])

        /// The links, as an array either way.
        public var links: [HALLink] {
            switch self {
            case .one(let link): [link]
            case .many(let links): links
            }
        }

        /// The link whose ``HALLink/name`` is `name` (the first, if several are).
        public func link(named name: String) -> HALLink? {
            switch self {
            case .one(let link): link.name == name ? link : nil
            case .many(let links): links.first { $0.name == name }
            }
        }

        /// The link, or the first of the array; no array is built.
        var first: HALLink? {
            switch self {
            case .one(let link): link
            case .many(let links): links.first
            }
        }

        /// Decodes a link object or an array of them (links get their base from ``HALLinks``); a bare
        /// string is read as a link with that `href` (see ``HALLinks`` for the lenient forms).
        public init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: HALLink.CodingKeys.self) {
                self = .one(try HALLink(container: object, base: nil))
                return
            }
            if let href = try? decoder.singleValueContainer().decode(String.self) {
                self = .one(HALLink(href: href))
                return
            }
            var array = try decoder.unkeyedContainer()
            self = .many(try Self.links(&array))
        }

        /// Decodes the relation under `key` of `_links` straight from its container: one nested container
        /// per link object, no `Decoder` per relation.
        init(_ links: KeyedDecodingContainer<HALKey>, forKey key: HALKey) throws {
            // Trying the wrong shape throws an error, which JSONDecoder builds with its coding path and a
            // description; `curies` is an array by the HAL spec, so it is tried as one first.
            if key.stringValue == "curies", var array = try? links.nestedUnkeyedContainer(forKey: key) {
                self = .many(try Self.links(&array))
                return
            }
            let object: KeyedDecodingContainer<HALLink.CodingKeys>
            do {
                object = try links.nestedContainer(keyedBy: HALLink.CodingKeys.self, forKey: key)
            } catch {
                // Not an object: a bare string (an href), else an array of links, whose error says what is
                // wrong otherwise.
                if let href = try? links.decode(String.self, forKey: key) {
                    self = .one(HALLink(href: href))
                    return
                }
                var array = try links.nestedUnkeyedContainer(forKey: key)
                self = .many(try Self.links(&array))
                return
            }
            self = .one(try HALLink(container: object, base: nil))
        }

        /// The links of an array: link objects, or bare strings read as hrefs.
        private static func links(_ array: inout any UnkeyedDecodingContainer) throws -> [HALLink] {
            var links: [HALLink] = []
            links.reserveCapacity(array.count ?? 0)
            while !array.isAtEnd {
                // A string is tried only after an object failed, which leaves the array where it was.
                if let object = try? array.nestedContainer(keyedBy: HALLink.CodingKeys.self) {
                    links.append(try HALLink(container: object, base: nil))
                } else if let href = try? array.decode(String.self) {
                    links.append(HALLink(href: href))
                } else {
                    // Neither: the object's error, with this element's path.
                    links.append(try HALLink(container: array.nestedContainer(keyedBy: HALLink.CodingKeys.self), base: nil))
                }
            }
            return links
        }

        func rebased(_ base: URL?) -> Value {
            guard let base else { return self }
            switch self {
            case .one(var link):
                if link.base == nil { link.base = base }
                return .one(link)
            case .many(let links):
                return .many(links.map { link in
                    var link = link
                    if link.base == nil { link.base = base }
                    return link
                })
            }
        }
    }

    /// A CURIE, split around `{rel}` once so lookups need no searching.
    struct CURIE: Hashable, Sendable {
        var name: String
        var head: String
        var tail: String
    }

    /// One relation as decoded, without its base URL (added on access).
    struct Entry: Sendable {
        var rel: String
        var value: Value
    }

    /// The relations, each name once, in no particular order. An array rather than a dictionary: a
    /// document has a handful of relations, and building and searching a short array is cheaper than
    /// hashing every name (decoding `_links` is most of decoding a HAL resource).
    private var entries: [Entry]
    /// The URL of the document the links came from: relative hrefs resolve against it.
    public var base: URL?
    private var curieList: [CURIE]
    /// Whether some relation is written as a CURIE (`ea:orders`) or as a URI a CURIE expands to: without
    /// one, a relation is found under its own name only, and a lookup that misses need not build the
    /// other spellings (embedded resources inherit CURIEs, and look up relations they do not have).
    private var hasCURIESpellings = false

    /// Creates links.
    ///
    /// - Parameters:
    ///   - relations: The relations by name.
    ///   - base: The URL relative hrefs resolve against, for links that have no ``HALLink/base`` yet.
    public init(_ relations: [String: Value] = [:], base: URL? = nil) {
        // Every generated model starts with `links = HALLinks()`, even those then decoded: keep it free.
        guard !relations.isEmpty else {
            self.init(entries: [], base: base)
            return
        }
        self.init(entries: relations.sorted { $0.key < $1.key }.map { Entry(rel: $0.key, value: $0.value) }, base: base)
    }

    init(entries: [Entry], base: URL?) {
        self.init(entries: entries, base: base, curies: Self.ownCURIEs(in: entries))
    }

    /// The CURIEs `entries` define themselves (their `curies` relation).
    private static func ownCURIEs(in entries: [Entry]) -> [CURIE] {
        entries.isEmpty ? [] : parseCURIEs(entries.first { $0.rel == "curies" }?.value)
    }

    /// `entries` with `curies` in scope: their own, then any they inherit (the callers parse and merge them).
    private init(entries: [Entry], base: URL?, curies: [CURIE]) {
        self.entries = entries
        self.base = base
        self.curieList = curies
        self.hasCURIESpellings = Self.hasCURIESpellings(entries, curies)
    }

    /// How many CURIEs may be in scope of a decoded resource: its own and those it inherits from the
    /// documents it is embedded in (less those its own redefine). A resource with more fails to decode with
    /// `DecodingError.dataCorrupted`, which names this limit.
    ///
    /// Real documents define a handful. Each relation a resource decodes is checked against every CURIE in
    /// scope, and every embedded resource that defines CURIEs of its own keeps a list with the inherited
    /// ones: without a bound, a 2 MiB document of 12,000 CURIEs and 12,000 embedded resources cost 10 s of
    /// CPU, and one of 3,000 CURIEs whose 8,000 embedded resources each define three held 1.1 GiB.
    public static let maximumCURIEs = 64

    /// Whether a relation of `entries` is spelled in a form `curies` relate to another: `name:…`, or
    /// `head…tail` with something between. Asked for every decoded resource with CURIEs in scope, so it
    /// compares lengths (O(1) in UTF-8) before bytes, and borrows the entries (a closure over them copied
    /// each entry, links and all: ~1.2 M instructions on the HAL benchmark).
    private static func hasCURIESpellings(_ entries: [Entry], _ curies: [CURIE]) -> Bool {
        guard !curies.isEmpty else { return false }
        for entryIndex in entries.indices {
            let rel = entries[entryIndex].rel.utf8
            for curieIndex in curies.indices {
                let name = curies[curieIndex].name.utf8
                if rel.count > name.count, rel[rel.index(rel.startIndex, offsetBy: name.count)] == UInt8(ascii: ":"), rel.starts(with: name) {
                    return true
                }
                let head = curies[curieIndex].head.utf8, tail = curies[curieIndex].tail.utf8
                guard rel.count > head.count + tail.count, rel.first == head.first || head.isEmpty else { continue }
                if rel.starts(with: head) && rel.reversed().starts(with: tail.reversed()) { return true }
            }
        }
        return false
    }

    /// Links as decoded from a document: with the CURIEs of the documents it is embedded in
    /// (``inheritedCURIEs``) after its own, which take precedence over those of the same name.
    /// (Links without any relation take none: they have no relation to spell.)
    ///
    /// - Parameters:
    ///   - codingPath: Where `_links` is, for the error when more than ``maximumCURIEs`` are in scope.
    /// - Throws: `DecodingError.dataCorrupted` for more than ``maximumCURIEs`` CURIEs in scope.
    init(decoded entries: [Entry], base: URL?, codingPath: @autoclosure () -> [any CodingKey]) throws {
        guard !entries.isEmpty else {
            self.init(entries: [], base: base, curies: [])
            return
        }
        var curies = Self.ownCURIEs(in: entries)
        let inherited = Self.inheritedCURIEs
        if curies.isEmpty {
            curies = inherited  // at most the maximum: checked where they were decoded
        } else if curies.count <= Self.maximumCURIEs && !inherited.isEmpty {
            // Both lists are bounded here, so the merge is too.
            curies += inherited.filter { curie in !curies.contains { $0.name == curie.name } }
        }
        guard curies.count <= Self.maximumCURIEs else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath(),
                    debugDescription: "more than \(Self.maximumCURIEs) CURIEs in scope of one resource, its own and those it inherits (HALLinks.maximumCURIEs)"))
        }
        self.init(entries: entries, base: base, curies: curies)
    }

    /// The CURIEs in scope where an embedded resource is decoded: those of the documents it is embedded
    /// in, nearest first. HAL: an embedded resource may use its parent's CURIEs without repeating them.
    /// A task local, because generated `init(halFrom:)` has no parameter to pass them in, and both
    /// decoders (the tape and JSONDecoder) must read them alike.
    @TaskLocal static var inheritedCURIEs: [CURIE] = []

    /// Runs `decode` (decoding resources embedded in the document these links are from) with this
    /// document's CURIEs in scope; as is when it has none of its own (the ones in scope are its
    /// parents', which stay). Inlinable, and the scoped part not generic: called once per embedded
    /// relation, a generic call would look up `T`'s metadata each time.
    @inlinable
    func embedding<T>(_ decode: () throws -> T) throws -> T {
        guard hasCURIEs else { return try decode() }
        var result: T?
        try withOwnCURIEsInScope { result = try decode() }
        return result!  // swift-format-ignore: NeverForceUnwrap
    }

    /// Runs `body` with this document's own CURIEs, if any, in scope for the resources it embeds.
    @usableFromInline
    func withOwnCURIEsInScope(_ body: () throws -> Void) throws {
        guard exactly("curies") != nil else { return try body() }
        try Self.$inheritedCURIEs.withValue(curieList, operation: body)
    }

    /// The relations by the name the server wrote, `curies` included, each link with its base URL.
    public var relations: [String: Value] {
        get { Dictionary(entries.map { ($0.rel, $0.value.rebased(base)) }, uniquingKeysWith: { first, _ in first }) }
        set { self = HALLinks(newValue, base: base) }
    }

    /// Whether there are no relations at all.
    public var isEmpty: Bool { entries.isEmpty }

    /// Whether the document defines CURIEs or inherits them from the document it is embedded in (else
    /// every relation has exactly one spelling).
    public var hasCURIEs: Bool { !curieList.isEmpty }

    /// The relation named `rel`, under any of its spellings (see ``spellings(of:)``).
    public subscript(rel: String) -> Value? {
        value(rel)?.rebased(base)
    }

    /// The relation `rel` under any of its spellings, as decoded (links without their base): what
    /// generated decoding reads, which needs no copy of the links with the base set.
    func value(_ rel: String) -> Value? {
        index(of: rel).map { entries[$0].value }
    }

    /// Where relation `rel` is in `entries`, under any of its spellings: lookups that need one link read
    /// it in place rather than copying the relation out.
    private func index(of rel: String) -> Int? {
        if let index = entries.firstIndex(where: { $0.rel == rel }) { return index }
        guard hasCURIESpellings else { return nil }
        var found: Int?
        _ = otherSpelling(of: rel) { spelling in
            found = entries.firstIndex { $0.rel == spelling }
            return found != nil
        }
        return found
    }

    private func exactly(_ rel: String) -> Value? {
        entries.firstIndex { $0.rel == rel }.map { entries[$0].value }
    }

    /// Whether there is a relation `rel` under any of its spellings.
    @usableFromInline func contains(_ rel: String) -> Bool { index(of: rel) != nil }

    /// The link of a to-one relationship: the first link of `rel`, resolved when read.
    @usableFromInline func toOneLink(_ rel: String) -> RelationshipLink {
        guard let index = index(of: rel) else { return .none }
        switch entries[index].value {
        case .one(let link): return RelationshipLink(link, base: base)
        case .many(let links): return RelationshipLink(links.first, base: base)
        }
    }

    /// The link of a to-many relationship: the link of `rel` when it is a single link object (a link to
    /// the collection); an array of links stays in the relation only.
    @usableFromInline func toManyLink(_ rel: String) -> RelationshipLink {
        guard let index = index(of: rel), case .one(let link) = entries[index].value else { return .none }
        return RelationshipLink(link, base: base)
    }

    /// The links of relation `rel`, as an array; empty when there is none.
    public func links(_ rel: String) -> [HALLink] { self[rel]?.links ?? [] }

    /// The first link of relation `rel`.
    public func link(_ rel: String) -> HALLink? {
        guard var link = value(rel)?.first else { return nil }
        if link.base == nil { link.base = base }
        return link
    }

    /// The link of relation `rel` whose ``HALLink/name`` is `name`: HAL's secondary key for choosing
    /// among the links of one relation (`links.link("ea:admin", named: "fred")`).
    public func link(_ rel: String, named name: String) -> HALLink? {
        guard var link = value(rel)?.link(named: name) else { return nil }
        if link.base == nil { link.base = base }
        return link
    }

    /// The `self` link.
    public var selfLink: HALLink? { link("self") }

    /// The CURIE definitions (`curies`): each `name` with its templated `href`.
    public var curies: [HALLink] { exactly("curies")?.rebased(base).links ?? [] }

    /// Every way `rel` may be written in this document, `rel` first: a CURIE (`ea:orders`) also as the URI
    /// it expands to, and a URI also as each CURIE that expands to it.
    public func spellings(of rel: String) -> [String] {
        var result = [rel]
        _ = otherSpelling(of: rel) { spelling in
            result.append(spelling)
            return false
        }
        return result
    }

    /// The first spelling of `rel` other than `rel` itself, in ``spellings(of:)`` order, that `matches`;
    /// builds no array, as decoding asks this for every relationship not found under its own name.
    func otherSpelling(of rel: String, where matches: (String) -> Bool) -> String? {
        guard !curieList.isEmpty else { return nil }
        // Compared in UTF-8 (relation names are URIs): the generic `String` algorithms (`firstIndex(of:)` on
        // Characters, `starts(with:)`) cast dynamically on every call, which showed as 1.8k instructions a
        // relationship in profiles of HAL decoding (each one not embedded under its own name asks this).
        var rel = rel
        return rel.withUTF8 { bytes -> String? in
            if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
                let prefix = UnsafeBufferPointer(rebasing: bytes[..<colon])
                if let curie = curieList.first(where: { Self.equals($0.name, prefix) }) {
                    let expanded = curie.head + String(decoding: UnsafeBufferPointer(rebasing: bytes[(colon + 1)...]), as: UTF8.self) + curie.tail
                    if matches(expanded) { return expanded }
                }
            }
            for curie in curieList {
                var head = curie.head, tail = curie.tail
                let middle: Range<Int>? = head.withUTF8 { head in
                    tail.withUTF8 { tail in
                        guard bytes.count > head.count + tail.count,
                              UnsafeBufferPointer(rebasing: bytes[..<head.count]).elementsEqual(head),
                              UnsafeBufferPointer(rebasing: bytes[(bytes.count - tail.count)...]).elementsEqual(tail)
                        else { return nil }
                        return head.count..<(bytes.count - tail.count)
                    }
                }
                guard let middle else { continue }
                let compact = curie.name + ":" + String(decoding: UnsafeBufferPointer(rebasing: bytes[middle]), as: UTF8.self)
                if matches(compact) { return compact }
            }
            return nil
        }
    }

    /// Whether `string`'s UTF-8 is `bytes`.
    private static func equals(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var string = string
        return string.withUTF8 { $0.elementsEqual(bytes) }
    }

    private static func parseCURIEs(_ value: Value?) -> [CURIE] {
        func curie(_ link: HALLink) -> CURIE? {
            guard let name = link.name, let range = placeholder(in: link.href) else { return nil }
            return CURIE(name: name, head: String(link.href[..<range.lowerBound]), tail: String(link.href[range.upperBound...]))
        }
        switch value {
        case nil: return []
        case .one(let link): return curie(link).map { [$0] } ?? []
        case .many(let links): return links.compactMap(curie)
        }
    }

    /// Where `{rel}` is in `href`, searched in its UTF-8 (Foundation's `range(of:)` goes through
    /// `NSString`, which showed in profiles of decoding one CURIE per resource).
    private static func placeholder(in href: String) -> Range<String.Index>? {
        var href = href
        // Byte offsets in a buffer (the generic `UTF8View` slices' `starts(with:)` cost ~280 instructions
        // a position); UTF-8 offsets are valid `String.Index`es of `href` (`{` is ASCII).
        let found: Int? = href.withUTF8 { bytes in
            guard bytes.count >= 5 else { return nil }
            for start in 0...(bytes.count - 5) where bytes[start] == UInt8(ascii: "{") {
                if bytes[start + 1] == UInt8(ascii: "r"), bytes[start + 2] == UInt8(ascii: "e"), bytes[start + 3] == UInt8(ascii: "l"),
                   bytes[start + 4] == UInt8(ascii: "}") {
                    return start
                }
            }
            return nil
        }
        guard let found else { return nil }
        let utf8 = href.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: found)
        return lower..<utf8.index(lower, offsetBy: 5)
    }

    /// Decodes `_links`: each relation an object or an array of objects; relative hrefs resolve against
    /// `CodingUserInfoKey.halDocumentURL`.
    public init(from decoder: any Decoder) throws {
        if let tape = decoder.asTapeDecoder, tape.tape.nodes[tape.currentNode].kind == .object {
            try self.init(tape, object: tape.currentNode, base: tape.document.halDocumentURL, codingPath: decoder.codingPath)  // straight from the bytes
            return
        }
        try self.init(container: decoder.container(keyedBy: HALKey.self), base: decoder.halDocumentURL)
    }

    /// Decodes `_links` under `key` of a resource's container; absent or `null` gives no links. What
    /// generated `init(halFrom:)` calls: inlinable, so it is specialized for the resource's keys.
    ///
    /// - Parameters:
    ///   - base: The URL relative hrefs resolve against (`Decoder.halDocumentURL`).
    @inlinable
    init<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key, base: URL?) throws {
        let links: KeyedDecodingContainer<HALKey>
        do {
            links = try container.nestedContainer(keyedBy: HALKey.self, forKey: key)
        } catch {
            // One lookup in the common case (present); absence or `null` is found out on failure.
            guard try container.contains(key) && !container.decodeNil(forKey: key) else {
                self.init(base: base)
                return
            }
            throw error
        }
        try self.init(container: links, base: base)
    }

    @usableFromInline
    init(container: KeyedDecodingContainer<HALKey>, base: URL?) throws {
        let keys = container.allKeys
        var entries: [Entry] = []
        entries.reserveCapacity(keys.count)
        do {
            for key in keys {
                // `null` is no link (drf-hal-json writes `"previous": null`): the relation is absent.
                if let value = try Self.value(container, forKey: key) { entries.append(Entry(rel: key.stringValue, value: value)) }
            }
        } catch {
            // JSONDecoder lists the keys in hash order, which changes from run to run: the error names the
            // first bad relation in sorted order instead, so that it is the same every time.
            for key in keys.sorted(by: HALKey.precedes) { _ = try Self.value(container, forKey: key) }
            throw error
        }
        try self.init(decoded: entries, base: base, codingPath: container.codingPath)
    }

    /// The relation under `key`; nil for `null`.
    private static func value(_ container: KeyedDecodingContainer<HALKey>, forKey key: HALKey) throws -> Value? {
        do {
            return try Value(container, forKey: key)
        } catch {
            if (try? container.decodeNil(forKey: key)) == true { return nil }
            throw error
        }
    }

    /// Encodes `_links` as the server sent them (objects stay objects, arrays arrays), keys sorted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: HALKey.self)
        for entry in entries.sorted(by: { $0.rel < $1.rel }) {
            switch entry.value {
            case .one(let link): try container.encode(link, forKey: HALKey(entry.rel))
            case .many(let links): try container.encode(links, forKey: HALKey(entry.rel))
            }
        }
    }

    public static func == (lhs: HALLinks, rhs: HALLinks) -> Bool {
        lhs.relations == rhs.relations
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(relations)
    }
}

extension Decoder {
    /// The URL of the HAL document being decoded, from ``CodingUserInfoKey/halDocumentURL``: relative
    /// hrefs resolve against it.
    @usableFromInline var halDocumentURL: URL? { userInfo[.halDocumentURL] as? URL }
}

/// A coding key for any string: HAL relation names, `_embedded` keys, unknown properties.
public struct HALKey: CodingKey, Hashable, Sendable {
    public var stringValue: String
    public var intValue: Int? { nil }

    /// A key for `name`.
    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { return nil }

    /// Sorted order of keys: the order decoding visits an object's keys in where an error could name any
    /// of them (JSONDecoder's `allKeys` are in hash order, which changes from run to run).
    static func precedes(_ lhs: some CodingKey, _ rhs: some CodingKey) -> Bool { lhs.stringValue < rhs.stringValue }
}
