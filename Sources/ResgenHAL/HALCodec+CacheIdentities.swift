import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// The resources of a HAL document, for the cache: the absolute `self` link of the document's resource
/// (or, for a collection, of each item it embeds) and of every resource embedded at any depth.
extension HALCodec: CacheIdentifyingCodec {
    package func cacheIdentities(of body: Data, url: URL) -> CacheIdentities {
        guard let document = try? JSONValue(parsing: body) else { return .none }
        var primary: Set<String> = []
        var all: Set<String> = []
        if let own = Self.selfLink(of: document, url: url) { primary.insert(own) }
        Self.collectEmbedded(in: document, url: url, depth: 0, into: &all)
        if primary.isEmpty || url.query != nil {
            // A document without a `self`, or a page of a collection (fetched with a query), is about the
            // items it embeds at its top level.
            if case .object(let embedded)? = document["_embedded"] {
                for value in embedded.values {
                    for item in Self.resources(in: value) { if let link = Self.selfLink(of: item, url: url) { primary.insert(link) } }
                }
            }
        }
        return CacheIdentities(primary: primary, all: all)
    }

    private static let maximumDepth = 16

    /// Every `self` link in `_embedded`, recursively (bounded, as a hostile document may nest deep).
    private static func collectEmbedded(in resource: JSONValue, url: URL, depth: Int, into names: inout Set<String>) {
        guard depth < maximumDepth, case .object(let embedded)? = resource["_embedded"] else { return }
        for value in embedded.values {
            for item in resources(in: value) {
                if let link = selfLink(of: item, url: url) { names.insert(link) }
                collectEmbedded(in: item, url: url, depth: depth + 1, into: &names)
            }
        }
    }

    private static func resources(in value: JSONValue) -> [JSONValue] {
        if case .array(let items) = value { return items }
        return [value]
    }

    private static func selfLink(of resource: JSONValue, url: URL) -> String? {
        guard case .string(let href)? = resource["_links"]?["self"]?["href"] else { return nil }
        return URIReference.url(href, relativeTo: url)?.absoluteString
    }
}
