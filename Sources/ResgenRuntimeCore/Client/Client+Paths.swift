import Foundation

/// Typed paths and request types' paths, made into URLs below the base URL: the one place that refuses
/// a path with an empty value, before anything is sent.
extension Client {
    /// The URL of `path` below the base URL, with the path's own query items and then `query`.
    ///
    /// - Throws: ``ClientError`` of kind ``ClientError/Kind/invalidRequest`` as ``url(for:method:query:)``, and
    ///   when an `include` item names a relationship path the path does not accept (``ResourcePath/acceptedIncludes``).
    package func url<R: Resource, O: ResourceOperation>(for path: ResourcePath<R, O>, query: [QueryItem] = []) throws -> URL {
        let items = path.query + query
        let url = try url(for: path.components, method: path.method ?? .get, query: items)
        if let accepted = path.acceptedIncludes {
            try checkIncludes(in: items, accepted: accepted, method: path.method ?? .get, url: url)
        }
        return url
    }

    /// Refuses `include` items that name a relationship path outside `accepted`: a server that declares the
    /// values of its `include` parameter per path (App Store Connect) answers any other with 400, so the
    /// request is not sent.
    ///
    /// - Throws: ``ClientError`` of kind ``ClientError/Kind/invalidRequest`` naming the paths refused and those
    ///   accepted.
    package func checkIncludes(in items: [QueryItem], accepted: Set<IncludePath>, method: HTTPMethod, url: URL) throws {
        let acceptedNames = Set(accepted.map(\.description))
        var refused: [String] = []
        for item in items where item.name == "include" {
            for name in (item.value ?? "").split(separator: ",").map(String.init) where !acceptedNames.contains(name) && !refused.contains(name) {
                refused.append(name)
            }
        }
        guard !refused.isEmpty else { return }
        throw Self.unacceptedIncludes(refused, accepted: acceptedNames, request: summary(method, url))
    }

    /// The error of a call that includes relationship paths its path does not accept.
    package static func unacceptedIncludes(_ refused: [String], accepted: Set<String>, request: ClientError.RequestSummary) -> ClientError {
        let acceptedList = accepted.sorted().map { "'\($0)'" }.joined(separator: ", ")
        return ClientError(
            kind: .invalidRequest, request: request,
            detail: "the path does not accept the include \(refused.map { "'\($0)'" }.joined(separator: ", ")); it accepts \(accepted.isEmpty ? "none" : acceptedList)")
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
