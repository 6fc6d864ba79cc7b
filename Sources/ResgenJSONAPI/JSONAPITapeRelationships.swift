import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// A resource object's `relationships` read straight from the ``TapeDecoder``'s parse, when the
/// document is being decoded by it: each relationship object's `data`, `links` and `meta` are found in
/// one pass over its members on the tape, with no `KeyedDecodingContainer` per relationship object.
///
/// Why: through containers a relationship cost about 9,500 instructions (measured, `JSONAPIBench
/// --decode-once resgen`): every container the tape decoder opens is a `KeyedDecodingContainer` whose box
/// the standard library looks up at run time, in code generic over the key that nothing specialises,
/// and every `decodeIfPresent` of an identifier went through that box too. Relationships were a third of
/// decoding a compound document. Read here, 1,000 articles with `include=author,comments` decode in
/// 292.7 M instructions instead of 378.1 M (0.454× plain `Codable` instead of 0.587×). The part generic
/// over the target (its id, the `ToOne`/`ToMany`) is inlinable, so that it is specialised per model:
/// left generic it cost more than the containers did.
///
/// Anything the container path would answer differently or reject (a relationship object that is not
/// an object, `data` of the wrong kind) makes the decoder unsure, so that `JSONDecoder` decodes the
/// document and reports the error, as for every other shortcut of the tape decoder.
@_spi(Generated) public struct JSONAPITapeRelationships {
    /// A decoder of the same document (the one `superDecoder` made), for `unsure()` and nested values.
    let decoder: TapeDecoder
    /// The `relationships` object's node.
    let node: Int
    /// The coding path of `relationships`.
    let path: CodingPathNode

    /// The `relationships` of `object` read from the tape; nil when `object` is not being read by the tape
    /// decoder (or its `relationships` is not an object: the container path reports that).
    ///
    /// - Precondition: `object` contains `relationships` (the tape decoder's `superDecoder` of an absent
    ///   key would make the document unsure).
    public init?(in object: KeyedDecodingContainer<JSONAPIResourceKey>) {
        // `superDecoder(forKey:)` is the one way from a container back to its decoder: the tape decoder
        // answers with a decoder of the member's node; JSONDecoder with one of its own.
        guard let decoder = (try? object.superDecoder(forKey: .relationships))?.asTapeDecoder,
            decoder.tape.nodes[decoder.currentNode].kind == .object
        else { return nil }
        (self.decoder, self.node, self.path) = (decoder, decoder.currentNode, decoder.currentPath)
    }

    /// The relationship object `key`: its linkage and links read from the tape, with no type of the
    /// model's involved (this code is not specialised per model, so it stays out of generic code: the
    /// inlinable readers turn the identifiers into the target's ids). Nil when the relationship is not sent.
    ///
    /// - Parameter isToMany: Whether `data` is an array of identifiers, else one identifier (or `null`).
    public func relationship(_ key: any CodingKey, isToMany: Bool) throws -> JSONAPITapeRelationship? {
        let tape = decoder.tape
        guard let object = try object(key, in: tape) else { return nil }
        // The relationship object's coding path (`path.appending(key)`) is made only where it is needed:
        // nested values, errors.
        var linkage = JSONAPITapeRelationship.Linkage.absent
        let (dataNode, linksNode, metaNode) = tape.values(in: object, named: "data", "links", "meta")
        if let data = dataNode {
            switch tape.nodes[data].kind {
            case .null:
                linkage = .null
            case .array where isToMany:
                var identifiers: [JSONAPILinkageIdentifier] = []
                identifiers.reserveCapacity(tape.nodes[data].count)
                for (index, element) in tape.elements(of: data).enumerated() {
                    try decoder.countStep()
                    identifiers.append(try JSONAPILinkageIdentifier(decoder, at: element, key: ArrayIndexKey(index)) {
                        path.appending(key).appending(JSONAPIRelationshipKey.data)
                    })
                }
                linkage = .many(identifiers)
            case .object where !isToMany:
                linkage = .one(try JSONAPILinkageIdentifier(decoder, at: data, key: JSONAPIRelationshipKey.data) { path.appending(key) })
            default:
                throw decoder.unsure()
            }
        }
        var related: URL?, selfLink: URL?, meta: JSONValue?
        if let links = linksNode {
            let decoded = try decoder.unwrap(links, as: JSONAPILinks.self, path: path.appending(key), key: JSONAPIRelationshipKey.links)
            related = decoded["related"]?.url
            selfLink = decoded["self"]?.url
        }
        if let node = metaNode, tape.nodes[node].kind != .null {
            meta = try decoder.unwrap(node, as: JSONValue.self, path: path.appending(key), key: JSONAPIRelationshipKey.meta)
        }
        return JSONAPITapeRelationship(linkage: linkage, related: related, selfLink: selfLink, meta: meta, parentPath: path, key: key)
    }

    /// The relationship object `key`'s `meta` as `Meta`; nil when the relationship or its `meta` is
    /// absent or `null`.
    public func meta<Meta: Decodable & Sendable>(_ type: Meta.Type, forKey key: any CodingKey) throws -> Meta? {
        let tape = decoder.tape
        guard let object = try object(key, in: tape), let meta = tape.value(in: object, named: "meta"), tape.nodes[meta].kind != .null else { return nil }
        return try decoder.unwrap(meta, as: Meta.self, path: path.appending(key), key: JSONAPIRelationshipKey.meta)
    }

    /// The node of the relationship object `key`; nil when the relationship is not sent. Anything but an
    /// object makes the decoder unsure (the container path reports it).
    @inline(__always)
    private func object(_ key: any CodingKey, in tape: JSONTape) throws -> Int? {
        guard let object = tape.value(in: node, named: key.stringValue) else { return nil }
        guard tape.nodes[object].kind == .object else { throw decoder.unsure() }
        return object
    }
}

/// One relationship object as ``JSONAPITapeRelationships`` read it: what the container path's
/// `decodeJSONAPIToOneLinkage` and `jsonAPIToMany` read, before the identifiers become the target's ids.
@_spi(Generated) public struct JSONAPITapeRelationship {
    /// The relationship object's `data`.
    public enum Linkage {
        /// No `data` (only links or meta).
        case absent
        /// `data` is `null`.
        case null
        /// A to-one's identifier.
        case one(JSONAPILinkageIdentifier)
        /// A to-many's identifiers, in order.
        case many([JSONAPILinkageIdentifier])
    }

    public let linkage: Linkage
    /// `links.related` and `links.self` as URLs; `meta` as open JSON.
    public let related: URL?, selfLink: URL?, meta: JSONValue?
    /// The coding path of `relationships` and the relationship's key: its relationship object's coding path
    /// (``path``), made only for an error (each made path is an allocation, and most are never read).
    let parentPath: CodingPathNode, key: any CodingKey

    /// The relationship object's coding path, for errors.
    var path: CodingPathNode { parentPath.appending(key) }

    /// The coding path of `data` (a to-one's identifier), for errors.
    public var dataCodingPath: [any CodingKey] { path.appending(JSONAPIRelationshipKey.data).keys }

    /// The coding path of the identifier at `index` of `data` (a to-many's), for errors.
    public func elementCodingPath(_ index: Int) -> [any CodingKey] {
        JSONAPILinkageIdentifier.codingPath(dataCodingPath, index: index)
    }
}

extension JSONAPITapeRelationship {
    /// The to-one relationship, and whether its `data` is `null`: what `decodeJSONAPIToOneLinkage`
    /// answers. Inlinable, so that the conversion to `Target`'s id is specialised per model.
    @inlinable
    public func toOne<Target: Resource>(_ type: Target.Type) throws -> (relationship: ToOne<Target>, isNull: Bool) where Target.ID: JSONAPIIdentifier {
        var relationship = ToOne<Target>()
        var linkageMeta: JSONValue?
        if case .one(let identifier) = linkage {
            relationship.id = try identifier.id(of: Target.self, allowed: CollectionOfOne(Target.resourceType), codingPath: dataCodingPath)
            linkageMeta = identifier.meta
        }
        relationship.setLinks((related, selfLink, meta), linkageMeta: linkageMeta)
        if case .null = linkage { return (relationship, true) }
        return (relationship, false)
    }

    /// The to-many relationship: what `jsonAPIToMany(_:nullIsNil:)` answers (nil when `data` is `null`
    /// and `nullIsNil`).
    @inlinable
    public func toMany<Target: Resource>(_ type: Target.Type, nullIsNil: Bool) throws -> ToMany<Target>? where Target.ID: JSONAPIIdentifier {
        var relationship = ToMany<Target>()
        // Identifier `meta`s are kept in step with the ids once one has some (rare).
        var linkageMetas: [JSONValue?]?
        switch linkage {
        case .null where nullIsNil:
            return nil
        case .many(let identifiers):
            let allowed = CollectionOfOne(Target.resourceType)
            var ids: [Target.ID] = []
            ids.reserveCapacity(identifiers.count)
            for (index, identifier) in identifiers.enumerated() {
                ids.append(try identifier.id(of: Target.self, allowed: allowed, codingPath: elementCodingPath(index)))
                appendLinkageMeta(identifier.meta, to: &linkageMetas, idCount: ids.count)
            }
            relationship.ids = ids
        default:
            break
        }
        relationship.setLinks((related, selfLink, meta), linkageMetas: linkageMetas)
        return relationship
    }
}
