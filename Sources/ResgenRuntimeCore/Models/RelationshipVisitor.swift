/// Visits the relationships of a resource by wire key, with their static target types: how include
/// resolution (JSON:API `included`) and traversal (HAL links) reach into generated value types
/// without reflection.
///
/// Generated resources implement ``Resource/visitRelationship(_:with:)`` with a `switch` over their
/// relationship keys; a visitor receives the relationship `inout`, so it can fill in
/// ``ToOne/resolved`` or ``ToMany/resolved`` and recurse into the targets it resolves.
///
/// Also `Testing` SPI: ResgenTesting writes mocked documents by visiting a model's relationships.
@_spi(Generated) @_spi(Testing) public protocol RelationshipVisitor {
    /// Visits a to-one relationship.
    mutating func visit<Target: Resource>(_ relationship: inout ToOne<Target>, key: String)
    /// Visits a to-many relationship.
    mutating func visit<Target: Resource>(_ relationship: inout ToMany<Target>, key: String)
}

extension Resource {
    /// Visits every relationship, in schema order (`Testing` SPI: generated code visits one at a time).
    @_spi(Testing) public mutating func visitRelationships<Visitor: RelationshipVisitor>(with visitor: inout Visitor) {
        for key in Self.relationshipKeys { visitRelationship(key, with: &visitor) }
    }
}
