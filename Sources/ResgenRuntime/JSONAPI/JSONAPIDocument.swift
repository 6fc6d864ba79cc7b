import Foundation

/// A decoded JSON:API document: primary data (one resource, `nil` for `null`, or many), the
/// `included` resources, and the top-level `meta`, `links` and `jsonapi` members.
public struct JSONAPIDocument<Primary: Sendable>: Sendable {
    /// The primary data, relationships resolved along the requested include paths.
    public var data: Primary
    /// The included resources the schema knows, in document order (unresolved; look them up by type).
    public var included: [any Resource]
    /// Top-level `meta`.
    public var meta: JSONValue?
    /// Top-level `links` (`self`, pagination).
    public var links: JSONAPILinks?
    /// The `jsonapi` object.
    public var jsonapi: JSONAPIObject?

    /// Creates a document.
    public init(data: Primary, included: [any Resource] = [], meta: JSONValue? = nil, links: JSONAPILinks? = nil, jsonapi: JSONAPIObject? = nil) {
        self.data = data
        self.included = included
        self.meta = meta
        self.links = links
        self.jsonapi = jsonapi
    }

    /// The included resources of type `T`.
    public func included<T: Resource>(_ type: T.Type) -> [T] {
        included.compactMap { $0 as? T }
    }
}

/// The top-level `jsonapi` object: the spec version the server implements, and its `meta`.
public struct JSONAPIObject: Codable, Hashable, Sendable {
    /// `version`, e.g. `"1.0"`.
    public var version: String?
    /// `meta`.
    public var meta: JSONValue?

    /// Creates the object.
    public init(version: String? = nil, meta: JSONValue? = nil) {
        self.version = version
        self.meta = meta
    }
}

/// The wire shape of a document, decoded in one pass: the primary data by its static type, each
/// included resource by its `type` member (looked up once in the API's resource types).
struct WireDocument<Primary: Decodable>: Decodable {
    var data: Primary
    var included: [IncludedResource]?
    var meta: JSONValue?
    var links: JSONAPILinks?
    var jsonapi: JSONAPIObject?
}

/// One member of `included`: a resource of a type the schema knows, or nil (unknown, not strict).
struct IncludedResource: Decodable {
    var value: (any Resource)?

    init(from decoder: any Decoder) throws {
        guard let registry = decoder.userInfo[.resgenJSONAPIRegistry] as? JSONAPITypeRegistry else {
            preconditionFailure("IncludedResource decodes only through JSONAPICodec")
        }
        let object = try decoder.container(keyedBy: JSONAPIResourceKey.self)
        let type = try object.decode(String.self, forKey: .type)
        if let resourceType = registry.types[type] {
            value = try resourceType.init(from: decoder)
        } else if registry.strict {
            throw DecodingError.dataCorruptedError(forKey: .type, in: object, debugDescription: "included resource type '\(type)' is not in the schema")
        } else {
            value = nil
        }
    }
}

/// The API's resource types by JSON:API `type`, handed to ``IncludedResource`` through `userInfo`.
final class JSONAPITypeRegistry: Sendable {
    let types: [String: any Resource.Type]
    let strict: Bool

    init(types: [any Resource.Type], strict: Bool) {
        var byName: [String: any Resource.Type] = [:]
        for type in types where byName[type.resourceType] == nil { byName[type.resourceType] = type }
        self.types = byName
        self.strict = strict
    }
}

extension CodingUserInfoKey {
    static let resgenJSONAPIRegistry = CodingUserInfoKey(rawValue: "resgen.jsonapi.registry")!
}
