@_spi(Generated) import ResgenRuntimeCore

/// The sparse fieldset of one resource type: `fields[people]=name`. Made by
/// ``SparseFieldsetResource/fieldset(_:)`` from the type's own ``JSONAPIResource/Field`` cases, so a field
/// can only be named for the type it belongs to; several of them make ``Fieldsets``.
public struct Fieldset: Hashable, Sendable {
    /// The JSON:API `type` restricted, e.g. `"people"`.
    public let resourceType: String
    /// The wire names of the fields asked for, in order, without repeats.
    public let fields: [String]
    /// What resources of this type decode into: the type's ``SparseFieldsetResource/Sparse`` twin.
    let sparse: any Resource.Type

    init<R: SparseFieldsetResource>(_ type: R.Type, fields: [R.Field]) {
        self.init(resourceType: R.resourceType, fields: R.fieldNames(fields), sparse: R.Sparse.self)
    }

    init(resourceType: String, fields: [String], sparse: any Resource.Type) {
        self.resourceType = resourceType
        self.fields = fields
        self.sparse = sparse
    }

    /// `fields[type]=a,b`.
    var queryItem: QueryItem { Self.queryItem(resourceType: resourceType, fields: fields) }

    /// `fields[type]=a,b` for the wire names `fields`: the one spelling of a sparse fieldset, for this type
    /// and ``JSONAPIResource/fieldsQuery(_:)``.
    static func queryItem(resourceType: String, fields: [String]) -> QueryItem {
        QueryItem(name: "fields[\(resourceType)]", value: fields.joined(separator: ","))
    }

    public static func == (lhs: Fieldset, rhs: Fieldset) -> Bool {
        lhs.resourceType == rhs.resourceType && lhs.fields == rhs.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(resourceType)
        hasher.combine(fields)
    }
}

extension SparseFieldsetResource {
    /// This type's sparse fieldset, for ``Fieldsets``: `Person.fieldset(.name)` is `fields[people]=name`.
    ///
    /// With no fields the server sends none but the id (`fields[people]=`): the type's resources are
    /// still there to count and to link to.
    public static func fieldset(_ fields: Field...) -> Fieldset {
        Fieldset(Self.self, fields: fields)
    }
}
