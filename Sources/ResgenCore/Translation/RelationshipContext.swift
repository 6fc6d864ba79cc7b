/// One relationship property as data: what the templates spell its declaration, initializer
/// parameter, coding and visitor case from (`Templates/RelationshipDeclaration.mustache`,
/// `RelationshipParameter.mustache`, `RelationshipVisit.mustache`).
///
/// Every key starts with `relationship`, for the reason ``PropertyContext`` gives.
public struct RelationshipContext: Encodable, Hashable, Sendable {
    /// The property's identifier, escaped if it is a keyword; also its coding key.
    public var relationshipName: String
    /// The runtime type holding it, `ToOne` or `ToMany` (``Translator/relationshipKind(_:)``).
    public var relationshipKind: String
    /// The target resource or union type.
    public var relationshipTarget: String
    /// Whether the property is optional (`ToOne<Person>?`): `data: null` is nil.
    public var relationshipIsOptional: Bool
    /// Whether it is to-many.
    public var relationshipIsToMany: Bool
    /// JSON:API `linkage: whenIncluded`: decoded so that an empty linkage reads as unknown.
    public var relationshipLinkageWhenIncluded: Bool
    /// The wire key as a string literal.
    public var relationshipKeyLiteral: String
    /// The HAL link relation as a string literal (the wire key unless the schema names a `rel`).
    public var relationshipRelLiteral: String
    /// Doc comment lines, each starting with `///`.
    public var relationshipDoc: [String]
}
