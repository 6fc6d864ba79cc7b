/// The members of a JSON:API resource object. In the core: the identifier vocabulary
/// (``JSONAPIIdentifier``, ``ResourceUnionID``) names its `type` and `id` in errors and the union's form.
@_spi(Generated) public enum JSONAPIResourceKey: String, CodingKey {
    case type, id, lid, attributes, relationships, links, meta
}
