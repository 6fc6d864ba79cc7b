import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// A HAL document's `_embedded`, as generated `init(halFrom:)` reads it: relationships decode straight
/// from the document into ``ToOne``/``ToMany``, with no intermediate tree.
///
/// An embedded relation may be an object or an array whatever its cardinality (servers differ: some
/// always write arrays). Relation names match under any spelling ``HALLinks/spellings(of:)`` gives.
@_spi(Generated) public struct HALEmbedded {
    @usableFromInline let container: KeyedDecodingContainer<HALKey>?
    @usableFromInline let links: HALLinks

    /// Reads `_embedded` (under `key` of `parent`, absent allowed) and keeps `links` for the CURIEs and
    /// the relationships' links. Inlinable, so it is specialized for the resource's keys.
    @inlinable
    public init<Key: CodingKey>(_ parent: KeyedDecodingContainer<Key>, forKey key: Key, links: HALLinks) throws {
        // One lookup when absent (most embedded resources embed nothing), two when present.
        if parent.contains(key) {
            do {
                container = try parent.nestedContainer(keyedBy: HALKey.self, forKey: key)
            } catch {
                guard try parent.decodeNil(forKey: key) else { throw error }
                container = nil
            }
        } else {
            container = nil
        }
        self.links = links
    }

    @usableFromInline func key(for rel: String) -> HALKey? {
        guard let container else { return nil }
        let exact = HALKey(rel)
        if container.contains(exact) { return exact }
        return links.otherSpelling(of: rel) { container.contains(HALKey($0)) }.map(HALKey.init)
    }

    /// The embedded resources of `rel`: an array, or a single object as an array of one. They are
    /// decoded with the parent's CURIEs in scope (HAL: embedded resources inherit them); a partial one
    /// (lacking an attribute its type requires) is its `self` link (see ``HALEmbeddedItem``). Decoded
    /// straight into an array of resources while every one is complete (the common case: no slot per
    /// resource), into slots from the first partial one on.
    @inlinable
    func read<Target: HALResource>(_ type: Target.Type, rel: String) throws -> PartialMembers<Target>.Read? {
        guard let container, let key = key(for: rel) else { return nil }
        return try links.embedding {
            if var array = try? container.nestedUnkeyedContainer(forKey: key) {
                var complete: [Target] = []
                complete.reserveCapacity(array.count ?? 0)
                var slots: [PartialMembers<Target>.Slot]? = nil
                while !array.isAtEnd {
                    let slot = try HALEmbeddedItem.read(
                        depth: { container.codingPath.count + 2 }, position: { array.currentIndex }, declineIfTape: { try HALEmbeddedItem.declineIfTape(array) },
                        { try array.decode(HALDecoded<Target>.self).value },
                        selfLink: { try array.decode(HALSelfLink.self).url })
                    // `consume`: the resource moves into the array (a copy of a generated model costs
                    // hundreds of instructions, with a release of the slot's after it).
                    switch consume slot {
                    case .complete(let value) where slots == nil:
                        complete.append(value)
                    case let other:
                        if slots == nil { slots = complete.map { .complete($0) } }
                        slots?.append(other)
                    }
                }
                return slots.map { .partial($0) } ?? .complete(complete)
            }
            let slot = try HALEmbeddedItem.read(
                depth: { container.codingPath.count + 1 }, position: { 0 },
                declineIfTape: { try HALEmbeddedItem.declineIfTape(container, forKey: key) },
                { try container.decode(HALDecoded<Target>.self, forKey: key).value },
                selfLink: { try container.decode(HALSelfLink.self, forKey: key).url })
            if case .complete(let value) = slot { return .complete([value]) }
            return .partial([slot])
        }
    }

    /// The embedded resources of `rel`, the complete ones.
    @inlinable
    public func resources<Target: HALResource>(_ type: Target.Type, rel: String) throws -> [Target]? {
        switch try read(Target.self, rel: rel) {
        case .complete(let values): values
        case .partial(let slots): slots.compactMap { if case .complete(let value) = $0 { value } else { nil } }
        case nil: nil
        }
    }

    /// A to-many relationship: embedded resources when present, and the relation's link when there is
    /// exactly one (a link to the collection; an array of links stays in the resource's `links`). When
    /// some embedded resources are partial, none is taken as resolved: a traversal fetches those.
    @inlinable
    public func toMany<Target: HALResource>(_ type: Target.Type, rel: String) throws -> ToMany<Target> {
        switch try read(Target.self, rel: rel) {
        case .complete(let values): return ToMany(linkStorage: links.toManyLink(rel), resolved: values)
        case .partial(let slots):
            var relationship = ToMany<Target>(linkStorage: links.toManyLink(rel), resolved: nil)
            relationship.partialEmbedded = PartialMembers(slots)
            return relationship
        case nil: return ToMany(linkStorage: links.toManyLink(rel), resolved: nil)
        }
    }

    /// A to-one relationship: the embedded resource (the first, if the server wrote an array) and the
    /// relation's first link. A partial embedded resource is not resolved; its `self` link is the
    /// relationship's link when the relation has none of its own.
    @inlinable
    public func toOne<Target: HALResource>(_ type: Target.Type, rel: String) throws -> ToOne<Target> {
        let link = links.toOneLink(rel)
        switch try read(Target.self, rel: rel) {
        case .complete(let values): return ToOne(linkStorage: link, resolved: values.first)
        case .partial(let slots):
            switch slots.first {
            case .complete(let value): return ToOne(linkStorage: link, resolved: value)
            case .partial(let url): return ToOne(linkStorage: link.isNone ? RelationshipLink(url) : link, resolved: nil)
            case nil: return ToOne(linkStorage: link, resolved: nil)
            }
        case nil: return ToOne(linkStorage: link, resolved: nil)
        }
    }

    /// A to-one relationship that may be absent: `nil` when there is neither link nor embedded resource.
    @inlinable
    public func optionalToOne<Target: HALResource>(_ type: Target.Type, rel: String) throws -> ToOne<Target>? {
        let value = try toOne(Target.self, rel: rel)
        return value.isEmpty ? nil : value
    }

    /// A to-many relationship that may be absent: `nil` when there is neither link nor embedded resource.
    @inlinable
    public func optionalToMany<Target: HALResource>(_ type: Target.Type, rel: String) throws -> ToMany<Target>? {
        let value = try toMany(Target.self, rel: rel)
        return value.isEmpty && !links.contains(rel) ? nil : value
    }
}

/// Helpers of generated HAL decoding.
@_spi(Generated) public enum HALDecoding {
    /// The ID of a HAL resource without an `id` property: the last path segment of its `self` link,
    /// percent-decoded (`/contacts/7` → `7`).
    ///
    /// - Throws: `DecodingError.keyNotFound` when there is no `self` link, or `dataCorrupted` when its
    ///   last segment is not a valid `ID`.
    public static func id<ID: LosslessStringConvertible>(_ type: ID.Type, links: HALLinks, codingPath: [any CodingKey]) throws -> ID {
        let segment = try lastSegment(links: links, codingPath: codingPath)
        guard let id = ID(segment) else { throw invalid(segment, ID.self, codingPath) }
        return id
    }

    /// The UUID of a HAL resource without an `id` property, from its `self` link.
    public static func id(_ type: UUID.Type, links: HALLinks, codingPath: [any CodingKey]) throws -> UUID {
        let segment = try lastSegment(links: links, codingPath: codingPath)
        guard let id = UUID(uuidString: segment) else { throw invalid(segment, UUID.self, codingPath) }
        return id
    }

    private static func lastSegment(links: HALLinks, codingPath: [any CodingKey]) throws -> String {
        guard let href = links.link("self")?.href else {
            throw DecodingError.keyNotFound(HALKey("id"), .init(codingPath: codingPath, debugDescription: "a HAL resource needs an 'id' property or a 'self' link"))
        }
        let path = href.split(separator: "?", maxSplits: 1).first.map(String.init) ?? href
        let segment = path.split(separator: "/").last.map(String.init) ?? ""
        return segment.removingPercentEncoding ?? segment
    }

    private static func invalid(_ segment: String, _ type: Any.Type, _ codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: "the self link's last segment '\(segment)' is not a valid \(type) id"))
    }
}
