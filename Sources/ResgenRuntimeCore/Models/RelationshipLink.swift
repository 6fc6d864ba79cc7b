import Foundation

/// The stored form of ``ToOne/link`` and ``ToMany/link``: a URL, or a HAL `href` kept as written with
/// the URL it is relative to, resolved each time it is read.
///
/// Resolving a relative href (parsing it, resolving it against the document URL, making it absolute)
/// was about a tenth of decoding a HAL collection, for links most callers never read; so HAL decoding
/// stores the href and ``url`` resolves it on access. Equality and hashing go by the resolved URL, so a
/// relationship compares the same whichever form it holds.
///
/// A struct of two optionals, not an enum of the three forms: a multi-payload enum from another module
/// is copied through its type metadata's value witnesses, and so was every `ToOne` and `ToMany` holding
/// one — about 240 instructions a copy, 2% of decoding a HAL document (callgrind, `HALBench`), where
/// these two fields copy with a retain each. It is smaller too (24 bytes, the enum 25).
@usableFromInline
package struct RelationshipLink: Hashable, Sendable {
    /// A HAL href as written; nil for a URL given whole, and for no link.
    @usableFromInline package var href: String?
    /// With ``href``, the URL it is relative to (nil: none); without, the link itself (nil: no link).
    @usableFromInline package var base: URL?

    @inlinable
    init(href: String?, base: URL?) {
        self.href = href
        self.base = base
    }

    /// No link.
    @inlinable package static var none: RelationshipLink { RelationshipLink(href: nil, base: nil) }

    /// A URL, as given.
    @inlinable package static func url(_ url: URL) -> RelationshipLink { RelationshipLink(href: nil, base: url) }

    /// A HAL href, resolved against `base` on access.
    @inlinable package static func href(_ href: String, base: URL?) -> RelationshipLink { RelationshipLink(href: href, base: base) }

    @inlinable
    package init(_ url: URL?) {
        self.init(href: nil, base: url)
    }

    /// The absolute URL; nil for no link, or an href that is not a URI reference.
    @usableFromInline package var url: URL? {
        guard let href else { return base }
        return URL(string: href, relativeTo: base)?.absoluteURL
    }

    /// Whether there is no link, without resolving one.
    @inlinable package var isNone: Bool { href == nil && base == nil }

    @usableFromInline
    package static func == (lhs: RelationshipLink, rhs: RelationshipLink) -> Bool {
        // Two URLs as given, or no link on either side: compared as stored; else by the resolved URL.
        if lhs.href == nil, rhs.href == nil { return lhs.base == rhs.base }
        return lhs.url == rhs.url
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(url)
    }
}
