import Foundation
import HTTPTypes
import ResgenRuntime

/// What a ``MockRoute`` answers: a status, header fields and a body, made when a request arrives so a
/// model can be written with the includes that request asked for.
public struct MockResponse: Sendable {
    /// Makes the response for a request.
    public var make: @Sendable (RecordedRequest, MockDocumentEncoder) throws -> (HTTPResponse, Data)
    /// How many bytes of the body arrive before the connection breaks, as a server that closes the
    /// connection midway; nil for the whole body. See ``interrupted(after:)``.
    public var interruptedAfter: Int?

    /// Creates a response from a closure (e.g. one that looks at the request's body).
    public init(_ make: @escaping @Sendable (RecordedRequest, MockDocumentEncoder) throws -> (HTTPResponse, Data)) {
        self.make = make
    }

    func respond(to request: RecordedRequest, encoder: MockDocumentEncoder) throws -> (HTTPResponse, Data) {
        try make(request, encoder)
    }

    /// This response, breaking off after `bytes` bytes of its body as if the server had closed the
    /// connection: a streamed body (`Transport.stream`) yields those bytes, then throws a
    /// `TransportError` with code `TransportError.Code.connectionLost`; a buffered one (`send`) throws it
    /// at once. For testing interrupted and resumed downloads.
    public func interrupted(after bytes: Int) -> MockResponse {
        var response = self
        response.interruptedAfter = max(0, bytes)
        return response
    }

    /// One resource in the API's wire format. JSON:API: the resolved relationships along the request's
    /// `include=` paths go into `included`. HAL: every resolved relationship goes into `_embedded`.
    public static func resource<R: Resource>(_ value: R, status: HTTPResponse.Status = .ok) -> MockResponse {
        MockResponse { request, encoder in
            let data = try encoder.document(for: value, includes: request.includePaths)
            return (encoder.response(status), data)
        }
    }

    /// A collection in the API's wire format (JSON:API `data` array, HAL `_embedded`), with includes as
    /// for ``resource(_:status:)``.
    public static func collection<R: Resource>(_ values: [R], status: HTTPResponse.Status = .ok) -> MockResponse {
        MockResponse { request, encoder in
            let data = try encoder.document(for: values, includes: request.includePaths)
            return (encoder.response(status), data)
        }
    }

    /// These bytes, as they are.
    public static func data(_ data: Data, status: HTTPResponse.Status = .ok, contentType: String? = nil) -> MockResponse {
        MockResponse { _, encoder in (encoder.response(status, contentType: contentType), data) }
    }

    /// A file's bytes, read when the request arrives (e.g. `Bundle.module.url(forResource:withExtension:)`).
    public static func fixture(_ url: URL, status: HTTPResponse.Status = .ok, contentType: String? = nil) -> MockResponse {
        MockResponse { _, encoder in (encoder.response(status, contentType: contentType), try Data(contentsOf: url)) }
    }

    /// An error status with the server error document of the API's format: JSON:API `errors`,
    /// otherwise an `application/problem+json` document. The client reads it into
    /// `ClientError.serverError`.
    public static func error(_ status: HTTPResponse.Status, title: String? = nil, detail: String? = nil, code: String? = nil) -> MockResponse {
        MockResponse { _, encoder in
            let (contentType, data) = try encoder.errorDocument(status: status, title: title ?? status.reasonPhrase, detail: detail, code: code)
            return (encoder.response(status, contentType: contentType), data)
        }
    }

    /// A status without a body (`204 No Content` by default).
    public static func empty(_ status: HTTPResponse.Status = .noContent) -> MockResponse {
        MockResponse { _, _ in (HTTPResponse(status: status), Data()) }
    }
}
