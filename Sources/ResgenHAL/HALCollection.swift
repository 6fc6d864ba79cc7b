import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// A HAL collection without a schema: the items, the page metadata and the links (`next`…).
public struct HALCollection: Hashable, Sendable {
    /// The items (the `_embedded` array; see ``Client/collection(at:includes:options:)``).
    public var items: [HALDocument]
    /// Every top-level property but `_links` and `_embedded` (page numbers, totals…).
    public var metadata: [String: JSONValue]
    /// The collection's `_links`.
    public var links: HALLinks
    /// The URL of the next page.
    public var next: URL? { links.link("next")?.url }
}
