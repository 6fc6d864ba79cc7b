import Foundation
import HTTPTypes
import ResgenRuntime

/// A middleware of an app's own that sets one header field on every request — an API key, say — and
/// records nothing (unlike `AuthMiddleware`): what the runtime must treat as the caller's wherever it
/// is set.
struct HeaderFieldMiddleware: ClientMiddleware {
    var name: String
    var value: String

    func intercept(
        _ request: HTTPRequest, body: OutgoingBody, context: MiddlewareContext,
        next: @Sendable (HTTPRequest, OutgoingBody) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        var request = request
        request.headerFields[HTTPField.Name(name)!] = value
        return try await next(request, body)
    }
}
