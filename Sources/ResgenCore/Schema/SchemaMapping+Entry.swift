extension SchemaMapping {
    /// The `entry:` block.
    public static let entry = SchemaMapping(
        name: "entry",
        description: "The API's entry point: the document at a fixed path (usually `GET /`) whose links lead to everything else → `<Name>.Entry`, read with `client.entry(<Name>.Entry.self)`.",
        keys: [
            SchemaKey("path", .text, "The document's path below the base URL, starting with `/`; default `/`."),
            SchemaKey("description", .text, "Doc comment of `<Name>.Entry`."),
            SchemaKey("links", .names(of: .shortOrLong(.text, .link), entryMayBeNull: false), "Required (at least one): the document's links → `<Name>.Entry.Link`: a relation (`contacts: contacts`) or `{ rel, templated, description }`; HAL `_links` or the JSON:API document's top-level `links`."),
        ],
        requirements: [.key("links")]
    )
}
