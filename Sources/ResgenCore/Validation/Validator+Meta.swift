/// Typed `meta` (JSON:API): a resource's `meta` and `documentMeta`, a relationship's `meta`.
///
/// The types resolve like an attribute's (an object, usually; `[String: Int]` works too); an optional
/// spelling is read as its wrapped type, since an absent `meta` is nil anyway. The properties the
/// model gains are its members: `resourceMeta` is reserved like every generated name, and each
/// `<relationship>Meta` is claimed here, so a clash with an attribute is an error here and not in the
/// compiler. In a HAL schema there is no `meta`: the keys
/// are ignored with a warning, as `sparseFieldsets` is.
extension Validator {
    /// Resolves the resource's and its relationships' meta types into `info` and claims the names
    /// of the typed properties among `members`.
    func validateMeta(_ decl: ResourceDecl, into info: inout ResourceInfo, members: inout NameScope) {
        let name = decl.name.value
        // `resourceMeta` is among the generated names (the probe declares `meta:`), so reserved already.
        if let meta = decl.meta {
            info.metaType = metaType(meta, of: "resource '\(name)'", key: "meta")
        }
        if let documentMeta = decl.documentMeta {
            info.documentMetaType = metaType(documentMeta, of: "resource '\(name)'", key: "documentMeta")
        }
        for relationship in decl.relationships {
            guard let meta = relationship.meta,
                let index = info.relationships.firstIndex(where: { $0.name == relationship.name.value }),
                let type = metaType(meta, of: "relationship '\(relationship.name.value)' of '\(name)'", key: "meta")
            else { continue }
            let property = info.relationships[index].swiftName + "Meta"
            if members.claim(property, for: "\(relationship.name.value).meta", at: meta.location, diagnostics: diagnostics) {
                info.relationships[index].metaType = type
            }
        }
    }

    /// The declared type, unwrapped; nil after a diagnostic (an unknown or unfit type, or a HAL schema).
    private func metaType(_ spelling: Located<String>, of owner: String, key: String) -> TypeRef? {
        guard format == .jsonapi else {
            diagnostics.emit(.warning("'\(key)' of \(owner) is ignored: typed meta is a JSON:API feature and the API's format is '\(format.rawValue)'", at: spelling.location))
            return nil
        }
        return resolveType(spelling, use: .payload)?.unwrapped
    }
}
