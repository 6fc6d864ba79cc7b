import Foundation

/// The client's security rule for what a request may carry, hop by hop along a redirect chain: the
/// header fields the caller set, and the request's body.
///
/// Each field the caller set may go to some origins: the defaults, a typed call's fields and
/// credentials to the trusted ones (the base URL's and ``Client/Configuration/trustedOrigins``); the
/// `headers:` of ``Client/request(_:_:headers:body:accept:requiresAuth:)`` also to the origin of the URL
/// it names. A hop carries a field only when it **and every hop before it** went to origins that field
/// may go to. Once a chain has passed through any other origin, that origin chose every URL after it —
/// so a redirect back to the API (`POST A → 307 B → 307 A/anything`) arrives without the caller's
/// fields, as browsers drop `Authorization` for the rest of a chain that crossed origins.
extension Client {
    /// The header fields the caller set that the request to `url`, after the hops to `earlier`, may carry.
    ///
    /// Every hop on trusted origins: the defaults and the call's fields. Every hop on trusted origins or
    /// the origin of the URL the caller named: the call's fields only. Otherwise none.
    package func callerFields(for url: URL, after earlier: [URL] = [], of prepared: PreparedRequest) -> [HeaderField] {
        if trusts(url), earlier.allSatisfy(trusts) {
            return PreparedRequest.merge(headers: [configuration.defaultHeaders, prepared.headers])
        }
        guard let named = prepared.namedOrigin else { return [] }
        let isAllowed = { (hop: URL) in self.trusts(hop) || Origin(of: hop) == named }
        return isAllowed(url) && earlier.allSatisfy(isAllowed) ? prepared.headers : []
    }

    /// Whether `url` is on a trusted origin: the base URL's, or one in ``Configuration/trustedOrigins``.
    package func trusts(_ url: URL) -> Bool {
        guard let origin = Origin(of: url) else { return false }
        return origin == baseOrigin || configuration.trustedOrigins.contains(origin)
    }

    /// Whether a redirect that keeps the request's body (307, 308, and 301 or 302 of a method other than
    /// POST) may resend it to `location`: only to a trusted origin or the one the caller named. A body
    /// holds what the caller meant for the API (a new password, an order, personal data); an origin the
    /// caller never trusted does not get it because a server said so. (Every earlier hop of a chain that
    /// still has its body passed this check, so the chain has not left those origins.)
    func mayResendBody(to location: URL, of prepared: PreparedRequest) -> Bool {
        trusts(location) || (prepared.namedOrigin != nil && Origin(of: location) == prepared.namedOrigin)
    }

    /// The detail of the error a refused body redirect becomes.
    static let bodyRedirectRefusal =
        "the redirect would resend the request's body to an origin that is not trusted, so it was not followed; its Location header says where it points"
}

extension OutgoingBody {
    /// Whether there is a body to send: not `.none`, and not empty bytes.
    var hasContent: Bool {
        switch self {
        case .none: false
        case .data(let data): !data.isEmpty
        default: true
        }
    }
}
