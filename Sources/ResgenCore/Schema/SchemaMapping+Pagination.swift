/// `pagination:` of a resource: how its collection pages without `next` links.
extension SchemaMapping {
    /// A resource's `pagination:`.
    public static let pagination = SchemaMapping(
        name: "pagination",
        description: "How the collection pages when a page has no `next` link: by query parameters, stopping on what the page's `meta` says (a `next` link is still followed first).",
        keys: [
            SchemaKey("style", .choice(["pageNumber", "offset", "cursor"]), "Required: which parameter moves — `pageNumber` (`page[number]=2`), `offset` (`page[offset]=20`, the next offset is this one plus the page's items) or `cursor` (`page[cursor]=…`, the next cursor read from `meta` at `nextCursor`)."),
            SchemaKey("page", .text, "pageNumber: the page number's query parameter (default `page[number]`)."),
            SchemaKey("size", .text, "pageNumber, cursor: the page size's query parameter (default `page[size]`)."),
            SchemaKey("offset", .text, "offset: the offset's query parameter (default `page[offset]`)."),
            SchemaKey("limit", .text, "offset: the limit's query parameter (default `page[limit]`)."),
            SchemaKey("cursor", .text, "cursor: the cursor's query parameter (default `page[cursor]`)."),
            SchemaKey("firstPage", .text, "pageNumber: the first page's number, 0 or 1 (default 1)."),
            SchemaKey("pageSize", .text, "The page size every request asks for in the size (or limit) parameter; default: the server's."),
            SchemaKey("hasNext", .text, "Where in `meta` a boolean says whether another page follows: a dotted path (`pagination.has_next`) or a JSON pointer (`/pagination/has_next`)."),
            SchemaKey("totalPages", .text, "Where in `meta` the number of pages is (dotted path or JSON pointer)."),
            SchemaKey("count", .text, "Where in `meta` the number of items of the whole collection is (dotted path or JSON pointer)."),
            SchemaKey("nextCursor", .text, "cursor (required there): where in `meta` the next page's cursor is; absent, null or empty on the last page."),
        ],
        requirements: [.key("style")]
    )
}
