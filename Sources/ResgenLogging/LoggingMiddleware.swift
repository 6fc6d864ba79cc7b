import Foundation
import HTTPTypes
import Logging
import ResgenRuntimeCore

/// Logs each request and its outcome with swift-log: method, URL, status, duration and body size at
/// `.debug`; failures at `.warning`. Secrets are never logged:
///
/// - header values of ``redactedFields``, of the client's ``Client/Configuration/sensitiveHeaderNames``
///   and of every field ``AuthMiddleware`` attached a credential under (say `X-API-Key`), wherever the
///   logging middleware stands in the chain (``MiddlewareContext/credentialFieldNames``);
/// - the userinfo of a URL (`user:password@`) and its fragment (`#access_token=…` in OAuth's implicit
///   flow), always;
/// - the values of query parameters named in ``redactedQueryParameters`` or in the client's
///   ``Client/Configuration/sensitiveQueryParameterNames`` (both by default common key and token names
///   such as `api_key`, `access_token`, `signature`, `X-Amz-Signature`);
/// - the same parts of every URL in a logged header value (`Location`, `Content-Location`, `Link`,
///   relative or absolute) and in a failure's description.
public struct LoggingMiddleware: ClientMiddleware {
    private let logger: Logger
    private let logHeaders: Bool
    /// Query parameters whose values are replaced by `<redacted>` in logged URLs, lowercased.
    public let redactedQueryParameters: Set<String>

    /// Header fields whose values are always replaced by `<redacted>` in logs.
    public static let redactedFields: Set<HTTPField.Name> = [.authorization, .proxyAuthorization, .cookie, .setCookie]

    /// The query parameters redacted by default: names that commonly carry keys, tokens, passwords and
    /// signatures (compared case-insensitively); the same set as
    /// ``Client/Configuration/defaultSensitiveQueryParameterNames``.
    public static let defaultRedactedQueryParameters: Set<String> = URLRedaction.defaultSensitiveQueryParameterNames

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - logger: Where to log.
    ///   - logHeaders: Whether to include header fields (redacted) at `.trace`.
    ///   - redactedQueryParameters: Query parameters whose values never appear in logs (case-insensitive),
    ///     besides the client's ``Client/Configuration/sensitiveQueryParameterNames``.
    public init(
        logger: Logger = Logger(label: "resgen.client"), logHeaders: Bool = false,
        redactedQueryParameters: Set<String> = LoggingMiddleware.defaultRedactedQueryParameters
    ) {
        self.logger = logger
        self.logHeaders = logHeaders
        self.redactedQueryParameters = Set(redactedQueryParameters.map { $0.lowercased() })
    }

    public func intercept(
        _ request: HTTPRequest, body: OutgoingBody, context: MiddlewareContext,
        next: @Sendable (HTTPRequest, OutgoingBody) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        let start = ContinuousClock.now
        let names = redactedQueryParameters.union(context.sensitiveQueryParameterNames)
        let line = ControlCharacterEscaping.escaped("\(request.method) \(URLRedaction.string(context.url, redacting: names))")
        if logHeaders { logger.trace("→ \(line)", metadata: ["headers": .string(Self.redacted(request.headerFields, context: context, names: names))]) }
        do {
            let (response, data) = try await next(request, body)
            let elapsed = ContinuousClock.now - start
            // A streamed body goes to the caller past the middlewares: its size is not known here.
            let size = context.streamsResponseBody && data.isEmpty ? "body streamed" : "\(data.count) bytes"
            let message: Logger.Message = "\(line) → \(response.status.code) (\(size), \(elapsed.formatted(.units(allowed: [.milliseconds]))))"
            if (200..<400).contains(response.status.code) { logger.debug(message) } else { logger.warning(message) }
            if logHeaders { logger.trace("← \(line)", metadata: ["headers": .string(Self.redacted(response.headerFields, context: context, names: names))]) }
            return (response, data)
        } catch {
            // Errors of the runtime redact their own text; this also covers a middleware's or transport's
            // own error that spells a URL, and a name only this middleware redacts.
            logger.warning("\(line) failed: \(ErrorText.describe(error, redacting: names))")
            throw error
        }
    }

    /// Header fields as `Name: value` lines with every secret-bearing value redacted, and the URLs in the
    /// others redacted as the request's is (with the query parameters `names`).
    static func redacted(_ fields: HTTPFields, context: MiddlewareContext, names: Set<String>) -> String {
        fields.map { field in
            let secret =
                redactedFields.contains(field.name) || context.sensitiveHeaderNames.contains(field.name.canonicalName)
                || context.credentialFieldNames.contains(field.name)
            return "\(field.name): \(secret ? URLRedaction.placeholder : ErrorText.line(redactedURLs(in: field, names: names)))"
        }.joined(separator: ", ")
    }

    /// The value of `field` with its URLs redacted: the whole value of a field that holds one URL
    /// reference (which may be relative), each `<…>` target of a `Link`, any absolute URL elsewhere.
    private static func redactedURLs(in field: HTTPField, names: Set<String>) -> String {
        switch field.name.canonicalName {
        case "location", "content-location", "referer": URLRedaction.reference(field.value, redacting: names)
        case "link": URLRedaction.linkValue(field.value, redacting: names)
        default: URLRedaction.text(field.value, redacting: names)
        }
    }
}
