import Foundation

/// Typed paths and request types' paths, made into URLs below the base URL: the one place that refuses
/// a path with an empty value, before anything is sent.
extension Client {
    /// The URL of `path` below the base URL, with the path's own query items and then `query`.
    ///
    /// - Throws: ``ClientError`` of kind ``ClientError/Kind/invalidRequest`` as ``url(for:method:query:)``.
    package func url<R: Resource, O: ResourceOperation>(for path: ResourcePath<R, O>, query: [QueryItem] = []) throws -> URL {
        try url(for: path.components, method: path.method ?? .get, query: path.query + query)
    }

    /// The URL of the path made of `components` below the base URL, with `query`.
    ///
    /// - Throws: ``ClientError`` of kind ``ClientError/Kind/invalidRequest`` when a value is empty (see
    ///   ``checkedPath(_:method:)``) or the path does not form a URL with the base URL.
    package func url(for components: [PathComponent], method: HTTPMethod, query: [QueryItem] = []) throws -> URL {
        let path = try checkedPath(components, method: method)
        guard let url = PreparedRequest.url(base: baseURL, path: path, query: query) else {
            throw ClientError(
                kind: .invalidRequest, request: summary(method, baseURL), detail: "'\(redacted(path))' does not form a URL with \(baseURL)")
        }
        return url
    }

    /// The path of `components`, percent-encoded, when no value in it is empty.
    ///
    /// An empty value does not address an empty segment: `/articles/` + `""` + `/publish` is
    /// `/articles//publish`, which a server may read as `/articles/publish` (or a router as
    /// another resource), and `Article.delete("")` would be `DELETE /articles/`, the collection. So the
    /// request is not sent.
    ///
    /// - Throws: ``ClientError`` of kind ``ClientError/Kind/invalidRequest`` naming the path, with `{}`
    ///   where the empty value is.
    package func checkedPath(_ components: [PathComponent], method: HTTPMethod) throws -> String {
        let path = PathComponent.path(of: components)
        guard components.contains(.value("")) else { return path }
        let shown = components.map { $0 == .value("") ? "{}" : $0.encoded }.joined()
        let url = PreparedRequest.url(base: baseURL, path: path, query: []) ?? baseURL
        throw ClientError(
            kind: .invalidRequest, request: summary(method, url),
            detail: "a path value is empty ('\(shown)'); an empty id or parameter would address another resource")
    }
}
