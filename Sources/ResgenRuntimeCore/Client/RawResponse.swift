import Foundation
import HTTPTypes

/// A successful (2xx) response as the client received it, before decoding.
public struct RawResponse: Sendable {
    /// The response head.
    public var response: HTTPResponse
    /// The body.
    public var body: Data
    /// The URL the response came from, after redirects; relative links resolve against it.
    public var url: URL

    /// Creates a response.
    public init(response: HTTPResponse, body: Data, url: URL) {
        self.response = response
        self.body = body
        self.url = url
    }
}
