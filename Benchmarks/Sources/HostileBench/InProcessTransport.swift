import Foundation
import HTTPTypes
import ResgenRuntime

/// Serves fixed documents by path, in process (no sockets). Each response body is a fresh copy, as a
/// real transport's would be, so what a client keeps of its bodies shows in its memory.
struct InProcessTransport: Transport {
    var documents: [String: Data]

    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        guard let document = documents[request.path ?? ""] else { return (HTTPResponse(status: .notFound), Data()) }
        var response = HTTPResponse(status: .ok)
        response.headerFields[.contentType] = "application/hal+json"
        return (response, document.withUnsafeBytes { Data($0) })
    }
}
