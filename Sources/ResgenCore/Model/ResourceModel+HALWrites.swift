/// How a HAL server takes one relationship in a request body, validated: what `encode(halTo:)` and
/// `changes(since:)` write for it.
public struct HALWriteInfo: Hashable, Sendable {
    /// The form of the value (never `none`: a relationship that is not sent has no ``HALWriteInfo``).
    public var form: HALWriteDecl.Form
    /// The top-level property that holds a `uri` or `id`; nil for `link` (the relationship's `rel` in `_links`).
    public var property: String?

    /// Creates a write.
    public init(form: HALWriteDecl.Form, property: String?) {
        self.form = form
        self.property = property
    }

    /// The `HALCodingKeys` case of a relationship's written property: `halWriteVenue`. The translator
    /// spells it and the validator checks that no attribute has that Swift name.
    static func codingKey(ofRelationship swiftName: String) -> String {
        "halWrite" + SwiftNaming.typeName(swiftName)
    }
}
