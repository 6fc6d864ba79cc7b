import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// The members of a JSON:API relationship object.
@_spi(Generated) public enum JSONAPIRelationshipKey: String, CodingKey {
    case data, links, meta
}

extension KeyedDecodingContainer {
    /// Decodes the relationship object under `key` into a ``ToOne``: `data` (a resource identifier or
    /// `null`) gives ``ToOne/id``, `links.related` ``ToOne/link``, `links.self` ``ToOne/selfLink``,
    /// `meta` ``ToOne/meta``. Nil when the resource object has no such relationship.
    ///
    /// The identifier's `type` must be `Target`'s: another type is a ``JSONAPITypeMismatch``, a missing
    /// one `DecodingError.keyNotFound` (as for every identifier this file reads).
    @inlinable
    @_spi(Generated) public func decodeJSONAPIToOne<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target>?
    where Target.ID: JSONAPIIdentifier {
        try decodeJSONAPIToOneLinkage(type, forKey: key)?.relationship
    }

    /// Decodes the relationship object under `key` of an optional to-one, keeping "not sent" apart from
    /// `null`: nil when the resource object has no such relationship; `.some(nil)` when its `data` is
    /// `null` (its links are dropped: there is nothing to fetch); else the relationship, whose `id` is nil
    /// when the object has no `data` (linkage not sent, only links or meta).
    @inlinable
    @_spi(Generated) public func decodeJSONAPINullableToOne<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target>??
    where Target.ID: JSONAPIIdentifier {
        guard let decoded = try decodeJSONAPIToOneLinkage(type, forKey: key) else { return nil }
        return .some(decoded.isNull ? nil : decoded.relationship)
    }

    /// The relationship under `key`, and whether its `data` is `null`; nil when there is none.
    @inlinable
    @_spi(Generated) public func decodeJSONAPIToOneLinkage<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> (relationship: ToOne<Target>, isNull: Bool)?
    where Target.ID: JSONAPIIdentifier {
        guard let object = try jsonAPIRelationshipObject(forKey: key) else { return nil }
        var relationship = ToOne<Target>()
        // `null` and no `data` (only links or meta) both give nil; `contains` tells them apart.
        let identifier = try object.decodeIfPresent(JSONAPILinkageIdentifier.self, forKey: .data)
        if let identifier {
            relationship.id = try identifier.id(of: Target.self, allowed: CollectionOfOne(Target.resourceType), codingPath: object.codingPath + [JSONAPIRelationshipKey.data])
        }
        let isNull = identifier == nil && object.contains(.data)
        return try (relationship.withLinksAndMeta(of: object, linkageMeta: identifier?.meta), isNull)
    }

    /// Decodes the relationship object under `key` of an optional to-many, keeping "not sent" apart from
    /// `null` as ``decodeJSONAPINullableToOne(_:forKey:)`` does: nil when there is no such relationship,
    /// `.some(nil)` when its `data` is `null`.
    @inlinable
    @_spi(Generated) public func decodeJSONAPINullableToMany<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target>??
    where Target.ID: JSONAPIIdentifier {
        guard let object = try jsonAPIRelationshipObject(forKey: key) else { return nil }
        return .some(try object.jsonAPIToMany(type, nullIsNil: true))
    }

    /// Decodes the relationship object under `key` into a ``ToMany``: `data` (an array of resource
    /// identifiers) gives ``ToMany/ids``; links and meta as for ``decodeJSONAPIToOne(_:forKey:)``.
    @inlinable
    @_spi(Generated) public func decodeJSONAPIToMany<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target>?
    where Target.ID: JSONAPIIdentifier {
        guard let object = try jsonAPIRelationshipObject(forKey: key) else { return nil }
        return try object.jsonAPIToMany(type, nullIsNil: false)
    }
}

@_spi(Generated) extension KeyedDecodingContainer where Key == JSONAPIRelationshipKey {
    /// The to-many relationship this relationship object holds; with `nullIsNil`, nil when its `data`
    /// is `null` (links and meta are not read then), else a relationship without ids.
    @inlinable public func jsonAPIToMany<Target: Resource>(_ type: Target.Type, nullIsNil: Bool) throws -> ToMany<Target>?
    where Target.ID: JSONAPIIdentifier {
        var relationship = ToMany<Target>()
        // One lookup in the common case (an array); `null` or no `data` is found out on failure.
        let list: (any UnkeyedDecodingContainer)?
        do {
            list = try nestedUnkeyedContainer(forKey: .data)
        } catch {
            if contains(.data) {
                guard try decodeNil(forKey: .data) else { throw error }
                if nullIsNil { return nil }
            }
            list = nil
        }
        // Identifier `meta`s are kept in step with the ids once one has some (rare: no array otherwise).
        var linkageMetas: [JSONValue?]?
        if var items = list {
            var ids: [Target.ID] = []
            ids.reserveCapacity(items.count ?? 0)
            let allowed = CollectionOfOne(Target.resourceType)
            while !items.isAtEnd {
                let index = items.currentIndex
                let identifier = try items.decode(JSONAPILinkageIdentifier.self)
                ids.append(try identifier.id(of: Target.self, allowed: allowed, codingPath: JSONAPILinkageIdentifier.codingPath(items.codingPath, index: index)))
                appendLinkageMeta(identifier.meta, to: &linkageMetas, idCount: ids.count)
            }
            relationship.ids = ids
        }
        relationship.setLinks(try jsonAPIRelationshipLinksAndMeta(), linkageMetas: linkageMetas)
        return relationship
    }
}

extension ToOne where Target.ID: JSONAPIIdentifier {
    /// The relationship with the `links.related`, `links.self` and `meta` of `object` and `linkageMeta`.
    @inlinable
    @_spi(Generated) public func withLinksAndMeta(of object: KeyedDecodingContainer<JSONAPIRelationshipKey>, linkageMeta: JSONValue?) throws -> Self {
        var relationship = self
        relationship.setLinks(try object.jsonAPIRelationshipLinksAndMeta(), linkageMeta: linkageMeta)
        return relationship
    }

    /// Sets `links.related` (``ToOne/link``), `links.self`, `meta` and the identifier's `meta` as a
    /// relationship object had them (read through a container or from the tape); no extras when all are nil.
    @inlinable
    mutating func setLinks(_ links: (related: URL?, selfLink: URL?, meta: JSONValue?), linkageMeta: JSONValue?) {
        link = links.related
        if links.selfLink != nil || links.meta != nil || linkageMeta != nil {
            setJSONAPIExtras(selfLink: links.selfLink, meta: links.meta, linkageMeta: linkageMeta)
        }
    }
}

extension ToMany where Target.ID: JSONAPIIdentifier {
    /// Sets `links.related` (``ToMany/link``), `links.self`, `meta` and the identifiers' `meta`s as a
    /// relationship object had them (read through a container or from the tape); no extras when all are nil.
    @inlinable
    mutating func setLinks(_ links: (related: URL?, selfLink: URL?, meta: JSONValue?), linkageMetas: [JSONValue?]?) {
        link = links.related
        if links.selfLink != nil || links.meta != nil || linkageMetas != nil {
            setJSONAPIExtras(selfLink: links.selfLink, meta: links.meta, linkageMeta: nil, linkageMetas: linkageMetas)
        }
    }
}

extension KeyedDecodingContainer {
    /// The relationship object under `key`; nil when the resource object has no such relationship.
    @_spi(Generated) @inlinable public func jsonAPIRelationshipObject(forKey key: Key) throws -> KeyedDecodingContainer<JSONAPIRelationshipKey>? {
        do {
            return try nestedContainer(keyedBy: JSONAPIRelationshipKey.self, forKey: key)
        } catch {
            guard contains(key) else { return nil }
            throw error
        }
    }
}

@_spi(Generated) extension KeyedDecodingContainer where Key == JSONAPIRelationshipKey {
    /// A relationship object's `links.related` and `links.self` as URLs (relative ones resolved against
    /// the document's URL, ``JSONAPILink/url``), and its `meta`: what to-one and to-many relationships
    /// read alike.
    @inlinable public func jsonAPIRelationshipLinksAndMeta() throws -> (related: URL?, selfLink: URL?, meta: JSONValue?) {
        var related: URL?, selfLink: URL?
        if contains(.links) {
            let links = try decode(JSONAPILinks.self, forKey: .links)
            related = links["related"]?.url
            selfLink = links["self"]?.url
        }
        return (related, selfLink, try decodeIfPresent(JSONValue.self, forKey: .meta))
    }
}

/// A resource identifier object, `{"type": …, "id": …}`, as written in linkage.
public struct JSONAPIIdentifierObject: Codable, Hashable, Sendable {
    /// The resource type.
    public var type: String
    /// The id on the wire.
    public var id: String

    /// Creates an identifier.
    public init(type: String, id: String) {
        self.type = type
        self.id = id
    }

    /// The identifier of a resource of type `Target` with id `id`.
    public init<Target: Resource>(_ target: Target.Type, id: Target.ID) where Target.ID: JSONAPIIdentifier {
        self.init(type: id.wireType(target: Target.resourceType), id: id.wireString)
    }
}

/// Linkage: what a relationship object's `data` holds.
public enum JSONAPILinkage: Hashable, Sendable, Encodable {
    /// A to-one relationship: an identifier, or `null`.
    case one(JSONAPIIdentifierObject?)
    /// A to-many relationship.
    case many([JSONAPIIdentifierObject])

    /// The linkage of a to-one relationship; nil when its id is unknown.
    public init?<Target: Resource>(_ relationship: ToOne<Target>) where Target.ID: JSONAPIIdentifier {
        guard let id = relationship.id else { return nil }
        self = .one(JSONAPIIdentifierObject(Target.self, id: id))
    }

    /// The linkage of a to-many relationship; nil when its ids are unknown.
    public init?<Target: Resource>(_ relationship: ToMany<Target>) where Target.ID: JSONAPIIdentifier {
        guard let ids = relationship.ids else { return nil }
        self = .many(ids.map { JSONAPIIdentifierObject(Target.self, id: $0) })
    }

    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .one(let identifier): try single.encode(identifier)
        case .many(let identifiers): try single.encode(identifiers)
        }
    }

    /// `{"data": linkage}`: a relationship object, or a relationship endpoint's request body.
    public var document: some Encodable & Sendable { ["data": self] }
}

extension KeyedEncodingContainer {
    /// Writes the relationship object `{"data": …}` of `relationship` under `key`; nothing when its id is
    /// unknown (an unknown relationship is left as it is on the server).
    @_spi(Generated) public mutating func encodeJSONAPI<Target: Resource>(_ relationship: ToOne<Target>?, forKey key: Key) throws
    where Target.ID: JSONAPIIdentifier {
        guard let relationship, let linkage = JSONAPILinkage(relationship) else { return }
        try encode(linkage.document, forKey: key)
    }

    /// Writes the relationship object of an optional to-one under `key`: `{"data": null}` when it is nil
    /// (the relationship is empty), as ``encodeJSONAPI(_:forKey:)-(ToOne<Target>?,_)`` otherwise.
    @_spi(Generated) public mutating func encodeJSONAPINullable<Target: Resource>(_ relationship: ToOne<Target>?, forKey key: Key) throws
    where Target.ID: JSONAPIIdentifier {
        guard let relationship else { return try encode(JSONAPILinkage.one(nil).document, forKey: key) }
        try encodeJSONAPI(relationship, forKey: key)
    }

    /// Writes the relationship object of an optional to-many under `key`: `{"data": []}` when it is nil,
    /// as ``encodeJSONAPI(_:forKey:)-(ToMany<Target>?,_)`` otherwise.
    @_spi(Generated) public mutating func encodeJSONAPINullable<Target: Resource>(_ relationship: ToMany<Target>?, forKey key: Key) throws
    where Target.ID: JSONAPIIdentifier {
        guard let relationship else { return try encode(JSONAPILinkage.many([]).document, forKey: key) }
        try encodeJSONAPI(relationship, forKey: key)
    }

    /// Writes the relationship object `{"data": [...]}` of `relationship` under `key`; nothing when its
    /// ids are unknown.
    @_spi(Generated) public mutating func encodeJSONAPI<Target: Resource>(_ relationship: ToMany<Target>?, forKey key: Key) throws
    where Target.ID: JSONAPIIdentifier {
        guard let relationship, let linkage = JSONAPILinkage(relationship) else { return }
        try encode(linkage.document, forKey: key)
    }
}

/// Appends the `meta` of a to-many's identifier to `metas`, kept in step with the ids once one identifier
/// has a `meta` (rare): nil until then, so that a list without any stays without the array. `idCount`
/// counts the ids read so far, this identifier's included.
@inlinable
func appendLinkageMeta(_ meta: JSONValue?, to metas: inout [JSONValue?]?, idCount: Int) {
    if let meta {
        if metas == nil { metas = Array(repeating: nil, count: idCount - 1) }
        metas?.append(meta)
    } else {
        metas?.append(nil)
    }
}
