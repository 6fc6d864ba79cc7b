import Foundation
import HTTPTypes

extension Client {
    /// Runs a prepared request to a 2xx response: encodes the body, sends it through the middlewares
    /// and transport, follows redirects, and turns any other outcome into a ``ClientError``.
    ///
    /// - Returns: The response, its body and the URL it finally came from.
    package func execute(_ prepared: PreparedRequest, accept: String) async throws -> (HTTPResponse, Data, URL) {
        try await withDeadline(prepared.method, prepared.url) { try await self.executeWithoutDeadline(prepared, accept: accept) }
    }

    private func executeWithoutDeadline(_ prepared: PreparedRequest, accept: String) async throws -> (HTTPResponse, Data, URL) {
        let prepared = addingAutomaticIfMatch(to: prepared)
        guard Self.isHTTP(prepared.url) else {
            throw ClientError(
                kind: .unsupportedScheme, request: summary(prepared.method, prepared.url),
                detail: "only http and https URLs are requested; '\(prepared.url.scheme ?? "")' is refused")
        }
        let encoded: EncodedBody
        do {
            encoded = try bodyEncoder.encode(prepared.body)
        } catch {
            throw ClientError(kind: .invalidRequest, request: summary(prepared.method, prepared.url), detail: "the body did not encode: \(error)", underlying: error)
        }
        var method = prepared.method
        var url = prepared.url
        var body = encoded.body
        var contentType = encoded.contentType
        // The URLs of the hops before this one: where the chain has been decides what this hop may carry.
        var earlier: [URL] = []
        for hop in 0...max(0, configuration.maximumRedirects) {
            let callerFields = callerFields(for: url, after: earlier, of: prepared)
            // Only a download sets fields of the runtime's own (`Range`, `If-Range`): merge only then.
            let fields = prepared.runtimeHeaders.isEmpty ? callerFields : PreparedRequest.merge(headers: [callerFields, prepared.runtimeHeaders])
            let request = try httpRequest(method: method, url: url, headers: fields, accept: accept, contentType: contentType)
            var context = MiddlewareContext(
                requiresAuth: prepared.requiresAuth, isIdempotent: method.isIdempotent,
                allowsRetryOfNonIdempotent: prepared.allowsRetryOfNonIdempotent, baseOrigin: baseOrigin,
                trustedOrigins: configuration.trustedOrigins, url: url, redirectCount: hop, redirectedFrom: earlier,
                credentialFieldNames: credentialFieldNames, sensitiveQueryParameterNames: [])
            // The configuration's sets are lowercase already: assigned, not lowercased into new sets by the
            // initializer (that was about half the CPU of a fresh cache hit, measured).
            context.sensitiveHeaderNames = configuration.sensitiveHeaderNames
            context.sensitiveQueryParameterNames = configuration.sensitiveQueryParameterNames
            context.streamsResponseBody = prepared.streamedBody != nil
            let limit = min(configuration.maximumResponseBytes, prepared.maximumResponseBytes ?? .max)
            let (response, data) = try await send(
                request, body: body, context: context, maximumResponseBytes: limit, streamingInto: prepared.streamedBody)
            guard let location = redirectLocation(response, from: url) else {
                guard (200..<300).contains(response.status.code) else {
                    let document = ServerErrorDocument.decode(data, contentType: response.headerFields[.contentType])
                    var error = ClientError(
                        kind: MediaTypeRefusal.kind(response.status), request: summary(method, url), status: response.status, headers: response.headerFields,
                        body: data, serverError: document, detail: (configuration.codec as? any FormatCodec)?.refusalDetail(response.status, request: request))
                    if error.kind == .preconditionFailed, document == nil, !data.isEmpty { error.currentRepresentation = data }
                    throw error
                }
                rememberEntityTag(method, url, response)
                return (response, data, url)
            }
            guard Self.isHTTP(location) else {
                throw ClientError(
                    kind: .unsupportedScheme, request: summary(method, url), status: response.status, headers: response.headerFields,
                    detail: "the redirect to a '\(location.scheme ?? "")' URL is refused; only http and https URLs are requested")
            }
            guard hop < configuration.maximumRedirects else {
                throw ClientError(kind: .tooManyRedirects, request: summary(prepared.method, prepared.url), status: response.status, headers: response.headerFields, detail: "more than \(configuration.maximumRedirects) redirects")
            }
            let code = response.status.code
            if code == 303 || ((code == 301 || code == 302) && method == .post) {
                // RFC 9110 §15.4: continue with GET and no body.
                if method != .head { method = .get }
                body = .none
                contentType = nil
            } else if !body.isReplayable {
                throw ClientError(kind: .unacceptableStatus, request: summary(method, url), status: response.status, headers: response.headerFields, body: data, detail: "a redirect would resend a body that cannot be replayed")
            } else if body.hasContent, !mayResendBody(to: location, of: prepared) {
                throw ClientError(kind: .unacceptableStatus, request: summary(method, url), status: response.status, headers: response.headerFields, body: data, detail: Self.bodyRedirectRefusal)
            }
            earlier.append(url)
            url = location
        }
        preconditionFailure("the redirect loop returns or throws")
    }

    /// Whether `url` is one the client may request: `http` or `https`. A server's link or redirect to
    /// `file:` (or any other scheme) must never reach a transport that would follow it.
    static func isHTTP(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    /// The absolute URL a 3xx response points to, or nil when the response is not a redirect to follow.
    private func redirectLocation(_ response: HTTPResponse, from url: URL) -> URL? {
        guard [301, 302, 303, 307, 308].contains(response.status.code), let location = response.headerFields[.location] else { return nil }
        return URIReference.url(location, relativeTo: url)
    }

    /// Validates the caller's header fields and builds the request head for one hop; `Accept` and
    /// `Content-Type` are the runtime's unless the caller's fields set them.
    private func httpRequest(method: HTTPMethod, url: URL, headers: [HeaderField], accept: String, contentType: String?) throws -> HTTPRequest {
        guard let httpMethod = HTTPRequest.Method(method.rawValue) else {
            throw ClientError(kind: .invalidRequest, request: summary(method, url), detail: "'\(method)' is not a valid HTTP method")
        }
        var fields = HTTPFields()
        for field in headers {
            guard let name = HTTPField.Name(field.name) else {
                throw ClientError(kind: .invalidRequest, request: summary(method, url), detail: "'\(field.name)' is not a valid header name")
            }
            guard !field.value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                throw ClientError(kind: .invalidRequest, request: summary(method, url), detail: "the value of header '\(field.name)' contains a line break or NUL")
            }
            fields.append(HTTPField(name: name, value: field.value))
        }
        if fields[.accept] == nil { fields[.accept] = accept }
        if let contentType, fields[.contentType] == nil { fields[.contentType] = contentType }
        return HTTPRequest(method: httpMethod, url: url, headerFields: fields)
    }

    /// Runs the middleware chain around the transport; with a `slot`, the transport streams and a 2xx
    /// body is left in the slot (see ``StreamedBodySlot``).
    private func send(
        _ request: HTTPRequest, body: OutgoingBody, context: MiddlewareContext, maximumResponseBytes: Int, streamingInto slot: StreamedBodySlot? = nil
    ) async throws -> (HTTPResponse, Data) {
        let transport = self.transport
        let summary = summary(HTTPMethod(rawValue: request.method.rawValue), context.url)
        // A streamed body goes past the cache: it is neither stored nor answered from the store.
        let cacheStep = slot == nil ? self.cacheStep : nil
        var next: @Sendable (HTTPRequest, OutgoingBody) async throws -> (HTTPResponse, Data) = { request, body in
            do {
                // A reporter per send: a body sent again reports from zero.
                let options = TransportOptions(maximumResponseBytes: maximumResponseBytes, uploadProgress: TransferProgress.uploadReporter())
                if let slot { return try await slot.send(request, body: body, through: transport, options: options) }
                if let cacheStep {
                    return try await cacheStep.intercept(request, body: body, context: context) { request, body in
                        try await transport.send(request, body: body, options: options)
                    }
                }
                return try await transport.send(request, body: body, options: options)
            } catch let error as CancellationError {
                throw error
            } catch let error as ClientError {
                throw error
            } catch let error as ResponseTooLargeError {
                throw ClientError(
                    kind: .responseTooLarge, request: summary, status: error.response?.status, headers: error.response?.headerFields,
                    detail: error.description, underlying: error)
            } catch {
                if Task.isCancelled { throw CancellationError() }
                throw ClientError(kind: .transport, request: summary, underlying: error)
            }
        }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request, body in try await middleware.intercept(request, body: body, context: context, next: inner) }
        }
        return try await next(request, body)
    }

    package func summary(_ method: HTTPMethod, _ url: URL) -> ClientError.RequestSummary {
        // The configuration's set is lowercase already (see `Configuration.sensitiveQueryParameterNames`).
        var summary = ClientError.RequestSummary(method: method, url: url, sensitiveQueryParameterNames: [])
        summary.sensitiveQueryParameterNames = configuration.sensitiveQueryParameterNames
        return summary
    }

    /// Decodes with the codec, turning a `DecodingError` into a ``ClientError`` naming the field path.
    package func decode<T>(_ method: HTTPMethod, _ url: URL, _ data: Data, _ response: HTTPResponse, includes: [IncludePath] = [], _ body: (ResponseContext) throws -> T) throws -> T {
        do {
            return try body(ResponseContext(decoder: decoder, url: url, response: response, includes: includes))
        } catch let error as DecodingError {
            throw ClientError(kind: .decoding, request: summary(method, url), status: response.status, headers: response.headerFields, body: data, codingPath: error.pathDescription, detail: error.debugSummary, underlying: error)
        }
    }
}
