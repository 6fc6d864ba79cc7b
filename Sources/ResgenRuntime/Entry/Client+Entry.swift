import Foundation

/// Reading an API's entry point (``EntryPoint``) in its wire format.
extension Client {
    /// Reads the entry document of `entry` (`GET /`, or the path the schema gives) and its links: HAL
    /// `_links` (CURIEs expanded, `templated` kept), or a JSON:API document's top-level `links`. Relative
    /// hrefs resolve against the document's URL; a link the schema declares `templated` is a template in
    /// either format.
    ///
    /// - Parameter entry: The generated entry point, e.g. `Contacts.Entry.self`.
    /// - Returns: The document, whose ``EntryDocument/link(_:)`` and ``EntryDocument/url(_:expanding:)``
    ///   take the entry point's ``EntryPoint/Link`` cases.
    /// - Throws: ``ClientError`` for a failed request or a body that is not such a document.
    public func entry<Entry: EntryPoint>(_ entry: Entry.Type) async throws -> EntryDocument<Entry> {
        let raw = try await request(.get, runtimeURL: try url(for: Entry.path))
        let links: [String: [EntryLink]] = try decode(raw) { context in
            switch Entry.format {
            case .hal:
                let decoder = context.decoder.copy(addingUserInfo: [.halDocumentURL: context.url])
                return try Self.entryLinks(decoder.decode(HALEntryBody.self, from: raw.body).links, of: Entry.self, at: context.url)
            case .jsonapi:
                let decoder = context.decoder.copy(addingUserInfo: [.jsonAPIDocumentURL: context.url])
                return try Self.entryLinks(decoder.decode(JSONAPIEntryBody.self, from: raw.body).links, of: Entry.self, at: context.url)
            }
        }
        return EntryDocument(url: raw.url, links: links)
    }
}

extension Client {
    /// The links of a HAL entry document: every relation, and each declared one also under its own
    /// spelling when the document writes it as a CURIE (or the schema does).
    static func entryLinks<Entry: EntryPoint>(_ links: HALLinks?, of entry: Entry.Type, at url: URL) -> [String: [EntryLink]] {
        guard let links else { return [:] }
        let templated = Set(Entry.templatedLinks.map(\.rawValue))
        func converted(_ found: [HALLink], rel: String) -> [EntryLink] {
            found.map { EntryLink(href: $0.href, templated: $0.templated || templated.contains(rel), title: $0.title, base: $0.base ?? url) }
        }
        var result: [String: [EntryLink]] = [:]
        for rel in links.relations.keys { result[rel] = converted(links.links(rel), rel: rel) }
        for link in Entry.Link.allCases where result[link.rawValue] == nil {
            let found = links.links(link.rawValue)
            if !found.isEmpty { result[link.rawValue] = converted(found, rel: link.rawValue) }
        }
        return result
    }

    /// The links of a JSON:API entry document: one per name; the schema alone says which are templates.
    static func entryLinks<Entry: EntryPoint>(_ links: JSONAPILinks?, of entry: Entry.Type, at url: URL) -> [String: [EntryLink]] {
        let templated = Set(Entry.templatedLinks.map(\.rawValue))
        var result: [String: [EntryLink]] = [:]
        for (name, link) in links?.links ?? [:] {
            result[name] = [EntryLink(href: link.href, templated: templated.contains(name), title: link.title, base: link.base ?? url)]
        }
        return result
    }
}

/// A HAL entry document: only its `_links` are read.
private struct HALEntryBody: Decodable {
    var links: HALLinks?
    enum CodingKeys: String, CodingKey { case links = "_links" }
}

/// A JSON:API entry document: only its top-level `links` are read (its `data`, often `null`, and `meta`
/// are left alone).
private struct JSONAPIEntryBody: Decodable {
    var links: JSONAPILinks?
}
