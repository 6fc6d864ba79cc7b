/// HAL relationship writes: a relationship's `write:` and the API's `relationshipWrites:` default say
/// how a HAL server takes a relationship in a request body (a link, a URI property or an id property).
///
/// Checked here: the keys are HAL's (a warning elsewhere), a write needs one target resource (a union
/// has no single URI or id type), the property a URI or id goes in is not a key the body already
/// writes (an attribute, `id`, `_links`, `_embedded`, another relationship's property), and a target
/// without a collection path can be written as a URI only from the link the server sent (a warning).
extension Validator {
    /// The API's default, or nil (with a warning when the API is not HAL).
    func validateRelationshipWritesDefault(_ api: APIDecl?) -> HALWriteDecl? {
        guard let write = api?.relationshipWrites else { return nil }
        guard format == .hal else {
            diagnostics.emit(.warning("'relationshipWrites' is ignored: it says how a HAL server takes relationships, and the API's format is '\(format.rawValue)'", at: write.location))
            return nil
        }
        return write
    }

    /// Sets ``RelationshipInfo/halWrite`` of each relationship of `info` from its `write:` or the default.
    func validateHALWrites(_ decl: ResourceDecl, into info: inout ResourceInfo) {
        let owner = decl.name.value
        if format != .hal {
            for relationship in decl.relationships {
                guard let write = relationship.write else { continue }
                diagnostics.emit(.warning("'write' of relationship '\(relationship.name.value)' of '\(owner)' is ignored: JSON:API writes relationships as linkage, and the API's format is '\(format.rawValue)'", at: write.location))
            }
            return
        }
        // The keys a body writes at its top level, by what writes them.
        var taken: [String: String] = ["id": "the id", "_links": "HAL's links", "_embedded": "HAL's embedded resources"]
        for attribute in info.attributes { taken[attribute.wireKey] = "attribute '\(attribute.name)'" }
        for relationship in decl.relationships {
            guard let index = info.relationships.firstIndex(where: { $0.name == relationship.name.value }) else { continue }
            let explicit = relationship.write
            guard let write = explicit ?? relationshipWritesDefault, write.form != .none else { continue }
            let validated = info.relationships[index]
            if !relationship.targets.isEmpty || isUnion(relationship.target?.value) {
                // The API's default applies to relationships with one target resource only.
                if explicit != nil {
                    diagnostics.emit(.error("relationship '\(relationship.name.value)' of '\(owner)' points to several resource types, so it has no single URI or id to write; remove 'write'", at: write.location))
                }
                continue
            }
            var halWrite = HALWriteInfo(form: write.form, property: nil)
            if write.form != .link {
                let property = write.property?.value ?? Self.defaultWriteProperty(write.form, wireKey: validated.wireKey, isToMany: validated.isToMany)
                let at = write.property?.location ?? explicit?.location ?? relationship.name.location
                if property.isEmpty {
                    diagnostics.emit(.error("the property of relationship '\(relationship.name.value)' of '\(owner)' is empty; name the property the server reads", at: at))
                    continue
                }
                if let user = taken[property] {
                    let fix = write.property == nil ? "; name another with '{ \(write.form.rawValue): <property> }'" : ""
                    diagnostics.emit(.error("relationship '\(relationship.name.value)' of '\(owner)' cannot be written in property '\(property)': \(user) uses that key\(fix)", at: at))
                    continue
                }
                // The property's case in `HALCodingKeys` sits beside the attributes' cases.
                let codingKey = HALWriteInfo.codingKey(ofRelationship: validated.swiftName)
                if let attribute = info.attributes.first(where: { $0.swiftName == codingKey }) {
                    diagnostics.emit(.error("attribute '\(attribute.name)' of '\(owner)' has the Swift name '\(codingKey)', which the coding key of relationship '\(relationship.name.value)'s written property uses; rename the attribute (set 'key' to keep its wire name)", at: at))
                    continue
                }
                taken[property] = "relationship '\(relationship.name.value)'"
                halWrite.property = property
            }
            if write.form != .id, let target = resourceDecls[relationship.target?.value ?? ""], !Self.isRootCollection(target) {
                diagnostics.emit(.warning("relationship '\(relationship.name.value)' of '\(owner)' is written as a \(write.form == .link ? "link" : "URI"), but '\(target.name.value)' has no collection path: only a link the server sent can be written, and encoding one set by id fails", at: explicit?.location ?? relationship.name.location))
            }
            info.relationships[index].halWrite = halWrite
        }
    }

    private func isUnion(_ name: String?) -> Bool {
        guard let name, case .union? = symbols[name] else { return false }
        return true
    }

    /// `uri`: the wire key (`venue`); `id`: `venueId`, or `tagIds` for a to-many.
    static func defaultWriteProperty(_ form: HALWriteDecl.Form, wireKey: String, isToMany: Bool) -> String {
        form == .id ? wireKey + (isToMany ? "Ids" : "Id") : wireKey
    }

    /// Whether a resource is a root collection (its instance URIs can be built from an id).
    private static func isRootCollection(_ decl: ResourceDecl) -> Bool {
        decl.parent == nil && decl.path?.value.hasPrefix("/") == true
    }
}
