import Foundation
@_spi(Generated) import ResgenRuntimeCore

extension WireFormat {
    /// HAL (`application/hal+json`).
    public static let hal = WireFormat(rawValue: "hal", plugIn: HALFormat())
}

/// What HAL plugs into the client (``WireFormatPlugIn``).
package struct HALFormat: WireFormatPlugIn {
    /// ``HALCodec`` with its default options.
    package func codec<API: APIDefinition>(for api: API.Type) -> any ResourceCodec { HALCodec() }

    /// The document's `_links` (CURIEs expanded, `templated` kept).
    package func entryLinks<Entry: EntryPoint>(in body: Data, of entry: Entry.Type, context: ResponseContext) throws -> [String: [EntryLink]] {
        let decoder = context.decoder.copy(addingUserInfo: [.halDocumentURL: context.url])
        return try Self.entryLinks(decoder.decode(HALEntryBody.self, from: body).links, of: Entry.self, at: context.url)
    }

    /// The member the union's ``HALUnionDiscriminator`` names.
    package func decodeUnion<U: ResourceUnion>(_ type: U.Type, from decoder: any Decoder) throws -> U {
        try U(halUnionFrom: decoder)
    }

    /// The plain form.
    package func encodeUnionIdentity(type: String, id: String, to encoder: any Encoder) throws -> Bool { false }

    /// The links of a HAL entry document: every relation, and each declared one also under its own
    /// spelling when the document writes it as a CURIE (or the schema does).
    package static func entryLinks<Entry: EntryPoint>(_ links: HALLinks?, of entry: Entry.Type, at url: URL) -> [String: [EntryLink]] {
        guard let links else { return [:] }
        let templated = Set(Entry.templatedLinks.map(\.rawValue))
        func converted(_ found: [HALLink], rel: String) -> [EntryLink] {
            found.map { EntryLink(href: $0.href, templated: $0.templated || templated.contains(rel), title: $0.title, base: $0.base ?? url) }
        }
        var result: [String: [EntryLink]] = [:]
        // Each relation as the dictionary holds it: looking each name up again would search the relations
        // once per relation, quadratic in what a (hostile) entry document writes.
        for (rel, value) in links.relations { result[rel] = converted(value.links, rel: rel) }
        for link in Entry.Link.allCases where result[link.rawValue] == nil {
            let found = links.links(link.rawValue)
            if !found.isEmpty { result[link.rawValue] = converted(found, rel: link.rawValue) }
        }
        return result
    }
}

/// A HAL entry document: only its `_links` are read.
private struct HALEntryBody: Decodable {
    var links: HALLinks?
    enum CodingKeys: String, CodingKey { case links = "_links" }
}
