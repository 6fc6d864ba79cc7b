import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// A decoded JSON:API document: primary data (one resource, `nil` for `null`, or many), the
/// `included` resources, and the top-level `meta`, `links` and `jsonapi` members.
public struct JSONAPIDocument<Primary: Sendable>: Sendable {
    /// The primary data, relationships resolved along the requested include paths.
    public var data: Primary
    /// Top-level `meta`.
    public var meta: JSONValue?
    /// Top-level `links` (`self`, pagination).
    public var links: JSONAPILinks?
    /// The `jsonapi` object.
    public var jsonapi: JSONAPIObject?
    /// The profiles the response's `Content-Type` names (`profile="…"`), when the client fetched the
    /// document; see ``appliedProfiles``.
    public internal(set) var contentTypeProfiles: [URL] = []
    /// The included resources of the types the schema knows, by type (as decoded, unresolved).
    let store: IncludedResources
    /// `meta` as the primary resource's declared ``JSONAPIDocumentMetaDeclaring/DocumentMeta``.
    let typedMeta: (any Sendable)?

    init(data: Primary, store: IncludedResources, meta: JSONValue?, links: JSONAPILinks?, jsonapi: JSONAPIObject?, typedMeta: (any Sendable)? = nil) {
        self.data = data
        self.store = store
        self.meta = meta
        self.links = links
        self.jsonapi = jsonapi
        self.typedMeta = typedMeta
    }

    /// The included resources the schema knows, grouped by type in order of first appearance
    /// (unresolved).
    public var included: [any Resource] { store.all }

    /// The included resources of type `T`, in document order (unresolved).
    public func included<T: Resource>(_ type: T.Type) -> [T] {
        store.items(T.self)
    }
}

/// `included`, decoded straight into one typed array per resource type (no existential boxes).
package struct IncludedResources: Sendable {
    private var buckets: [ObjectIdentifier: any IncludedBucket] = [:]
    private var order: [ObjectIdentifier] = []

    /// Appends a decoded resource to its type's array.
    package mutating func append<T: Resource>(_ value: T) {
        let key = ObjectIdentifier(T.self)
        if let bucket = buckets[key] {
            unsafeDowncast(bucket, to: Bucket<T>.self).items.append(value)
        } else {
            buckets[key] = Bucket<T>(value)
            order.append(key)
        }
    }

    /// The resources of type `T`; for a union, those of its member types, each as the union's value.
    package func items<T: Resource>(_ type: T.Type) -> [T] {
        if let union = T.self as? any ResourceUnion.Type {
            return union.memberTypes.flatMap(boxedItems).compactMap { union.init(member: $0) as? T }
        }
        guard let bucket = buckets[ObjectIdentifier(T.self)] else { return [] }
        return unsafeDowncast(bucket, to: Bucket<T>.self).items
    }

    /// The resources of `type`, boxed.
    private func boxedItems(_ type: any Resource.Type) -> [any Resource] {
        buckets[ObjectIdentifier(type)]?.boxed ?? []
    }

    package var all: [any Resource] { order.flatMap { buckets[$0]?.boxed ?? [] } }

    /// The first resource of type `T` with `id` (a linear search: for reading a document's targets one at
    /// a time, not for resolving whole documents, which index them).
    package func item<T: Resource>(_ type: T.Type, id: T.ID) -> T? {
        items(T.self).first { $0.id == id }
    }
}

protocol IncludedBucket: AnyObject, Sendable {
    var boxed: [any Resource] { get }
}

/// One type's included resources. Mutated only while its document decodes, before anyone else can
/// see it; immutable afterwards.
final class Bucket<T: Resource>: IncludedBucket, @unchecked Sendable {
    package var items: [T]
    package init(_ first: T) { items = [first] }
    package var boxed: [any Resource] { items }
}

/// The top-level `jsonapi` object: the spec version the server implements, the extensions and profiles
/// the document applies (JSON:API 1.1), and its `meta`.
public struct JSONAPIObject: Codable, Hashable, Sendable {
    /// `version`, e.g. `"1.0"`.
    public var version: String?
    /// `ext`: the URIs of the extensions applied to the document, e.g. `["https://jsonapi.org/ext/atomic"]`.
    public var ext: [String]?
    /// `profile`: the URIs of the profiles applied to the document.
    public var profile: [String]?
    /// `meta`.
    public var meta: JSONValue?

    /// Creates the object.
    public init(version: String? = nil, ext: [String]? = nil, profile: [String]? = nil, meta: JSONValue? = nil) {
        self.version = version
        self.ext = ext
        self.profile = profile
        self.meta = meta
    }
}

/// The wire shape of a document, decoded in one pass: the primary data by its static type, each
/// included resource by its `type` member (looked up once among the API's resource types) straight
/// into its type's array.
///
/// Every `type` is read and must fit: the primary data's models check their own (a generated model's
/// `init(from:)`), each included member is decoded as the model its `type` names, so an included
/// resource lands in the array of its own type and resolves only relationships to that type (include
/// resolution matches on type and id, ``IncludeResolver``). A member without `type` is an error; one of
/// a type the schema does not know is skipped, or with ``JSONAPICodec/strict`` a ``JSONAPITypeMismatch``.
package struct WireDocument<Primary: Decodable>: Decodable {
    package var data: Primary
    package var included: IncludedResources
    package var meta: JSONValue?
    /// `meta` as the primary resource's declared type (``JSONAPIDocumentMetaDeclaring``), else nil.
    package var typedMeta: (any Sendable)?
    package var links: JSONAPILinks?
    package var jsonapi: JSONAPIObject?

    private enum Keys: String, CodingKey { case data, included, meta, links, jsonapi }

    package init(from decoder: any Decoder) throws {
        let document = try decoder.container(keyedBy: Keys.self)
        data = try document.decode(Primary.self, forKey: .data)
        meta = try document.decodeIfPresent(JSONValue.self, forKey: .meta)
        if meta != nil, let declaring = Primary.self as? any JSONAPIDocumentMetaDeclaring.Type {
            typedMeta = try declaring.decodeDocumentMeta(from: document, forKey: .meta)
        }
        links = try document.decodeIfPresent(JSONAPILinks.self, forKey: .links)
        jsonapi = try document.decodeIfPresent(JSONAPIObject.self, forKey: .jsonapi)
        included = IncludedResources()
        guard document.contains(.included), try !document.decodeNil(forKey: .included) else { return }
        guard let registry = decoder.userInfo[.resgenJSONAPIRegistry] as? JSONAPITypeRegistry else {
            preconditionFailure("JSON:API documents decode only through JSONAPICodec")
        }
        let sparse = decoder.userInfo[.resgenJSONAPISparseTypes] as? [String: any Resource.Type] ?? [:]
        var list = try document.nestedUnkeyedContainer(forKey: .included)
        while !list.isAtEnd {
            // With sparse fieldsets a member may need its whole decoder (the twin's `init(from:)`); without,
            // the container alone is cheaper.
            let element = sparse.isEmpty ? nil : try list.superDecoder()
            let object = try element?.container(keyedBy: JSONAPIResourceKey.self) ?? list.nestedContainer(keyedBy: JSONAPIResourceKey.self)
            let type = try object.decode(String.self, forKey: .type)
            if let sparseType = sparse[type], let element {
                try Self.decode(sparseType, from: element, into: &included)
            } else if let resourceType = registry.types[type] {
                try Self.decode(resourceType, from: object, into: &included)
            } else if registry.strict {
                throw JSONAPITypeMismatch.decodingError(found: type, allowed: registry.types.keys.sorted(), codingPath: object.codingPath + [JSONAPIResourceKey.type])
            }
        }
    }

    private static func decode<T: JSONAPIResource>(_ type: T.Type, from object: KeyedDecodingContainer<JSONAPIResourceKey>, into included: inout IncludedResources) throws {
        included.append(try T(jsonAPIObject: object))
    }

    /// A member of a type with a sparse fieldset, as the type's sparse twin.
    private static func decode<T: Resource>(_ type: T.Type, from element: any Decoder, into included: inout IncludedResources) throws {
        included.append(try T(from: element))
    }
}

/// The API's resource types by JSON:API `type`, handed to ``IncludedResource`` through `userInfo`.
final class JSONAPITypeRegistry: Sendable {
    /// The generated JSON:API types by `type` (hand-written `Resource` types without JSON:API
    /// decoding count as unknown).
    package let types: [String: any JSONAPIResource.Type]
    package let strict: Bool

    package init(types: [any Resource.Type], strict: Bool) {
        var byName: [String: any JSONAPIResource.Type] = [:]
        for case let type as any JSONAPIResource.Type in types where byName[type.resourceType] == nil { byName[type.resourceType] = type }
        self.types = byName
        self.strict = strict
    }
}

extension CodingUserInfoKey {
    static let resgenJSONAPIRegistry = CodingUserInfoKey(rawValue: "resgen.jsonapi.registry")!
    /// The sparse twins to decode included resources of restricted types into, by `type` (``Fieldsets``).
    static let resgenJSONAPISparseTypes = CodingUserInfoKey(rawValue: "resgen.jsonapi.sparse")!
}
