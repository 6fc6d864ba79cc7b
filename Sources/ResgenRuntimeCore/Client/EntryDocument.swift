import Foundation

/// The entry document of an API (``EntryPoint``), read by ``Client/entry(_:)``: its links by relation,
/// typed by the entry point's ``EntryPoint/Link``.
public struct EntryDocument<Entry: EntryPoint>: Sendable {
    /// The URL the document came from (after redirects): relative links resolve against it.
    public var url: URL
    /// Every link of the document by relation as the server wrote it, the declared ones and any other.
    public var links: [String: [EntryLink]]

    /// Creates a document.
    public init(url: URL, links: [String: [EntryLink]]) {
        self.url = url
        self.links = links
    }

    /// The first link of relation `link`, or `nil` when the document has none.
    ///
    /// - Parameter link: A relation the schema declares.
    /// - Returns: The link, templated when the document or the schema says so.
    public func link(_ link: Entry.Link) -> EntryLink? {
        links[link.rawValue]?.first
    }

    /// The target of `link`, expanded with `variables` when it is a template.
    ///
    /// - Parameters:
    ///   - link: A relation the schema declares.
    ///   - variables: The template's variables by name (none for a link that is not a template).
    /// - Returns: The absolute URL, or `nil` when the document has no such link.
    /// - Throws: ``URITemplate/Error`` when the template is malformed or a value does not fit it.
    public func url(_ link: Entry.Link, expanding variables: [String: URITemplate.Value] = [:]) throws -> URL? {
        try self.link(link)?.url(expanding: variables)
    }
}
