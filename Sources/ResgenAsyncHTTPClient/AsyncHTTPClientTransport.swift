import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import ResgenRuntimeCore

/// A `Transport` on AsyncHTTPClient (SwiftNIO), for server-side Swift; a product of
/// its own so that URLSession users never build NIO.
///
/// ``init(configuration:)`` runs on AsyncHTTPClient's shared event loop group, as `HTTPClient.shared`
/// does, but through an `HTTPClient` of the transport's own: `HTTPClient.shared` follows redirects
/// itself (up to 20, with the browser-like configuration), which would take the per-hop origin checks
/// away from the `Client`, allows 8 connections per host and fails a body that
/// inflates more than 25-fold. The transport's client follows no redirect (a 3xx response comes back
/// to the caller as it is), allows ``Configuration/maximumConnectionsPerHost`` connections per host,
/// and does not decompress: the transport asks for `gzip, deflate` itself and inflates those bodies
/// 64 KiB at a time as it counts them against `TransportOptions.maximumResponseBytes`, stopping one
/// byte past it. So a gzip bomb costs the limit, not what one read of it inflates to (64 KiB of zeros'
/// gzip inflate to 64 MiB): peak RSS 33 MB above the process's baseline at the default 32 MiB limit,
/// the same as `URLSessionTransport` (AsyncHTTPClient's own decompressor cost 130 MB). The
/// transport shuts that client down when it goes away.
///
/// ``init(client:)`` takes an `HTTPClient` the caller owns and shuts down. Its configuration then
/// decides redirects, timeouts, decompression (`.enabled(limit: .none)` inflates each read whole before
/// the transport counts it; bound it with `.enabled(limit: .size(n))`) and the connection limit:
/// configure it with
/// `redirectConfiguration: .disallow`, or the client's per-hop checks (credentials only to their own
/// origin) do not run for redirects. AsyncHTTPClient does not let the transport read that setting; a
/// client that follows a redirect to another origin has forwarded every header field the caller set
/// but `Cookie`, `Authorization`, `Proxy-Authorization` and `Origin` by the time the response shows
/// it. The transport then throws `TransportError` (code
/// `TransportError.Code.other`) for that response and refuses every later request
/// before sending it, so it happens once. Redirects within the origin are followed as configured.
/// The response limit holds either way.
///
/// Bodies are streamed: a file is read from disk in 64 KiB chunks as it is sent and a stream's chunks
/// are sent as they come (chunked, without a `Content-Length`), so neither is held in memory. A
/// response body is read chunk by chunk and counted as it arrives: as soon as it passes the limit, or
/// its head announces a longer `Content-Length`, `send` throws
/// `ResponseTooLargeError` and lets go of the response, which makes AsyncHTTPClient
/// close the connection.
///
/// `stream(_:body:options:)` hands the body over as AsyncHTTPClient reads it, under its back-pressure:
/// a reader that stops holds the server back. The transport stays alive until such a body is read or
/// dropped.
///
/// When the calling task is cancelled, AsyncHTTPClient cancels the request (closing its connection)
/// and `send` throws `CancellationError`. Failures to get a response throw
/// `TransportError`, whose `TransportError.underlying` is the error
/// AsyncHTTPClient or NIO reported.
public final class AsyncHTTPClientTransport: Transport {
    /// The client every request goes through.
    public let client: HTTPClient
    /// Whether `deinit` must shut `client` down. The transport's own client leaves gzip and deflate
    /// bodies to the transport, which inflates them as it counts them (``BodyInflater``).
    private let ownsClient: Bool
    /// Set once `client` followed a redirect to another origin; every request after it is refused.
    private let crossOriginRedirect = RedirectSighting()

    /// Creates a transport with its own client on AsyncHTTPClient's shared event loop group, set up
    /// from `configuration`.
    ///
    /// - Parameter configuration: Connection limit and timeout.
    public init(configuration: Configuration = .init()) {
        self.client = HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup,
            configuration: configuration.clientConfiguration
        )
        self.ownsClient = true
    }

    /// Creates a transport on a client the caller set up and shuts down (proxies, TLS settings, its
    /// own event loop group); see the type's documentation for what its configuration decides.
    ///
    /// - Parameter client: The client to send every request with.
    public init(client: HTTPClient) {
        self.client = client
        self.ownsClient = false
    }

    deinit {
        // Requests in flight keep the transport alive, so none is under way; the future is not awaited.
        if ownsClient { _ = client.shutdown() }
    }

    /// Sends `request` with `body` and returns the response head and a body of at most
    /// `TransportOptions.defaultMaximumResponseBytes`.
    ///
    /// - Throws: As ``send(_:body:options:)``.
    public func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        try await send(request, body: body, options: TransportOptions())
    }

    /// Sends `request` with `body` and returns the response head and its whole body.
    ///
    /// - Parameters:
    ///   - request: The request head; it must have an `http` or `https` scheme and an authority.
    ///   - body: The bytes to send.
    ///   - options: The largest response body to accept.
    /// - Returns: The response (a 3xx one included) and its body.
    /// - Throws: `CancellationError` when the calling task is cancelled; `ResponseTooLargeError`
    ///   when the body is longer than `options.maximumResponseBytes`; `TransportError`
    ///   when no response could be had, or when the client followed a redirect to another origin (on
    ///   this request or an earlier one).
    public func send(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, Data) {
        let bodyFailure = BodyFailure()
        // Keeps a temporary file alive until the request ends.
        defer { withExtendedLifetime(body) {} }
        do {
            let response = try await execute(request, body: body, options: options, bodyFailure: bodyFailure)
            return try await Self.read(response, of: request, maximumBytes: options.maximumResponseBytes, inflating: ownsClient)
        } catch let error as ResponseTooLargeError {
            throw error
        } catch {
            throw Self.translate(error, of: request, bodyFailure: bodyFailure.error)
        }
    }

    /// Sends `request` with `body` and returns AsyncHTTPClient's response, its body not read yet.
    ///
    /// - Throws: What AsyncHTTPClient throws, untranslated; `TransportError` for a request refused
    ///   before sending or a client that followed a redirect to another origin.
    func execute(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions, bodyFailure: BodyFailure) async throws -> HTTPClientResponse {
        try Task.checkCancellation()
        guard !crossOriginRedirect.isRecorded else {
            throw Self.redirectingClient(request, reason: "the transport's HTTPClient follows redirects to other origins")
        }
        var clientRequest = try Self.makeClientRequest(request, acceptingCompression: ownsClient)
        let progress = options.uploadProgress
        clientRequest.body = try Self.makeBody(body, for: request, progress: progress, reportingFailuresTo: bodyFailure)
        // A body in memory goes out in one write: its progress is its start and its end.
        if case .data(let data) = body, !data.isEmpty { progress?.update(completedBytes: 0, totalBytes: Int64(data.count)) }
        let response = try await client.execute(clientRequest, deadline: .distantFuture)
        if case .data(let data) = body, !data.isEmpty { progress?.finish(completedBytes: Int64(data.count)) }
        try Self.refuseCrossOriginRedirect(response, of: request, noting: crossOriginRedirect)
        return response
    }

    /// Whether the transport inflates gzip and deflate bodies itself (on the client it owns).
    var inflatesBodies: Bool { ownsClient }

    /// The head of `response` and its body, read as it arrives and refused as soon as it is longer
    /// than `maximumBytes` (or announced so); with `inflating`, a gzip or deflate body is inflated as it
    /// arrives and counted inflated, and refused one byte past the limit.
    private static func read(
        _ response: HTTPClientResponse,
        of request: HTTPRequest,
        maximumBytes: Int,
        inflating: Bool
    ) async throws -> (HTTPResponse, Data) {
        let head = try makeHTTPResponse(response, for: request)
        var body = Data()
        if let length = head.announcedBodyLength(for: request.method) {
            guard length <= Int64(maximumBytes) else {
                throw ResponseTooLargeError(maximumBytes: maximumBytes, response: head, announcedLength: length, receivedBytes: 0)
            }
            body.reserveCapacity(Int(length))
        }
        if inflating, let inflater = try BodyInflater(contentEncoding: head.headerFields[.contentEncoding]) {
            for try await buffer in response.body {
                guard try inflater.feed(buffer, into: &body, maximumBytes: maximumBytes) else {
                    throw ResponseTooLargeError(maximumBytes: maximumBytes, response: head, receivedBytes: body.count)
                }
            }
            try inflater.finish()
            return (head, body)
        }
        for try await buffer in response.body {
            let (total, overflow) = body.count.addingReportingOverflow(buffer.readableBytes)
            guard !overflow, total <= maximumBytes else {
                throw ResponseTooLargeError(maximumBytes: maximumBytes, response: head, receivedBytes: overflow ? .max : total)
            }
            body.append(contentsOf: buffer.readableBytesView)
        }
        return (head, body)
    }
}
