import Foundation

/// A HAL document's `_links`: relations to one link object or to an array of them (which one the
/// server sent is kept), with CURIEs.
///
/// Look a relation up by any of its spellings: `links["ea:orders"]` also finds a relation the server
/// wrote as the full URI `https://example.com/rels/orders` when its `curies` define `ea`, and the other
/// way round.
public struct HALLinks: Hashable, Sendable, Codable {
    /// What one relation holds.
    public enum Value: Hashable, Sendable {
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
    }

    /// The relations by the name the server wrote, `curies` included.
    public var relations: [String: Value]

    /// Creates links.
    public init(_ relations: [String: Value] = [:]) {
        self.relations = relations
    }

    /// Whether there are no relations at all.
    public var isEmpty: Bool { relations.isEmpty }

    /// The relation named `rel`, under any of its spellings (see ``spellings(of:)``).
    public subscript(rel: String) -> Value? {
        if let value = relations[rel] { return value }
        for spelling in spellings(of: rel).dropFirst() {
            if let value = relations[spelling] { return value }
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
    public var curies: [HALLink] { relations["curies"]?.links ?? [] }

    /// Every way `rel` may be written in this document, `rel` first: a CURIE (`ea:orders`) also as the URI
    /// it expands to, and a URI also as each CURIE that expands to it.
    public func spellings(of rel: String) -> [String] {
        let curies = curies
        guard !curies.isEmpty else { return [rel] }
        var result = [rel]
        if let colon = rel.firstIndex(of: ":") {
            let prefix = String(rel[..<colon])
            let reference = String(rel[rel.index(after: colon)...])
            if let curie = curies.first(where: { $0.name == prefix }) {
                result.append(Self.expand(curie.href, reference))
            }
        }
        for curie in curies {
            guard let name = curie.name, let range = curie.href.range(of: "{rel}") else { continue }
            let head = curie.href[..<range.lowerBound], tail = curie.href[range.upperBound...]
            if rel.hasPrefix(head), rel.hasSuffix(tail), rel.count > head.count + tail.count {
                let reference = rel.dropFirst(head.count).dropLast(tail.count)
                result.append("\(name):\(reference)")
            }
        }
        return result
    }

    /// A CURIE's template with `{rel}` replaced by `reference` (the only variable CURIEs have).
    static func expand(_ template: String, _ reference: String) -> String {
        template.replacingOccurrences(of: "{rel}", with: reference)
    }

    /// Decodes `_links`: each relation an object or an array of objects.
    public init(from decoder: any Decoder) throws {
        let base = decoder.userInfo[.halDocumentURL] as? URL
        let container = try decoder.container(keyedBy: HALKey.self)
        var relations: [String: Value] = [:]
        relations.reserveCapacity(container.allKeys.count)
        for key in container.allKeys {
            if let object = try? container.nestedContainer(keyedBy: HALLink.CodingKeys.self, forKey: key) {
                relations[key.stringValue] = .one(try HALLink(container: object, base: base))
            } else {
                var array = try container.nestedUnkeyedContainer(forKey: key)
                var links: [HALLink] = []
                links.reserveCapacity(array.count ?? 0)
                while !array.isAtEnd {
                    links.append(try HALLink(container: array.nestedContainer(keyedBy: HALLink.CodingKeys.self), base: base))
                }
                relations[key.stringValue] = .many(links)
            }
        }
        self.relations = relations
    }

    /// Encodes `_links` as the server sent them (objects stay objects, arrays arrays), keys sorted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: HALKey.self)
        for (rel, value) in relations.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .one(let link): try container.encode(link, forKey: HALKey(rel))
            case .many(let links): try container.encode(links, forKey: HALKey(rel))
            }
        }
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
