import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// A resource an operation of an ``AtomicBatch`` names: one that exists (`.id(3)`, or just `3` for an
/// `Int` id), or one an earlier `add` of the same batch creates, which has no id yet and travels as its
/// local id (`lid`, https://jsonapi.org/ext/atomic/).
///
/// The batch's builders return one for every operation with a result, so it also says which result to
/// read: `results[book]`, or the tuple ``Client/atomic(at:headers:_:)-(_,_,(AtomicBatch)->(AtomicRef<R>))`` returns.
///
/// `R` may be a union (``ResourceUnion``): an existing member is `.id(.book(3))`, and one the batch
/// creates is ``member(_:)`` of the `add`'s reference; either is written with the member's own `type`.
public struct AtomicRef<R: Resource>: Hashable, Sendable where R.ID: JSONAPIIdentifier {
    /// The resource type the identifier is written with: `R`'s, or for a union its member's.
    let type: String
    /// The server's id, when the resource exists.
    let id: String?
    /// The local id, when an earlier `add` of the batch creates the resource.
    let lid: String?
    /// The index of the operation whose result this is (nil for a plain `.id(…)`).
    let operation: Int?

    init(type: String = R.resourceType, id: String?, lid: String?, operation: Int?) {
        self.type = type
        self.id = id
        self.lid = lid
        self.operation = operation
    }

    /// An existing resource.
    public static func id(_ id: R.ID) -> Self {
        Self(type: id.wireType(target: R.resourceType), id: id.wireString, lid: nil, operation: nil)
    }

    /// The resource identifier object (`type` with `id` or `lid`) that names it in an operation.
    var identifier: AtomicIdentifier {
        AtomicIdentifier(type: type, id: id, lid: lid)
    }
}

extension AtomicRef where R: ResourceUnion {
    /// A member of the union named by its own reference: an existing one (`.id(3)`) or one an earlier `add`
    /// of the batch creates, for a polymorphic relationship: `batch.replace(\Loan.item, of: loan,
    /// with: .member(book))`.
    public static func member<M: JSONAPIResource>(_ ref: AtomicRef<M>) -> Self {
        Self(type: ref.type, id: ref.id, lid: ref.lid, operation: nil)
    }
}

extension AtomicRef: ExpressibleByIntegerLiteral where R.ID == Int {
    /// An existing resource by its `Int` id: `batch.remove(Book.self, 3)`.
    public init(integerLiteral value: Int) {
        self = .id(value)
    }
}

extension AtomicRef: ExpressibleByUnicodeScalarLiteral, ExpressibleByExtendedGraphemeClusterLiteral, ExpressibleByStringLiteral
where R.ID == String {
    /// An existing resource by its `String` id: `batch.remove(Tag.self, "swift")`.
    public init(stringLiteral value: String) {
        self = .id(value)
    }
}

/// A resource identifier object of the atomic extension: `type` with `id` or `lid`, and in a `ref`
/// the `relationship` it targets.
struct AtomicIdentifier: Encodable, Hashable, Sendable {
    package var type: String
    package var id: String?
    package var lid: String?
    package var relationship: String?
}
