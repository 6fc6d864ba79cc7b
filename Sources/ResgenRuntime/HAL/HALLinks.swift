import Foundation

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

        /// Decodes a link object or an array of them (links get their base from ``HALLinks``).
        public init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: HALLink.CodingKeys.self) {
                self = .one(try HALLink(container: object, base: nil))
                return
            }
            var array = try decoder.unkeyedContainer()
            var links: [HALLink] = []
            links.reserveCapacity(array.count ?? 0)
            while !array.isAtEnd {
                links.append(try HALLink(container: array.nestedContainer(keyedBy: HALLink.CodingKeys.self), base: nil))
            }
            self = .many(links)
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

    /// The relations as decoded, without their base URL (added on access).
    private var storage: [String: Value]
    /// The URL of the document the links came from: relative hrefs resolve against it.
    public var base: URL?
    private var curieList: [CURIE]

    /// Creates links.
    ///
    /// - Parameters:
    ///   - relations: The relations by name.
    ///   - base: The URL relative hrefs resolve against, for links that have no ``HALLink/base`` yet.
    public init(_ relations: [String: Value] = [:], base: URL? = nil) {
        self.storage = relations
        self.base = base
        self.curieList = Self.parseCURIEs(relations["curies"])
    }

    /// The relations by the name the server wrote, `curies` included, each link with its base URL.
    public var relations: [String: Value] {
        get { base == nil ? storage : storage.mapValues { $0.rebased(base) } }
        set {
            storage = newValue
            curieList = Self.parseCURIEs(newValue["curies"])
        }
    }

    /// Whether there are no relations at all.
    public var isEmpty: Bool { storage.isEmpty }

    /// Whether the document defines CURIEs (else every relation has exactly one spelling).
    public var hasCURIEs: Bool { !curieList.isEmpty }

    /// The relation named `rel`, under any of its spellings (see ``spellings(of:)``).
    public subscript(rel: String) -> Value? {
        if let value = storage[rel] { return value.rebased(base) }
        guard !curieList.isEmpty else { return nil }
        for spelling in spellings(of: rel).dropFirst() {
            if let value = storage[spelling] { return value.rebased(base) }
        }
        return nil
    }

    /// The links of relation `rel`, as an array; empty when there is none.
    public func links(_ rel: String) -> [HALLink] { self[rel]?.links ?? [] }

    /// The first link of relation `rel`.
    public func link(_ rel: String) -> HALLink? { links(rel).first }

    /// The `self` link.
    public var selfLink: HALLink? { link("self") }

    /// The CURIE definitions (`curies`): each `name` with its templated `href`.
    public var curies: [HALLink] { storage["curies"]?.rebased(base).links ?? [] }

    /// Every way `rel` may be written in this document, `rel` first: a CURIE (`ea:orders`) also as the URI
    /// it expands to, and a URI also as each CURIE that expands to it.
    public func spellings(of rel: String) -> [String] {
        guard !curieList.isEmpty else { return [rel] }
        var result = [rel]
        if let colon = rel.firstIndex(of: ":") {
            let prefix = rel[..<colon]
            if let curie = curieList.first(where: { $0.name == prefix }) {
                result.append(curie.head + rel[rel.index(after: colon)...] + curie.tail)
            }
        }
        for curie in curieList where rel.count > curie.head.count + curie.tail.count && rel.hasPrefix(curie.head) && rel.hasSuffix(curie.tail) {
            result.append("\(curie.name):\(rel.dropFirst(curie.head.count).dropLast(curie.tail.count))")
        }
        return result
    }

    private static func parseCURIEs(_ value: Value?) -> [CURIE] {
        guard let value else { return [] }
        return value.links.compactMap { link in
            guard let name = link.name, let range = link.href.range(of: "{rel}") else { return nil }
            return CURIE(name: name, head: String(link.href[..<range.lowerBound]), tail: String(link.href[range.upperBound...]))
        }
    }

    /// Decodes `_links`: each relation an object or an array of objects; relative hrefs resolve against
    /// ``CodingUserInfoKey/halDocumentURL``.
    public init(from decoder: any Decoder) throws {
        self.init(try [String: Value](from: decoder), base: decoder.userInfo[.halDocumentURL] as? URL)
    }

    /// Encodes `_links` as the server sent them (objects stay objects, arrays arrays), keys sorted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: HALKey.self)
        for (rel, value) in storage.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .one(let link): try container.encode(link, forKey: HALKey(rel))
            case .many(let links): try container.encode(links, forKey: HALKey(rel))
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

/// A coding key for any string: HAL relation names, `_embedded` keys, unknown properties.
public struct HALKey: CodingKey, Hashable, Sendable {
    public var stringValue: String
    public var intValue: Int? { nil }

    /// A key for `name`.
    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { return nil }
}
