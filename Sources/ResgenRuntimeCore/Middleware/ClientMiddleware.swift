import Foundation
import HTTPTypes

/// A step between the ``Client`` and its ``Transport``, in the style of swift-openapi-runtime's
/// `ClientMiddleware` and Netty's beforeSending/onResponse: it may change the request, call `next`
/// zero or more times (to retry), and change or replace the response.
///
/// Middlewares run in the order the client lists them: the first sees the request first and the
/// response last. Each redirect hop runs through the whole chain again, so per-origin decisions
/// (credentials) are made for every URL actually requested.
public protocol ClientMiddleware: Sendable {
    /// Handles one request.
    ///
    /// - Parameters:
    ///   - request: The request so far.
    ///   - body: Its body. Check ``OutgoingBody/isReplayable`` before calling `next` a second time.
    ///   - context: What the client knows about the call.
    ///   - next: The rest of the chain, ending in the transport.
    func intercept(
        _ request: HTTPRequest,
        body: OutgoingBody,
        context: MiddlewareContext,
        next: @Sendable (HTTPRequest, OutgoingBody) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data)
}
