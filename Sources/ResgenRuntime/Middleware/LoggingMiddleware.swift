import Foundation
import HTTPTypes
import Logging

/// Logs each request and its outcome with swift-log: method, URL, status, duration and body size at
/// `.debug`; failures at `.warning`. Secrets are never logged:
///
/// - header values of ``redactedFields``, of the client's ``Client/Configuration/sensitiveHeaderNames``
///   and of every field ``AuthMiddleware`` attached a credential under (say `X-API-Key`), wherever the
///   logging middleware stands in the chain (``MiddlewareContext/credentialFieldNames``);
/// - the userinfo of a URL (`user:password@`), always;
/// - the values of query parameters named in ``redactedQueryParameters`` (by default common key and
///   token names such as `api_key`, `access_token`, `signature`).
public struct LoggingMiddleware: ClientMiddleware {
    private let logger: Logger
    private let logHeaders: Bool
    /// Query parameters whose values are replaced by `<redacted>` in logged URLs, lowercased.
    public let redactedQueryParameters: Set<String>

    /// Header fields whose values are always replaced by `<redacted>` in logs.
    public static let redactedFields: Set<HTTPField.Name> = [.authorization, .proxyAuthorization, .cookie, .setCookie]

    /// The query parameters redacted by default: names that commonly carry keys, tokens, passwords and
    /// signatures (compared case-insensitively).
    public static let defaultRedactedQueryParameters: Set<String> = [
        "access_token", "api_key", "api-key", "apikey", "auth", "authorization", "client_secret", "code", "id_token",
        "jwt", "key", "password", "passwd", "pwd", "refresh_token", "secret", "session", "session_id", "sessionid", "sig",
        "signature", "token", "x-amz-credential", "x-amz-security-token", "x-amz-signature", "x-api-key",
    ]

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - logger: Where to log.
    ///   - logHeaders: Whether to include header fields (redacted) at `.trace`.
    ///   - redactedQueryParameters: Query parameters whose values never appear in logs (case-insensitive).
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
        let url = URLRedaction.string(context.url, redactingQueryParameters: redactedQueryParameters)
        let line = "\(request.method) \(url)"
        if logHeaders { logger.trace("→ \(line)", metadata: ["headers": .string(Self.redacted(request.headerFields, context: context))]) }
        do {
            let (response, data) = try await next(request, body)
            let elapsed = ContinuousClock.now - start
            let message: Logger.Message = "\(line) → \(response.status.code) (\(data.count) bytes, \(elapsed.formatted(.units(allowed: [.milliseconds]))))"
            if (200..<400).contains(response.status.code) { logger.debug(message) } else { logger.warning(message) }
            if logHeaders { logger.trace("← \(line)", metadata: ["headers": .string(Self.redacted(response.headerFields, context: context))]) }
            return (response, data)
        } catch {
            logger.warning("\(line) failed: \(Self.describe(error, url: context.url, as: url))")
            throw error
        }
    }

    /// Header fields as `Name: value` lines with every secret-bearing value redacted.
    static func redacted(_ fields: HTTPFields, context: MiddlewareContext) -> String {
        fields.map { field in
            let secret =
                redactedFields.contains(field.name) || context.sensitiveHeaderNames.contains(field.name.canonicalName)
                || context.credentialFieldNames.contains(field.name)
            return "\(field.name): \(secret ? URLRedaction.placeholder : field.value)"
        }.joined(separator: ", ")
    }

    /// `error`'s description with the request URL (which errors spell in full) replaced by its redacted
    /// form.
    private static func describe(_ error: any Error, url: URL, as redacted: String) -> String {
        String(describing: error)
            .replacingOccurrences(of: url.absoluteString, with: redacted)
            .replacingOccurrences(of: URLRedaction.withoutUserinfo(url.absoluteString), with: redacted)
    }
}
