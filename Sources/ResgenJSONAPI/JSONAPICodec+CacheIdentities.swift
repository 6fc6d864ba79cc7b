import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// The resources of a JSON:API document, for the cache: each resource object's `type/id` and its
/// `links.self`, primary data apart from `included`.
extension JSONAPICodec: CacheIdentifyingCodec {
    package func cacheIdentities(of body: Data, url: URL) -> CacheIdentities {
        guard let document = try? JSONValue(parsing: body) else { return .none }
        var primary: Set<String> = []
        var all: Set<String> = []
        switch document["data"] {
        case .array(let resources)?: for resource in resources { primary.formUnion(Self.names(of: resource, url: url)) }
        case let resource?: primary.formUnion(Self.names(of: resource, url: url))
        case nil: break
        }
        if case .array(let included)? = document["included"] {
            for resource in included { all.formUnion(Self.names(of: resource, url: url)) }
        }
        return CacheIdentities(primary: primary, all: all)
    }

    /// `jsonapi:type/id` and the absolute `links.self` of a resource object (or identifier).
    private static func names(of resource: JSONValue, url: URL) -> Set<String> {
        var names: Set<String> = []
        if case .string(let type)? = resource["type"], case .string(let id)? = resource["id"] { names.insert("jsonapi:\(type)/\(id)") }
        let link = resource["links"]?["self"]
        let href: String? = switch link {
        case .string(let text)?: text
        case .object?: if case .string(let text)? = link?["href"] { text } else { nil }
        default: nil
        }
        if let href, let absolute = URIReference.url(href, relativeTo: url) { names.insert(absolute.absoluteString) }
        return names
    }
}
