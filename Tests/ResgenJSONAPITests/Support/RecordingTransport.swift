import Foundation
import HTTPTypes
import ResgenRuntime

/// A transport that passes every request to another and keeps what went by: each request's head and
/// body, and each response's head and body, so a real-server test can check every document it sent and
/// received (against the JSON:API schema, say) and count the requests.
final class RecordingTransport: Transport, @unchecked Sendable {
    // @unchecked: `exchanges` is only touched under `lock`.
    struct Exchange {
        var request: HTTPRequest
        var requestBody: Data?
        var response: HTTPResponse
        var responseBody: Data
    }

    private let inner: any Transport
    private let lock = NSLock()
    private var exchanges: [Exchange] = []

    init(_ inner: any Transport) { self.inner = inner }

    /// Every exchange so far, in order.
    var recorded: [Exchange] { lock.withLock { exchanges } }

    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        try await send(request, body: body, options: TransportOptions())
    }

    func send(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, Data) {
        var sent: Data?
        if case .data(let bytes) = body { sent = bytes }
        let (response, data) = try await inner.send(request, body: body, options: options)
        lock.withLock { exchanges.append(Exchange(request: request, requestBody: sent, response: response, responseBody: data)) }
        return (response, data)
    }
}
