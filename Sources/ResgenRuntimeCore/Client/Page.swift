import Foundation

/// One page of a collection: its items, and where the neighbouring pages are.
public struct Page<Item: Sendable>: Sendable {
    /// The items on this page.
    public var items: [Item]
    /// The URL of the next page; nil on the last page.
    public var next: URL?
    /// The URL of the previous page, when the server says.
    public var previous: URL?
    /// The URL of the first page, when the server says.
    public var first: URL?
    /// The URL of the last page, when the server says.
    public var last: URL?
    /// Collection-level metadata (JSON:API `meta`, HAL page state…), as the server sent it. Setting it
    /// drops the typed value (`documentMeta`).
    public var meta: JSONValue? {
        didSet { typedMeta = nil }
    }
    /// `meta` as the item resource's declared `documentMeta` type (JSON:API); see
    /// ``JSONAPIDocumentMetaDeclaring``.
    package var typedMeta: (any Sendable)?
    /// The URL this page came from.
    public var url: URL
    /// The JSON:API profiles the server applied to this page: those its `Content-Type` names
    /// (`profile="…"`), then those of the document's `jsonapi.profile` not named there. Empty for other
    /// formats, and when the server names none.
    public var appliedProfiles: [URL] = []
    /// What the page's wire format read beyond the neutral parts (JSON:API: its ``CursorPagination``,
    /// read through `cursorPagination`); usually nil.
    package var formatDetails: (any Sendable)?

    /// Creates a page.
    public init(items: [Item], next: URL? = nil, previous: URL? = nil, first: URL? = nil, last: URL? = nil, meta: JSONValue? = nil, url: URL) {
        self.items = items
        self.next = next
        self.previous = previous
        self.first = first
        self.last = last
        self.meta = meta
        self.url = url
    }
}
