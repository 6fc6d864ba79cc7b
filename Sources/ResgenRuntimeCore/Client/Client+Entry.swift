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
            try Entry.format.plugIn.entryLinks(in: raw.body, of: Entry.self, context: context)
        }
        return EntryDocument(url: raw.url, links: links)
    }
}
