import AsyncHTTPClient
import CResgenZlib
import Foundation
import HTTPTypes
import NIOCore
import ResgenRuntimeCore

extension AsyncHTTPClientTransport {
    /// Sends `request` with `body` and returns the response head as soon as it arrived, with its body
    /// to read chunk by chunk.
    ///
    /// The body is AsyncHTTPClient's, read as the reader asks for it: AsyncHTTPClient reads from the
    /// connection only as fast as the reader takes chunks (its back-pressure), so what waits in memory
    /// is a read or two, not the body. Each `ByteBuffer` is copied into one `Data` chunk. On the client
    /// the transport owns, a gzip or deflate body is inflated 64 KiB at a time as it is read, and counted
    /// inflated against `options.maximumResponseBytes`.
    ///
    /// - Parameters:
    ///   - request: The request head; it must have an `http` or `https` scheme and an authority.
    ///   - body: The bytes to send.
    ///   - options: The largest body to read, and where to report the upload's progress.
    /// - Returns: The response (a 3xx one included) and its body.
    /// - Throws: `CancellationError` when the calling task is cancelled before the head arrived;
    ///   `ResponseTooLargeError` when the head announces a longer body; `TransportError` when no
    ///   response could be had. Reading the body throws as `ResponseBody` says.
    public func stream(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, ResponseBody) {
        let bodyFailure = BodyFailure()
        let response: HTTPClientResponse
        let head: HTTPResponse
        do {
            response = try await execute(request, body: body, options: options, bodyFailure: bodyFailure)
            head = try Self.makeHTTPResponse(response, for: request)
        } catch {
            throw Self.translate(error, of: request, bodyFailure: bodyFailure.error)
        }
        let limit = options.maximumResponseBytes
        if let length = head.announcedBodyLength(for: request.method), length > Int64(limit) {
            throw ResponseTooLargeError(maximumBytes: limit, response: head, announcedLength: length, receivedBytes: 0)
        }
        let encoding = inflatesBodies ? head.headerFields[.contentEncoding] : nil
        let chunks = ResponseChunks(
            body: response.body, request: request, head: head, maximumBytes: limit, contentEncoding: encoding, keptAlive: body, transport: self)
        return (head, ResponseBody(chunks))
    }
}

/// A response body from AsyncHTTPClient as `Data` chunks: counted against the limit, inflated when it is
/// gzip or deflate, its errors translated as the transport's are.
struct ResponseChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let body: HTTPClientResponse.Body
    let request: HTTPRequest
    let head: HTTPResponse
    let maximumBytes: Int
    /// The `Content-Encoding` to undo; nil when the transport passes the body on as it is.
    let contentEncoding: String?
    /// The request body, which lives until the response was read (a temporary file may still be
    /// uploading when the head arrives).
    let keptAlive: OutgoingBody
    /// The transport, which shuts its client down when it goes away: not before the body was read.
    let transport: AsyncHTTPClientTransport

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: self, base: body.makeAsyncIterator())
    }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: ResponseChunks
        var base: HTTPClientResponse.Body.AsyncIterator
        /// Made on the first read of a gzip or deflate body.
        var inflater: BodyInflater?
        /// Compressed bytes read and not yet inflated.
        var pending = ByteBuffer()
        /// Whether the last step filled its room, so zlib may hold more output.
        var mayHaveOutput = false
        /// The body's bytes handed on so far (inflated).
        var delivered = 0

        mutating func next() async throws -> Data? {
            do {
                if inflater == nil, chunks.contentEncoding != nil {
                    inflater = try BodyInflater(contentEncoding: chunks.contentEncoding)
                }
                if let inflater { return try await inflated(inflater) }
                guard let buffer = try await base.next() else {
                    // A body that ends while its reader is cancelled may have been cut short by the
                    // cancellation: report that, never a complete body.
                    try Task.checkCancellation()
                    return nil
                }
                return try counted(Data(buffer.readableBytesView))
            } catch let error as ResponseTooLargeError {
                throw error
            } catch {
                throw AsyncHTTPClientTransport.translate(error, of: chunks.request, bodyFailure: nil)
            }
        }

        /// The next inflated step, reading compressed bytes as it needs them.
        private mutating func inflated(_ inflater: BodyInflater) async throws -> Data? {
            while true {
                if pending.readableBytes > 0 || mayHaveOutput {
                    // At most one byte more than the limit allows, so that passing it shows.
                    let allowed = chunks.maximumBytes - delivered
                    let room = allowed >= BodyInflater.stepBytes ? BodyInflater.stepBytes : allowed + 1
                    let before = pending.readableBytes
                    let output = try inflater.step(&pending, maximumOutput: room)
                    mayHaveOutput = output.count == room
                    if !output.isEmpty { return try counted(output) }
                    if pending.readableBytes > 0 {
                        guard pending.readableBytes < before else { throw BodyInflater.Failure.corrupt(code: Z_BUF_ERROR, message: "no progress") }
                        continue
                    }
                }
                guard let buffer = try await base.next() else {
                    try Task.checkCancellation()
                    try inflater.finish()
                    return nil
                }
                pending = buffer
            }
        }

        /// `chunk`, counted against the limit.
        private mutating func counted(_ chunk: Data) throws -> Data {
            let (total, overflow) = delivered.addingReportingOverflow(chunk.count)
            guard !overflow, total <= chunks.maximumBytes else {
                throw ResponseTooLargeError(maximumBytes: chunks.maximumBytes, response: chunks.head, receivedBytes: overflow ? .max : total)
            }
            delivered = total
            return chunk
        }
    }
}
