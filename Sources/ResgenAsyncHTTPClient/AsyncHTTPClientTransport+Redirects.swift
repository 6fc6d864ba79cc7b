import AsyncHTTPClient
import Foundation
import HTTPTypes
import ResgenRuntimeCore

extension AsyncHTTPClientTransport {
    /// Throws when `response` came through a redirect `client` followed to another origin, and
    /// remembers it in `sighting` so that every later request is refused before it is sent.
    ///
    /// AsyncHTTPClient keeps its configuration to itself, so a client that follows redirects shows
    /// only in a response's `history`. On a hop to another origin it drops `Origin`, `Cookie`,
    /// `Authorization` and `Proxy-Authorization` and forwards every other field the caller set (an
    /// API key in `X-API-Key`, say), where the `Client` would drop its sensitive
    /// fields; and the other origin's response would come back as the answer to this request. The
    /// first such hop has sent its fields already: refusing its response and every request after it
    /// keeps that to one request per transport, retries included.
    static func refuseCrossOriginRedirect(
        _ response: HTTPClientResponse,
        of request: HTTPRequest,
        noting sighting: RedirectSighting
    ) throws {
        // The history holds the request itself, then one entry per redirect followed.
        guard response.history.count > 1 else { return }
        let origin = request.url.flatMap { Origin(of: $0) }
        guard
            let elsewhere = response.history.lazy.compactMap({ URL(string: $0.request.url) })
                .first(where: { Origin(of: $0) != origin })
        else { return }
        sighting.record()
        throw redirectingClient(request, reason: "its HTTPClient followed a redirect to \(URLRedaction.string(elsewhere))")
    }

    /// The error for a request refused because `client` follows redirects to other origins.
    static func redirectingClient(_ request: HTTPRequest, reason: String) -> TransportError {
        TransportError(
            code: .other,
            method: request.method,
            url: request.url,
            underlying: AsyncHTTPClientTransportRefusal(
                description: "\(reason), which forwards the request's header fields to another origin; "
                    + "create the HTTPClient with redirectConfiguration: .disallow"
            )
        )
    }
}

/// Whether an ``AsyncHTTPClientTransport``'s client was seen following a redirect to another origin.
final class RedirectSighting: @unchecked Sendable {
    // @unchecked: `seen` is guarded by `lock`.
    private let lock = NSLock()
    private var seen = false

    /// Whether ``record()`` was called.
    var isRecorded: Bool { lock.withLock { seen } }

    /// Records a sighting, for good.
    func record() {
        lock.withLock { seen = true }
    }
}
