import Foundation
import HTTPTypes
import Logging

/// Logs each request and its outcome with swift-log: method, URL, status, duration and body size at
/// `.debug`; failures at `.warning`. Credential headers are never logged.
public struct LoggingMiddleware: ClientMiddleware {
    private let logger: Logger
    private let logHeaders: Bool

    /// Header fields whose values are replaced by `<redacted>` in logs.
    public static let redactedFields: Set<HTTPField.Name> = [.authorization, .proxyAuthorization, .cookie, .setCookie]

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - logger: Where to log.
    ///   - logHeaders: Whether to include header fields (redacted) at `.trace`.
    public init(logger: Logger = Logger(label: "resgen.client"), logHeaders: Bool = false) {
        self.logger = logger
        self.logHeaders = logHeaders
    }

    public func intercept(
        _ request: HTTPRequest, body: OutgoingBody, context: MiddlewareContext,
        next: @Sendable (HTTPRequest, OutgoingBody) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        let start = ContinuousClock.now
        let line = "\(request.method) \(context.url.absoluteString)"
        if logHeaders { logger.trace("→ \(line)", metadata: ["headers": .string(Self.redacted(request.headerFields))]) }
        do {
            let (response, data) = try await next(request, body)
            let elapsed = ContinuousClock.now - start
            let message: Logger.Message = "\(line) → \(response.status.code) (\(data.count) bytes, \(elapsed.formatted(.units(allowed: [.milliseconds]))))"
            if (200..<400).contains(response.status.code) { logger.debug(message) } else { logger.warning(message) }
            if logHeaders { logger.trace("← \(line)", metadata: ["headers": .string(Self.redacted(response.headerFields))]) }
            return (response, data)
        } catch {
            logger.warning("\(line) failed: \(error)")
            throw error
        }
    }

    /// Header fields as `Name: value` lines with credentials redacted.
    static func redacted(_ fields: HTTPFields) -> String {
        fields.map { "\($0.name): \(redactedFields.contains($0.name) ? "<redacted>" : $0.value)" }.joined(separator: ", ")
    }
}
