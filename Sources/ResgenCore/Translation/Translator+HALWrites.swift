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

    /// The statements of `encode(halTo:)` that write the relationships, after the attributes.
    func halWriteEncodeStatements(_ resource: ResourceInfo) -> [String] {
        var statements: [String] = []
        var links: [String] = []
        for relationship in resource.relationships {
            guard let write = relationship.halWrite else { continue }
            let value = Self.halWriteValue(relationship, form: write.form)
            if write.form == .link {
                links.append("halWriteLinks.add(\(SwiftSyntax.stringLiteral(relationship.rel)), \(value))")
            } else {
                statements.append("try container.encodeIfPresent(\(value), forKey: .\(Self.halWriteKey(relationship)))")
            }
        }
        guard !links.isEmpty else { return statements }
        return statements + ["var halWriteLinks = HALWriteLinks()"] + links
            + ["if !halWriteLinks.isEmpty { try container.encode(halWriteLinks, forKey: .halLinks) }"]
    }

    /// The body of `changes(since:)`; nil for a resource without `patch`.
    func halChangeStatements(_ resource: ResourceInfo) -> [String]? {
        guard resource.operations.contains(.patch) else { return nil }
        let positions = Self.unsentPositions(resource.attributes)
        let attributes = resource.attributes.filter { !$0.readOnly }.map(Self.decoded)
        var comparisons = attributes.map { attribute -> String in
            let name = SwiftNaming.escaped(attribute.swiftName)
            let key = SwiftSyntax.stringLiteral(attribute.wireKey)
            // A write-only attribute is sent when set: nil means "not set", not "clear it".
            if attribute.writeOnly {
                return "if let value = self.\(name), self.\(name) != old.\(name) { changes.set(\(key), \(Self.wireValue(attribute, "value", optional: false))) }"
            }
            // Not sent is not null: sent when known and either unknown before or different.
            if let position = positions[attribute.swiftName] {
                return "if self.unsentAttributes.changed(self.\(name), since: old.\(name), in: old.unsentAttributes, position: \(position)) { changes.set(\(key), \(Self.wireValue(attribute, "self.\(name)", optional: true))) }"
            }
            return "if self.\(name) != old.\(name) { changes.set(\(key), \(Self.wireValue(attribute, "self.\(name)", optional: attribute.type.isOptional))) }"
        }
        for relationship in resource.relationships {
            guard let write = relationship.halWrite else { continue }
            let name = SwiftNaming.escaped(relationship.swiftName)
            let value = Self.halWriteValue(relationship, form: write.form)
            let set = write.form == .link
                ? "changes.set(link: \(SwiftSyntax.stringLiteral(relationship.rel)), \(value))"
                : "changes.set(\(SwiftSyntax.stringLiteral(write.property ?? relationship.wireKey)), relationship: \(value))"
            comparisons.append("if HALWrite.changed(self.\(name), since: old.\(name)) { \(set) }")
        }
        return comparisons.isEmpty
            ? ["HALChanges<\(resource.name)>()"]
            : ["var changes = HALChanges<\(resource.name)>()"] + comparisons + ["return changes"]
    }

    /// `HALWrite.toOne(self.venue, as: .uri)` or `HALWrite.toMany(self.tags, as: .id, links: self.links, rel: "tags")`.
    private static func halWriteValue(_ relationship: RelationshipInfo, form: HALWriteDecl.Form) -> String {
        let name = SwiftNaming.escaped(relationship.swiftName)
        guard relationship.isToMany else { return "HALWrite.toOne(self.\(name), as: .\(form.rawValue))" }
        return "HALWrite.toMany(self.\(name), as: .\(form.rawValue), links: self.links, rel: \(SwiftSyntax.stringLiteral(relationship.rel)))"
    }

    /// The `HALCodingKeys` case of a relationship's property: `halWriteVenue`.
    private static func halWriteKey(_ relationship: RelationshipInfo) -> String {
        HALWriteInfo.codingKey(ofRelationship: relationship.swiftName)
    }
}
