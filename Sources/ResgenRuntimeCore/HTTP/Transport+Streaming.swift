import Foundation
import HTTPTypes

extension Transport {
    /// Calls ``send(_:body:options:)`` and hands back its body as one chunk: for transports written
    /// before streaming existed. The body is bounded as `send` bounds it, but it is held in memory whole
    /// before the first chunk is read; implement this requirement yourself to stream.
    public func stream(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, ResponseBody) {
        let (response, data) = try await send(request, body: body, options: options)
        return (response, ResponseBody(data))
    }
}
