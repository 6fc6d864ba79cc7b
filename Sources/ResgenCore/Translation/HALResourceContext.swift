/// What `Templates/HALDecoding.mustache` renders into a resource of a `format: hal` schema.
public struct HALResourceContext: Encodable, Hashable, Sendable {
    /// The access modifier, repeated here so templates find `{{access}}` in the innermost scope
    /// (a key Mustache has to search outer scopes for costs a dynamic cast per scope).
    public var access: String
    /// As ``APIContext/spi``: `@_spi(Generated) ` or nothing.
    public var spi: String
    /// The resource's type name, repeated here for the same reason.
    public var resourceName: String
    /// The cases of `HALCodingKeys`: `id`, …, `halLinks = "_links"`.
    public var halCodingKeys: [CodingKeyContext]
    /// The id's Swift type.
    public var halIDType: String
    /// The attributes, read at the top level of the document.
    public var halAttributes: [PropertyContext]
    /// The relationships, read from `_embedded` and `_links`.
    public var halRelationships: [RelationshipContext]
    /// Whether there is any relationship (and so an `_embedded` reader).
    public var halHasRelationships: Bool
    /// What `encode(halTo:)` sends: the id when the client chooses it, and the attributes not read-only.
    public var halSentProperties: [PropertyContext]
    /// Whether the body has any member: a sent property or a relationship write.
    public var halEncodes: Bool
    /// The relationships the server takes (`write:`), in schema order.
    public var halWrites: [HALWriteContext]
    /// Those written into a property of their own (as a URI or an id).
    public var halPropertyWrites: [HALWriteContext]
    /// Those written as links (into the body's `_links`).
    public var halLinkWrites: [HALWriteContext]
    /// Whether the resource has `changes(since:)` (it has `patch`).
    public var halHasChanges: Bool
    /// The attributes `changes(since:)` compares (not read-only).
    public var halChangeAttributes: [PropertyContext]
    /// Whether `changes(since:)` compares anything.
    public var halChangesCompare: Bool
}

/// A relationship the HAL server takes in request bodies (`write:`), rendered by
/// `Templates/HALWriteValue.mustache` and `HALDecoding.mustache`.
public struct HALWriteContext: Encodable, Hashable, Sendable {
    /// The relationship's property, escaped.
    public var halWriteName: String
    /// Whether it is to-many (written with the links it was read with).
    public var halWriteIsToMany: Bool
    /// The runtime `HALWriteForm` case: `uri`, `id` or `link`.
    public var halWriteForm: String
    /// Whether it is written as a link.
    public var halWriteIsLink: Bool
    /// The `HALCodingKeys` case of its own property (`halWriteVenue`); empty for a link.
    public var halWriteKey: String
    /// The link relation as a string literal.
    public var halWriteRelLiteral: String
    /// The property it is written in as a string literal (`changes(since:)`), or the wire key.
    public var halWritePropertyLiteral: String
}
