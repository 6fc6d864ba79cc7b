import Foundation
@_spi(Generated) import ResgenRuntimeCore

extension WireFormat {
    /// JSON:API (`application/vnd.api+json`).
    public static let jsonapi = WireFormat(rawValue: "jsonapi", plugIn: JSONAPIFormat())
}

/// What JSON:API plugs into the client (``WireFormatPlugIn``).
package struct JSONAPIFormat: WireFormatPlugIn {
    /// ``JSONAPICodec`` for the API's resource types.
    package func codec<API: APIDefinition>(for api: API.Type) -> any ResourceCodec { JSONAPICodec(api: API.self) }

    /// The document's top-level `links` (its `data`, often `null`, and `meta` are left alone).
    package func entryLinks<Entry: EntryPoint>(in body: Data, of entry: Entry.Type, context: ResponseContext) throws -> [String: [EntryLink]] {
        let decoder = context.decoder.copy(addingUserInfo: [.jsonAPIDocumentURL: context.url])
        return try Self.entryLinks(decoder.decode(JSONAPIEntryBody.self, from: body).links, of: Entry.self, at: context.url)
    }

    /// A resource object, dispatched on its `type`; a type the union does not list becomes `other` with
    /// its type and id (never a decoding failure: servers add types).
    package func decodeUnion<U: ResourceUnion>(_ type: U.Type, from decoder: any Decoder) throws -> U {
        let object = try decoder.container(keyedBy: JSONAPIResourceKey.self)
        let type = try object.decode(String.self, forKey: .type)
        return try U.decodeMember(type, from: decoder) {
            ResourceIdentity(type: type, id: object.contains(.id) ? try object.decodeJSONAPIIDText(forKey: .id) : "")
        }
    }

    /// A resource identifier object.
    package func encodeUnionIdentity(type: String, id: String, to encoder: any Encoder) throws -> Bool {
        try JSONAPIIdentifierObject(type: type, id: id).encode(to: encoder)
        return true
    }

    /// The links of a JSON:API entry document: one per name; the schema alone says which are templates.
    package static func entryLinks<Entry: EntryPoint>(_ links: JSONAPILinks?, of entry: Entry.Type, at url: URL) -> [String: [EntryLink]] {
        let templated = Set(Entry.templatedLinks.map(\.rawValue))
        var result: [String: [EntryLink]] = [:]
        for (name, link) in links?.links ?? [:] {
            result[name] = [EntryLink(href: link.href, templated: templated.contains(name), title: link.title, base: link.base ?? url)]
        }
        return result
    }
}

/// A JSON:API entry document: only its top-level `links` are read (its `data`, often `null`, and `meta`
/// are left alone).
private struct JSONAPIEntryBody: Decodable {
    var links: JSONAPILinks?
}
