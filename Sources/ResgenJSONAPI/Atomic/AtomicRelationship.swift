import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// A relationship of a resource an ``AtomicBatch`` adds or updates, set to resources of the same batch
/// (by `lid`) or existing ones: `batch.add(Book.create(), Book.New(…), relationships: [.set(\.author, to: author)])`.
///
/// It is written over the relationship of the same name the value itself carries, so a `New` value can
/// point at a resource that has no id yet.
public struct AtomicRelationship<R: JSONAPIResource>: Sendable {
    /// The relationship's wire key; nil when the key path is not a relationship of `R` (the batch then
    /// fails before sending anything).
    let key: String?
    /// What its `data` becomes.
    let linkage: AtomicLinkage

    /// Sets a to-one relationship.
    public static func set<T>(_ relationship: KeyPath<R, ToOne<T>>, to target: AtomicRef<T>) -> Self {
        Self(key: R.relationshipKey(for: relationship), linkage: .one(target.identifier))
    }

    /// Sets (or with `nil` clears) an optional to-one relationship.
    public static func set<T>(_ relationship: KeyPath<R, ToOne<T>?>, to target: AtomicRef<T>?) -> Self {
        Self(key: R.relationshipKey(for: relationship), linkage: .one(target?.identifier))
    }

    /// Sets a to-many relationship's members.
    public static func set<T>(_ relationship: KeyPath<R, ToMany<T>>, to targets: [AtomicRef<T>]) -> Self {
        Self(key: R.relationshipKey(for: relationship), linkage: .many(targets.map(\.identifier)))
    }
}

/// The `data` of a relationship in an atomic operation: identifiers that may carry a `lid`.
enum AtomicLinkage: Encodable, Hashable, Sendable {
    case one(AtomicIdentifier?)
    case many([AtomicIdentifier])

    package func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .one(let identifier): try single.encode(identifier)
        case .many(let identifiers): try single.encode(identifiers)
        }
    }
}
