@_spi(Generated) import ResgenRuntimeCore

/// How a HAL document tells which member of a union a resource is (HAL has no `type`): what the schema
/// names under `discriminator:`.
public enum HALUnionDiscriminator: Hashable, Sendable {
    /// A property of the resource holds a value per member (`"kind": "book"`); `values` is parallel to
    /// ``ResourceUnion/memberTypes``.
    case property(String, values: [String])
    /// The path of the resource's `self` link starts with a member's collection path (`/books/2` is a
    /// book); `paths` is parallel to ``ResourceUnion/memberTypes``. The longest matching path wins.
    case selfLink(paths: [String])
    /// The `_embedded` key the resource is listed under (`_embedded.books`); `keys` is parallel to
    /// ``ResourceUnion/memberTypes``.
    case embeddedKey(keys: [String])
}

extension HALResource {
    /// No discriminator: a resource that is not a union (a generated HAL union declares its own).
    @_spi(Generated) public static var halDiscriminator: HALUnionDiscriminator? { nil }
}
