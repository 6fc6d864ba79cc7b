import Foundation

/// The rarely present parts of a relationship (its own link, `meta`, the linkage's `meta`: what a JSON:API
/// relationship object carries, in format-neutral values), kept behind one reference so ``ToOne`` and
/// ``ToMany`` stay small to copy. Immutable.
@usableFromInline
final class RelationshipExtras: Hashable, Sendable {
    package let selfLink: URL?
    package let meta: JSONValue?
    /// A to-one's identifier `meta`.
    package let linkageMeta: JSONValue?
    /// A to-many's identifier `meta`s, one per id in order (nil when no identifier had one).
    package let linkageMetas: [JSONValue?]?
    /// `meta` decoded as the type the schema declares for it (relationship `meta:`): derived from
    /// ``meta``, so not compared.
    package let typedMeta: (any Sendable)?

    /// Nil when all parts are nil.
    package static func make(selfLink: URL?, meta: JSONValue?, linkageMeta: JSONValue?, linkageMetas: [JSONValue?]? = nil, typedMeta: (any Sendable)? = nil) -> RelationshipExtras? {
        selfLink == nil && meta == nil && linkageMeta == nil && linkageMetas == nil && typedMeta == nil
            ? nil
            : RelationshipExtras(selfLink: selfLink, meta: meta, linkageMeta: linkageMeta, linkageMetas: linkageMetas, typedMeta: typedMeta)
    }

    package init(selfLink: URL?, meta: JSONValue?, linkageMeta: JSONValue?, linkageMetas: [JSONValue?]? = nil, typedMeta: (any Sendable)? = nil) {
        self.selfLink = selfLink
        self.meta = meta
        self.linkageMeta = linkageMeta
        self.linkageMetas = linkageMetas
        self.typedMeta = typedMeta
    }

    /// A copy with `meta` (the typed value goes: it was decoded from the old one).
    package func with(meta: JSONValue?) -> RelationshipExtras? {
        Self.make(selfLink: selfLink, meta: meta, linkageMeta: linkageMeta, linkageMetas: linkageMetas)
    }

    /// A copy with `selfLink`.
    package func with(selfLink: URL?) -> RelationshipExtras? {
        Self.make(selfLink: selfLink, meta: meta, linkageMeta: linkageMeta, linkageMetas: linkageMetas, typedMeta: typedMeta)
    }

    /// A copy with a to-one's identifier `meta`.
    package func with(linkageMeta: JSONValue?) -> RelationshipExtras? {
        Self.make(selfLink: selfLink, meta: meta, linkageMeta: linkageMeta, linkageMetas: linkageMetas, typedMeta: typedMeta)
    }

    /// A copy with the typed `meta`.
    package func with(typedMeta: (any Sendable)?) -> RelationshipExtras? {
        Self.make(selfLink: selfLink, meta: meta, linkageMeta: linkageMeta, linkageMetas: linkageMetas, typedMeta: typedMeta)
    }

    @usableFromInline
    package static func == (lhs: RelationshipExtras, rhs: RelationshipExtras) -> Bool {
        lhs.selfLink == rhs.selfLink && lhs.meta == rhs.meta && lhs.linkageMeta == rhs.linkageMeta && lhs.linkageMetas == rhs.linkageMetas
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(selfLink)
        hasher.combine(meta)
        hasher.combine(linkageMeta)
        hasher.combine(linkageMetas)
    }
}
