import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// JSON:API Atomic Operations (https://jsonapi.org/ext/atomic/): several writes in one request, all or
/// nothing, with `lid` for resources created in the same request.
extension Client {
    /// The media type of atomic requests and responses: JSON:API with the atomic extension.
    public static let atomicMediaType = #"application/vnd.api+json;ext="https://jsonapi.org/ext/atomic""#

    /// Sends the batch's operations in one request and returns their results, in order.
    ///
    /// - Parameters:
    ///   - batch: The operations.
    ///   - path: Where the server serves atomic operations (`/operations` by default).
    ///   - headers: Extra header fields.
    /// - Returns: One result per operation: `results[ref]` is the resource an `add` or `update` returned.
    /// - Throws: ``ClientError``; when the server refuses the batch, nothing of it happened, and each
    ///   error object names its operation (``JSONAPIErrorObject/atomicOperation``).
    public func atomic(_ batch: AtomicBatch, at path: String = "/operations", headers: [HeaderField] = []) async throws -> AtomicResults {
        let target = try url(for: path)
        if let problem = batch.problem {
            throw ClientError(kind: .invalidRequest, request: summary(.post, target), detail: problem)
        }
        guard !batch.operations.isEmpty else {
            throw ClientError(kind: .invalidRequest, request: summary(.post, target), detail: "an atomic request needs at least one operation")
        }
        let codec = try jsonAPICodec(path, method: .post)
        let body = try codec.jsonAPIEncoder(from: encoder).encode(AtomicRequestDocument(operations: batch.operations))
        return try await withDeadline(.post, target) {
            // The codec's profiles ride along on the extension's media type (no bare fallback: the
            // extension is required).
            let atomic = [URL(string: "https://jsonapi.org/ext/atomic")!]
            let contentType = JSONAPIMediaType(extensions: atomic, profiles: codec.sentProfiles).description
            let accept = JSONAPIMediaType(extensions: atomic, profiles: codec.requestedProfiles).acceptValue
            let raw = try await self.request(.post, runtimeURL: target, headers: headers, body: .raw(body, contentType: contentType), accept: accept)
            guard !raw.body.isEmpty else { return AtomicResults(values: Array(repeating: nil, count: batch.count)) }
            return try self.decode(raw, method: .post) { context in
                let decoder = codec.jsonAPIDecoder(from: context.decoder, url: context.url)
                    .copy(addingUserInfo: [AtomicResultsDocument.decodersKey: AtomicResultsDocument.Decoders(batch.results)])
                return AtomicResults(values: try decoder.decode(AtomicResultsDocument.self, from: raw.body).values)
            }
        }
    }

    /// Builds a batch with `build` and sends it in one request (see ``AtomicBatch``); returns the
    /// resource of the reference `build` returns (for several, return a tuple: the overload below):
    ///
    /// ```swift
    /// let (author, book) = try await client.atomic { batch in
    ///     let author = batch.add(Author.create(), Author.New(name: "Iain M. Banks"))
    ///     let book = batch.add(Book.create(), Book.New(title: "Consider Phlebas", published: "1987-04-23"),
    ///                          relationships: [.set(\.author, to: author)])
    ///     return (author, book)
    /// }
    /// ```
    ///
    /// `nonisolated(nonsending)`: the call runs on its caller's actor, so `build` (not `Sendable`: it may
    /// use the caller's state) is called where it was written, also from `@MainActor` code in Swift 6.
    ///
    /// - Throws: ``ClientError`` as ``atomic(_:at:headers:)``, or ``AtomicResultMissing`` when the
    ///   server returned no resource for a reference `build` returned.
    nonisolated(nonsending) public func atomic<R: JSONAPIResource>(
        at path: String = "/operations", headers: [HeaderField] = [], _ build: (inout AtomicBatch) throws -> AtomicRef<R>
    ) async throws -> R {
        var batch = AtomicBatch()
        let ref = try build(&batch)
        return try await atomic(batch, at: path, headers: headers).value(ref)
    }

    /// Builds a batch with `build` and sends it in one request; returns the resources of the tuple of
    /// references `build` returns, typed and in that order (none for a closure that returns nothing).
    ///
    /// - Throws: As the overload above.
    nonisolated(nonsending) public func atomic<each R: JSONAPIResource>(
        at path: String = "/operations", headers: [HeaderField] = [], _ build: (inout AtomicBatch) throws -> (repeat AtomicRef<each R>)
    ) async throws -> (repeat each R) {
        var batch = AtomicBatch()
        let refs = try build(&batch)
        let results = try await atomic(batch, at: path, headers: headers)
        return (repeat try results.value(each refs))
    }
}
