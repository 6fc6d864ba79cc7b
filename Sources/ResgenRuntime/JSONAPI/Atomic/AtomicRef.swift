import Foundation

/// A resource an operation of an ``AtomicBatch`` names: one that exists (`.id(3)`, or just `3` for an
/// `Int` id), or one an earlier `add` of the same batch creates, which has no id yet and travels as its
/// local id (`lid`, https://jsonapi.org/ext/atomic/).
///
/// The batch's builders return one for every operation with a result, so it also says which result to
/// read: `results[book]`, or the tuple ``Client/atomic(at:headers:_:)-(_,_,(AtomicBatch)->(AtomicRef<R>))`` returns.
public struct AtomicRef<R: JSONAPIResource>: Hashable, Sendable {
    /// The server's id, when the resource exists.
    let id: String?
    /// The local id, when an earlier `add` of the batch creates the resource.
    let lid: String?
    /// The index of the operation whose result this is (nil for a plain `.id(…)`).
    let operation: Int?

    init(id: String?, lid: String?, operation: Int?) {
        self.id = id
        self.lid = lid
        self.operation = operation
    }

    /// An existing resource.
    public static func id(_ id: R.ID) -> Self {
        Self(id: id.jsonAPIString, lid: nil, operation: nil)
    }

    /// The resource identifier object (`type` with `id` or `lid`) that names it in an operation.
    var identifier: AtomicIdentifier {
        AtomicIdentifier(type: R.resourceType, id: id, lid: lid)
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
    var type: String
    var id: String?
    var lid: String?
    var relationship: String?
}
