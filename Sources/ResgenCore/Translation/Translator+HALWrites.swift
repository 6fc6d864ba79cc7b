/// HAL relationship writes in stage 4: what `encode(halTo:)` and `changes(since:)` write for the
/// relationships the schema says the server takes (`write:`, `relationshipWrites:`).
///
/// Decisions made here:
/// - A relationship written as a link goes into the body's `_links` under its `rel`; one written as a
///   URI or id into its own top-level property, a `HALCodingKeys` case named `halWrite<Name>`.
/// - The runtime (`HALWrite`) computes each value when the body is encoded: a URI needs the sending
///   client's base URL. A relationship of which nothing is known is not written.
/// - `changes(since:)` exists for resources with `patch`, and compares attributes as JSON:API's does.
extension Translator {
    /// The `HALCodingKeys` cases of the properties relationships are written in.
    func halWriteCodingKeys(_ resource: ResourceInfo) -> [CodingKeyContext] {
        resource.relationships.compactMap { relationship in
            guard let property = relationship.halWrite?.property else { return nil }
            return CodingKeyContext(caseName: Self.halWriteKey(relationship), rawValueLiteral: SwiftSyntax.stringLiteral(property))
        }
    }

    /// The relationships the schema says the server takes, in schema order.
    func halWrites(_ resource: ResourceInfo) -> [HALWriteContext] {
        resource.relationships.compactMap { relationship in
            guard let write = relationship.halWrite else { return nil }
            return HALWriteContext(
                halWriteName: SwiftNaming.escaped(relationship.swiftName),
                halWriteIsToMany: relationship.isToMany,
                halWriteForm: write.form.rawValue,
                halWriteIsLink: write.form == .link,
                halWriteKey: write.form == .link ? "" : Self.halWriteKey(relationship),
                halWriteRelLiteral: SwiftSyntax.stringLiteral(relationship.rel),
                halWritePropertyLiteral: SwiftSyntax.stringLiteral(write.property ?? relationship.wireKey)
            )
        }
    }

    /// The `HALCodingKeys` case of a relationship's property: `halWriteVenue`.
    private static func halWriteKey(_ relationship: RelationshipInfo) -> String {
        HALWriteInfo.codingKey(ofRelationship: relationship.swiftName)
    }
}
