import Foundation

/// A call's request before encoding: method, absolute URL, merged header fields and query, body.
///
/// Merging follows Crane: the client's default headers, then the request type's static fields, then
/// the instance's, then the call's extras — a later field replaces earlier ones of the same name
/// (case-insensitively for headers). Query items merge the same way by name, so an instance's
/// `page` replaces a static `page` while repeated items of one source (`tag=a&tag=b`) stay.
///
/// `headers` are the fields the caller set for this call (not yet the client's defaults): where they
/// may go is decided per hop, by origin (see ``Client/Configuration/trustedOrigins``).
package struct PreparedRequest: Sendable {
    package var method: HTTPMethod
    package var url: URL
    package var headers: [HeaderField]
    package var body: RequestBody
    package var requiresAuth: Bool
    package var allowsRetryOfNonIdempotent: Bool
    /// The origin of a URL the caller named itself (``Client/request(_:_:headers:body:accept:requiresAuth:)``):
    /// `headers` (not the client's defaults) may go there even when it is not trusted. Nil for URLs the
    /// runtime builds from the base URL or takes from a server (links, `next` pages).
    package var namedOrigin: Origin? = nil
    /// A limit on the response body below ``Client/Configuration/maximumResponseBytes``, or nil for the
    /// client's (a HAL traversal passes what is left of its byte budget).
    package var maximumResponseBytes: Int? = nil
    /// Header fields the runtime sets on every hop, whatever its origin (a resumed download's `Range` and
    /// `If-Range`): not the caller's, so the trust rule for the caller's fields does not hold them back.
    package var runtimeHeaders: [HeaderField] = []
    /// Where a streaming call (`bytes`, `download`) takes its 2xx body from; nil for a call that reads
    /// its body whole.
    package var streamedBody: StreamedBodySlot? = nil

    package init(method: HTTPMethod, url: URL, headers: [HeaderField], body: RequestBody, requiresAuth: Bool, allowsRetryOfNonIdempotent: Bool) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.requiresAuth = requiresAuth
        self.allowsRetryOfNonIdempotent = allowsRetryOfNonIdempotent
    }

    /// Layers header fields: each layer's names replace the same names of the layers before it.
    package static func merge(headers layers: [[HeaderField]]) -> [HeaderField] {
        layers.reduce(into: []) { merged, layer in
            let names = Set(layer.map { $0.name.lowercased() })
            merged.removeAll { names.contains($0.name.lowercased()) }
            merged += layer
        }
    }

    /// Layers query items the same way, by exact name.
    package static func merge(query layers: [[QueryItem]]) -> [QueryItem] {
        layers.reduce(into: []) { merged, layer in
            let names = Set(layer.map(\.name))
            merged.removeAll { names.contains($0.name) }
            merged += layer
        }
    }

    /// `base` + `path` + `?query`: the base URL's own path is kept as a prefix (`/v1` + `/articles`).
    package static func url(base: URL, path: String, query: [QueryItem]) -> URL? {
        var text = base.absoluteString
        if let queryStart = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<queryStart]) }
        while text.hasSuffix("/") { text.removeLast() }
        text += path.hasPrefix("/") ? path : "/" + path
        if !query.isEmpty {
            text += "?" + query.map { item in
                // Everything but unreserved characters is encoded, so `&`, `=`, `+`, `#`, brackets and
                // non-ASCII in a name or value can never change the query's structure.
                let name = PathComponent.percentEncodingAllButUnreserved(item.name)
                return item.value.map { "\(name)=\(PathComponent.percentEncodingAllButUnreserved($0))" } ?? name
            }.joined(separator: "&")
        }
        return URL(string: text)
    }
}
