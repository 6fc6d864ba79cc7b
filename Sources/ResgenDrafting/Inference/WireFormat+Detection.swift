import ResgenCore
import Foundation

/// Which wire format a fetched document is in: from its content type, failing that from its shape.
extension WireFormat {
    /// The format of `root` fetched with `contentType`, or nil when it is neither.
    ///
    /// The media type decides when it is one of the two (`application/hal+json`,
    /// `application/vnd.api+json`), as long as the body fits it at all (an object; for JSON:API one
    /// with `data`). Servers often say `application/json`, so the shape decides next: JSON:API has a
    /// top-level `data` that is null, a resource object or an array of them (or, an entry point, only
    /// `links` and `meta`); HAL has a `_links` object or
    /// an `_embedded` object or array.
    static func detect(contentType: String?, root: JSONNode) -> WireFormat? {
        guard let members = root.members else { return nil }
        let mediaType = contentType.map(Self.mediaType)
        // An entry point has no primary data: only `links` (and `meta`, `jsonapi`), which JSON:API allows.
        let isEntryPoint = members.contains { $0.key == "links" && $0.value.members != nil }
            && members.allSatisfy { ["links", "meta", "jsonapi"].contains($0.key) }
        let looksJSONAPI = members.contains { $0.key == "data" && Self.isPrimaryData($0.value) } || isEntryPoint
        if mediaType == "application/vnd.api+json" { return looksJSONAPI ? .jsonapi : nil }
        if mediaType == "application/hal+json" { return .hal }
        if looksJSONAPI { return .jsonapi }
        // `_embedded` may be an array: drf-hal-json writes a page's items so, and the runtime reads them.
        let looksHAL = members.contains { member in
            (member.key == "_links" && member.value.members != nil) || (member.key == "_embedded" && (member.value.members != nil || member.value.elements != nil))
        }
        return looksHAL ? .hal : nil
    }

    /// `application/hal+json; charset=utf-8` → `application/hal+json`.
    private static func mediaType(_ contentType: String) -> String {
        let type = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// JSON:API primary data: null, a resource object, or an array of them.
    private static func isPrimaryData(_ node: JSONNode) -> Bool {
        switch node {
        case .null: true
        case .object: node["type"]?.stringValue != nil
        case .array(let elements): elements.allSatisfy { $0["type"]?.stringValue != nil }
        default: false
        }
    }
}
