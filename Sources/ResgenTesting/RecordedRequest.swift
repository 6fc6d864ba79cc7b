import Foundation
import HTTPTypes
import ResgenRuntime

/// A request a ``MockTransport`` was asked to send, for assertions.
public struct RecordedRequest: Sendable {
    /// The request as the client built it (method, URL, header fields).
    public var request: HTTPRequest
    /// The body's bytes; `nil` when there was none.
    public var body: Data?
    /// The path relative to the client's base URL, percent-encoded, without the query (`/posts/1`).
    public var relativePath: String
    /// The query items, in order.
    public var queryItems: [URLQueryItem]

    /// Records `request`; `basePath` is removed from the front of its path.
    public init(request: HTTPRequest, body: Data?, basePath: String) {
        self.request = request
        self.body = body
        let components = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        let path = components?.percentEncodedPath ?? ""
        self.relativePath = !basePath.isEmpty && path.hasPrefix(basePath) ? String(path.dropFirst(basePath.count)) : path
        self.queryItems = components?.queryItems ?? []
    }

    /// The method.
    public var method: HTTPRequest.Method { request.method }

    /// `GET /posts/1?include=comments,comments.author`: method, relative path (percent-encoded, as sent)
    /// and the query percent-decoded, for readable assertions and messages.
    public var summary: String {
        let query = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.query }
        return "\(method.rawValue) \(relativePath)\(query.map { "?\($0)" } ?? "")"
    }

    /// The value of the first query item named `name`.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// A header field's value.
    public func header(_ name: HTTPField.Name) -> String? {
        request.headerFields[name]
    }

    /// The body as JSON, to look into with subscripts (`body["data"]?["attributes"]?["title"]`); `nil`
    /// when there is no body or it is not JSON.
    public var bodyJSON: JSONValue? {
        body.flatMap { try? JSONValue(parsing: $0) }
    }

    /// The include paths the request asked for with `include=` (JSON:API), each split at its dots.
    public var includePaths: [[String]] {
        guard let include = query("include"), !include.isEmpty else { return [] }
        return include.split(separator: ",").map { $0.split(separator: ".").map(String.init) }
    }
}
