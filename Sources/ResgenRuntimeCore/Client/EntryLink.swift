import Foundation

/// One link of an ``EntryDocument``: a HAL link object or a JSON:API link, reduced to what following it
/// needs.
public struct EntryLink: Hashable, Sendable {
    /// The target as the server wrote it: a URI reference, or an RFC 6570 template when ``templated``.
    public var href: String
    /// Whether ``href`` is a URI template to expand (the document or the schema says so).
    public var templated: Bool
    /// The link's title, when the server gives one.
    public var title: String?
    /// The URL of the document the link came from: a relative ``href`` resolves against it.
    public var base: URL?

    /// Creates a link.
    public init(href: String, templated: Bool = false, title: String? = nil, base: URL? = nil) {
        self.href = href
        self.templated = templated
        self.title = title
        self.base = base
    }

    /// The absolute target URL; `nil` for a template (expand it with `url(expanding:)`)
    /// or an href that is not a URI reference.
    public var url: URL? {
        guard !templated else { return nil }
        return URIReference.url(href, relativeTo: base)
    }

    /// The absolute target URL with a templated ``href`` expanded (RFC 6570) with `variables`, resolved
    /// against ``base``; an href that is not a template is resolved as is.
    ///
    /// - Parameter variables: The template's variables by name; ones it does not name are ignored.
    /// - Returns: The URL, or `nil` when the result is not a URI reference.
    /// - Throws: ``URITemplate/Error`` when the template is malformed or a value does not fit it.
    public func url(expanding variables: [String: URITemplate.Value]) throws -> URL? {
        guard templated else { return url }
        return URIReference.url(try URITemplate(href).expand(variables), relativeTo: base)
    }

    /// The absolute target URL with a templated ``href`` expanded with layered variables (per-client
    /// defaults, the call's values, the call's removals of defaults).
    ///
    /// - Parameter variables: The layered variables.
    /// - Returns: The URL, or `nil` when the result is not a URI reference.
    /// - Throws: ``URITemplate/Error`` when the template is malformed or a value does not fit it.
    public func url(expanding variables: TemplateVariables) throws -> URL? {
        try url(expanding: variables.resolved())
    }
}
