import Foundation

/// The stored form of ``ToOne/link`` and ``ToMany/link``: a URL, or a HAL `href` kept as written with
/// the URL it is relative to, resolved each time it is read.
///
/// Resolving a relative href (parsing it, resolving it against the document URL, making it absolute)
/// was about a tenth of decoding a HAL collection, for links most callers never read; so HAL decoding
/// stores the href and ``url`` resolves it on access. Equality and hashing go by the resolved URL, so a
/// relationship compares the same whichever form it holds.
@usableFromInline
package enum RelationshipLink: Hashable, Sendable {
    /// No link.
    case none
    /// A URL, as given.
    case url(URL)
    /// A HAL href, resolved against `base` on access.
    case href(String, base: URL?)

    @inlinable
    package init(_ url: URL?) {
        if let url { self = .url(url) } else { self = .none }
    }

    /// The absolute URL; nil for no link, or an href that is not a URI reference.
    @usableFromInline package var url: URL? {
        switch self {
        case .none: nil
        case .url(let url): url
        case .href(let href, let base): URIReference.url(href, relativeTo: base)
        }
    }

    /// Whether there is no link, without resolving one.
    @inlinable package var isNone: Bool {
        if case .none = self { true } else { false }
    }

    @usableFromInline
    package static func == (lhs: RelationshipLink, rhs: RelationshipLink) -> Bool {
        switch (lhs, rhs) {
        case (.none, .none): true
        case (.url(let left), .url(let right)): left == right
        default: lhs.url == rhs.url
        }
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(url)
    }
}
