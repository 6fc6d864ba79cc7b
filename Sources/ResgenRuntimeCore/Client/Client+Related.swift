import Foundation

/// Following a relationship's own link: the JSON:API `related` link (`"related": "/tasks/1/comments"`) or
/// the HAL href a model decoded, resolved against the URL of the document it came from.
///
/// The link is the server's choice, so it is requested as every link a server wrote is (a `next` page,
/// a HAL traversal): header fields you set go only to trusted origins, and only `http` and `https` are
/// requested (see <doc:Security>). `client.request(_:_:)` treats its URL as the caller's own choice
/// and sends `headers:` to it wherever it points; this does not.
extension Client {
    /// Reads the resources a to-many relationship's ``ToMany/link`` leads to.
    ///
    /// ```swift
    /// let task = try await client.fetch(Task.show("1"))
    /// let comments = try await client.fetchRelated(task.comments)   // GET /tasks/1/comments
    /// ```
    ///
    /// - Parameters:
    ///   - relationship: A relationship with a ``ToMany/link``. A relative link (from a model decoded
    ///     without its document's URL) resolves against the base URL.
    ///   - headers: Header fields, sent only when the link's origin is trusted.
    /// - Throws: ``ClientError``: `invalidRequest` when the relationship has no link.
    public func fetchRelated<T: Resource>(_ relationship: ToMany<T>, headers: [HeaderField] = []) async throws -> [T] {
        let url = try relatedURL(relationship.link)
        return try await withDeadline(.get, url) {
            let raw = try await self.request(.get, runtimeURL: url, headers: headers)
            return try self.decode(raw) { try self.configuration.codec.decodeCollection(T.self, from: raw.body, context: $0) }
        }
    }

    /// Reads the resource a to-one relationship's ``ToOne/link`` leads to; nil when the server says there
    /// is none (JSON:API `"data": null`).
    ///
    /// - Parameters:
    ///   - relationship: A relationship with a ``ToOne/link``.
    ///   - headers: Header fields, sent only when the link's origin is trusted.
    /// - Throws: ``ClientError``: `invalidRequest` when the relationship has no link.
    public func fetchRelated<T: Resource>(_ relationship: ToOne<T>, headers: [HeaderField] = []) async throws -> T? {
        let url = try relatedURL(relationship.link)
        return try await withDeadline(.get, url) {
            let raw = try await self.request(.get, runtimeURL: url, headers: headers)
            return try self.decode(raw) { context in
                if let codec = self.configuration.codec as? any FormatCodec {
                    return try codec.decodeRelated(T.self, from: raw.body, context: context)
                }
                return try self.configuration.codec.decodeResource(T.self, from: raw.body, context: context)
            }
        }
    }

    /// The absolute URL of a relationship's link: as decoded, or resolved against the base URL when it is
    /// relative (a model decoded without its document's URL).
    private func relatedURL(_ link: URL?) throws -> URL {
        guard let link else {
            throw ClientError(kind: .invalidRequest, request: summary(.get, baseURL), detail: "the relationship has no link to follow")
        }
        return absolute(link)
    }

    /// A link a model decoded, as an absolute URL: as decoded, or resolved against the base URL when it
    /// is relative (a model decoded without its document's URL).
    package func absolute(_ link: URL) -> URL {
        guard link.scheme == nil else { return link }
        return URIReference.url(link.relativeString, relativeTo: baseURL) ?? link
    }
}
