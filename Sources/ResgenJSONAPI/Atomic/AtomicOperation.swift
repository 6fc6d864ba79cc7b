import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// One operation object of an atomic request (https://jsonapi.org/ext/atomic/#operation-objects):
/// `op`, the `ref` it targets, and its `data`.
struct AtomicOperation: Encodable, Sendable {
    package enum Code: String, Encodable, Sendable { case add, update, remove }

    /// What `data` holds.
    package enum Payload: Sendable {
        /// No `data` (a `remove` of a resource).
        case none
        /// A resource object.
        case resource(AtomicResourceObject)
        /// A relationship's linkage (`null`, an identifier or an array).
        case linkage(AtomicLinkage)
    }

    package var op: Code
    package var ref: AtomicIdentifier?
    package var data: Payload

    package enum CodingKeys: String, CodingKey { case op, ref, data }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(op, forKey: .op)
        try container.encodeIfPresent(ref, forKey: .ref)
        switch data {
        case .none: break
        case .resource(let object): try container.encode(object, forKey: .data)
        case .linkage(let linkage): try container.encode(linkage, forKey: .data)
        }
    }
}

/// A resource object for `add` or `update`: the value as it encodes itself (a generated `New` value or
/// ``ResourceChanges``), then its `lid` and the relationships the batch sets over its own.
///
/// The second writes go to the same keyed containers the value wrote to; `JSONEncoder` merges them
/// into one object (a later write of a member replaces an earlier one), which the tests pin down.
struct AtomicResourceObject: Encodable, Sendable {
    package var value: any Encodable & Sendable
    package var lid: String?
    package var relationships: [(key: String, linkage: AtomicLinkage)]

    package func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var object = encoder.container(keyedBy: JSONAPIResourceKey.self)
        try object.encodeIfPresent(lid, forKey: .lid)
        guard !relationships.isEmpty else { return }
        var container = object.nestedContainer(keyedBy: JSONAPIMemberKey.self, forKey: .relationships)
        for (key, linkage) in relationships {
            try container.encode(["data": linkage], forKey: JSONAPIMemberKey(stringValue: key))
        }
    }
}

/// `{"atomic:operations": [...]}`.
struct AtomicRequestDocument: Encodable, Sendable {
    package var operations: [AtomicOperation]

    package enum CodingKeys: String, CodingKey { case operations = "atomic:operations" }
}
