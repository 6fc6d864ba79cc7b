/// A type that generated code declares for each resource of a schema.
///
/// A resource is a plain value: it is `Codable` in its format-neutral form, `Hashable` and `Sendable`,
/// and it is `Identifiable` by an ID that can be written into a path.
///
/// Where a resource can be reached is declared by adopting ``RootResource`` or ``ChildResource``;
/// what can be done with it by adopting the capability protocols (``IsListable``, ``IsShowable``,
/// ``IsCreatable``, ``IsReplaceable``, ``IsPatchable`` and ``IsDeletable``).
///
/// An ID becomes a path segment through `ParameterValue.parameterValue` when the ID type conforms to
/// `ParameterValue`, and through `String(describing:)` otherwise.
public protocol Resource: Codable, Hashable, Sendable, Identifiable
where ID: Codable & Hashable & Sendable & CustomStringConvertible {
    /// The resource's type name, as JSON:API writes it in `type`, for example `"articles"`.
    static var resourceType: String { get }

    /// The wire keys of the resource's relationships, in schema order. (Also `Testing` SPI, as
    /// ``visitRelationship(_:with:)``: ResgenTesting writes mocked documents with them.)
    @_spi(Generated) @_spi(Testing) static var relationshipKeys: [String] { get }

    /// Hands the relationship with wire key `key` to `visitor`; does nothing for an unknown key.
    @_spi(Generated) @_spi(Testing) mutating func visitRelationship<Visitor: RelationshipVisitor>(_ key: String, with visitor: inout Visitor)
}

extension Resource {
    /// No relationships.
    @_spi(Generated) @_spi(Testing) public static var relationshipKeys: [String] { [] }

    /// No relationships to visit.
    @_spi(Generated) @_spi(Testing) public mutating func visitRelationship<Visitor: RelationshipVisitor>(_ key: String, with visitor: inout Visitor) {}
}
