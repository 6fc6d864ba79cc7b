import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// A HAL resource without a schema: its properties as ``JSONValue``s, its links, and its embedded
/// resources (those the server embedded, and those a traversal fetched).
public struct HALDocument: Hashable, Sendable, Decodable {
    /// What one embedded relation holds (kept as the server wrote it: an object or an array).
    public enum Embedded: Hashable, Sendable {
        /// One embedded resource.
        case one(HALDocument)
        /// An array of embedded resources.
        case many([HALDocument])

        /// The resources, as an array either way.
        public var documents: [HALDocument] {
            switch self {
            case .one(let document): [document]
            case .many(let documents): documents
            }
        }
    }

    /// Every property but `_links` and `_embedded`.
    public var properties: [String: JSONValue]
    /// The `_links`.
    public var links: HALLinks
    /// The `_embedded` resources by relation, as written (a traversal adds what it fetched).
    public var embedded: [String: Embedded]

    /// Creates a document.
    public init(properties: [String: JSONValue] = [:], links: HALLinks = HALLinks(), embedded: [String: Embedded] = [:]) {
        self.properties = properties
        self.links = links
        self.embedded = embedded
    }

    /// The property `name`.
    public subscript(name: String) -> JSONValue? { properties[name] }

    /// The embedded resources of `rel` under any of its spellings (CURIEs), as an array.
    public func embedded(_ rel: String) -> [HALDocument]? {
        for spelling in links.spellings(of: rel) {
            if let value = embedded[spelling] { return value.documents }
        }
        return nil
    }

    /// The first embedded resource of `rel`.
    public func embeddedOne(_ rel: String) -> HALDocument? { embedded(rel)?.first }

    /// The whole document as a JSON value (properties, `_links`, `_embedded`), as a dictionary tree.
    public var json: JSONValue {
        var object = properties
        if !links.isEmpty {
            object["_links"] = .object(links.relations.mapValues { value in
                switch value {
                case .one(let link): Self.json(link)
                case .many(let links): .array(links.map(Self.json))
                }
            })
        }
        if !embedded.isEmpty {
            object["_embedded"] = .object(embedded.mapValues { value in
                switch value {
                case .one(let document): document.json
                case .many(let documents): .array(documents.map(\.json))
                }
            })
        }
        return .object(object)
    }

    private static func json(_ link: HALLink) -> JSONValue {
        var object: [String: JSONValue] = ["href": .string(link.url?.absoluteString ?? link.href)]
        if link.templated { object["templated"] = .bool(true) }
        for (key, value) in [("type", link.type), ("deprecation", link.deprecation), ("name", link.name), ("profile", link.profile), ("title", link.title), ("hreflang", link.hreflang)] {
            if let value { object[key] = .string(value) }
        }
        return .object(object)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: HALKey.self)
        var properties: [String: JSONValue] = [:]
        var embedded: [String: Embedded] = [:]
        // `_links` first: embedded resources inherit its CURIEs.
        let links = try container.decodeIfPresent(HALLinks.self, forKey: HALKey("_links")) ?? HALLinks()
        // Keys in sorted order: JSONDecoder lists them in hash order, which changes from run to run, and the
        // first bad value is the one an error names.
        for key in container.allKeys.sorted(by: HALKey.precedes) {
            switch key.stringValue {
            case "_links":
                continue
            case "_embedded":
                // `null` is nothing embedded, as generated models read it.
                if try container.decodeNil(forKey: key) { continue }
                let nested = try container.nestedContainer(keyedBy: HALKey.self, forKey: key)
                try links.embedding {
                    for rel in nested.allKeys.sorted(by: HALKey.precedes) {
                        if let many = try? nested.decode([HALDocument].self, forKey: rel) {
                            embedded[rel.stringValue] = .many(many)
                        } else {
                            embedded[rel.stringValue] = .one(try nested.decode(HALDocument.self, forKey: rel))
                        }
                    }
                }
            default:
                properties[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
        }
        self.properties = properties
        self.links = links
        self.embedded = embedded
    }
}
