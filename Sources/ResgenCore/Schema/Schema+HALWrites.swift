/// How a HAL server takes a relationship in a request body: a relationship's `write:`, or the API's
/// default `relationshipWrites:`. HAL defines no way to write a relationship, so the schema says which
/// of the servers' conventions the API follows.
public struct HALWriteDecl: Hashable, Sendable {
    /// The form of the value.
    public enum Form: String, Hashable, Sendable, CaseIterable {
        /// `_links: { venue: { href: … } }`.
        case link
        /// The related resource's URI in a property (Spring Data REST): `"venue": "http://…/venues/1"`.
        case uri
        /// The related resource's id in a property: `"venueId": 1`.
        case id
        /// Not sent (the default).
        case none
    }

    /// The form.
    public var form: Form
    /// The property that holds the value (`{ uri: venue_url }`, `{ id: venue_id }`); nil for the default
    /// (the relationship's wire key for `uri`, `<key>Id`/`<key>Ids` for `id`).
    public var property: Located<String>?
    /// Where the value was written.
    public var location: SourceLocation

    /// Creates a declaration.
    public init(form: Form, property: Located<String>? = nil, location: SourceLocation) {
        self.form = form
        self.property = property
        self.location = location
    }
}
