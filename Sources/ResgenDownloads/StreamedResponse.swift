import Foundation
import HTTPTypes
import ResgenRuntimeCore

/// A successful (2xx) response whose body is read as it arrives: what
/// ``Client/bytes(_:_:headers:body:accept:requiresAuth:maximumBytes:)`` returns.
public struct StreamedResponse: Sendable {
    /// The response head.
    public var response: HTTPResponse
    /// The body, to read once, chunk by chunk. Its errors are ``ClientError``s (or `CancellationError`).
    public var body: ResponseBody
    /// The URL the response came from, after redirects.
    public var url: URL

    /// Creates a response.
    public init(response: HTTPResponse, body: ResponseBody, url: URL) {
        self.response = response
        self.body = body
        self.url = url
    }
}
