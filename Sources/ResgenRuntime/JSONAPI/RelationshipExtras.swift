import Foundation

/// The rarely present parts of a JSON:API relationship object (`links.self`, `meta`, linkage `meta`),
/// kept behind one reference so ``ToOne`` and ``ToMany`` stay small to copy. Immutable.
@usableFromInline
final class RelationshipExtras: Hashable, Sendable {
    let selfLink: URL?
    let meta: JSONValue?
    let linkageMeta: JSONValue?

    /// Nil when all parts are nil.
    static func make(selfLink: URL?, meta: JSONValue?, linkageMeta: JSONValue?) -> RelationshipExtras? {
        selfLink == nil && meta == nil && linkageMeta == nil ? nil : RelationshipExtras(selfLink: selfLink, meta: meta, linkageMeta: linkageMeta)
    }

    init(selfLink: URL?, meta: JSONValue?, linkageMeta: JSONValue?) {
        self.selfLink = selfLink
        self.meta = meta
        self.linkageMeta = linkageMeta
    }

    @usableFromInline
    static func == (lhs: RelationshipExtras, rhs: RelationshipExtras) -> Bool {
        lhs.selfLink == rhs.selfLink && lhs.meta == rhs.meta && lhs.linkageMeta == rhs.linkageMeta
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(selfLink)
        hasher.combine(meta)
        hasher.combine(linkageMeta)
    }
}
