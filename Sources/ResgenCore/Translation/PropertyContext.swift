/// One stored property as data (the id, an attribute, a request parameter): what the templates spell
/// its declaration, initializer parameter, decoding and encoding from
/// (`Templates/PropertyDeclaration.mustache`, `PropertyDecode.mustache`, `PropertyEncode.mustache`).
///
/// Every key starts with `property`: Mustache looks a key that is missing or nil here up in the
/// enclosing scopes, so a short name (`type`, `name`) could pick up a resource's value.
public struct PropertyContext: Encodable, Hashable, Sendable {
    /// The identifier, escaped if it is a keyword.
    public var propertyName: String
    /// The Swift type as declared: `String?`, `[Tag]`.
    public var propertyType: String
    /// The type without its optional: what `decodeIfPresent` reads.
    public var propertyWrappedType: String
    /// Doc comment lines, each starting with `///`.
    public var propertyDoc: [String]
    /// Read-only outside the module: `public internal(set) var`.
    public var propertyHasInternalSetter: Bool
    /// The initializer parameter's default: a literal, `nil` for an optional without one; nil for none.
    public var propertyParameterDefault: String?
    /// Whether the type is optional (`decodeIfPresent`/`encodeIfPresent`).
    public var propertyIsOptional: Bool
    /// Whether decoding fails when the key is absent (not optional, no default).
    public var propertyIsRequired: Bool
    /// The value an absent key decodes as, when the schema gives a default (a literal).
    public var propertyFallback: String?
    /// The runtime `AttributeDateFormat` of a date in its own format (`.date`, `.pattern("dd.MM.yyyy")`),
    /// which the runtime reads and writes instead of the decoder's date strategy.
    public var propertyDateFormat: String?
    /// Whether `UnsentAttributes` records the property's absence (see ``propertyUnsentPosition``).
    public var propertyIsTracked: Bool
    /// Its position in `UnsentAttributes` (tracked properties only).
    public var propertyUnsentPosition: Int
    /// The keyed container the property is coded with: `container`, `jsonAPIAttributes`.
    public var propertyContainer: String
    /// Whether that container is an optional (`jsonAPIAttributes?`: the member may be absent).
    public var propertyContainerIsOptional: Bool
    /// Read-only: set by the server, not sent back.
    public var propertyIsReadOnly: Bool
    /// Write-only: sent when set, never expected back.
    public var propertyIsWriteOnly: Bool
    /// The wire key as a string literal (parameters: the query item's or header field's name).
    public var propertyKeyLiteral: String
    /// A query item of several values sent as one item joined by commas.
    public var propertyJoinsWithComma: Bool = false
    /// Whether `changes(since:)` names the attribute by its wire key (HAL's `HALChanges`) rather than its
    /// coding key (JSON:API's `ResourceChanges`).
    public var propertyChangeKeyIsWireKey = false
}
