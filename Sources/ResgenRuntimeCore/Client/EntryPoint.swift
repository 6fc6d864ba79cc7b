/// An API's entry point: the document at a fixed path (usually the server root, `GET /`) whose links
/// lead to everything else, such as templated `search` and `find` links (issue 25, item 14).
///
/// The schema's `entry:` generates one, nested in the API's namespace (`Contacts.Entry`), with a
/// ``Link`` enum of the relations it declares. ``Client/entry(_:)`` reads the document in the API's
/// wire format (HAL `_links`, or the JSON:API document's top-level `links`) into an ``EntryDocument``
/// whose links are typed:
///
/// ```swift
/// let root = try await client.entry(Contacts.Entry.self)
/// let found = try root.url(.search, expanding: ["name": "Ann"])   // /contacts/search?name=Ann
/// ```
public protocol EntryPoint: Sendable {
    /// The relations of the entry document's links, each case's raw value the relation as the server
    /// names it (a CURIE such as `ea:find` is kept as written).
    associatedtype Link: RawRepresentable, CaseIterable, Hashable, Sendable where Link.RawValue == String

    /// The document's path below the base URL, for example `"/"`.
    static var path: String { get }

    /// The wire format the document is written in.
    static var format: WireFormat { get }

    /// The links the schema declares as RFC 6570 templates. A HAL link that says `templated: true` is
    /// one too; JSON:API links have no such member, so there only the schema can say it.
    static var templatedLinks: Set<Link> { get }
}

extension EntryPoint {
    /// No link is a template unless the document says so.
    public static var templatedLinks: Set<Link> { [] }
}
