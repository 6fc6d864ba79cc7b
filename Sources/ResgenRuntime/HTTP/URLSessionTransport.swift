import Foundation
import HTTPTypes
import HTTPTypesFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``Transport`` on Foundation's `URLSession`: the default, on Apple platforms and on Linux
/// (FoundationNetworking).
///
/// The transport owns its session (see ``init(configuration:)``), whose delegate refuses every
/// redirect so a 3xx response comes back to the caller as it is. The session keeps no cookies and
/// no cache: authentication and caching belong to the client's middlewares, which see every request.
///
/// How each ``OutgoingBody`` is sent:
/// - `.none` and `.data`: the request's `httpBody`.
/// - `.file` and `.temporaryFile`: an upload task from the file, which `URLSession` reads from disk
///   as it sends (on Linux, uploading 200 MB this way raised the resident memory by ~8 MB). A
///   temporary file stays alive until the upload finishes.
/// - `.stream`: the chunks are first written to a temporary file, which is then uploaded like
///   `.file` and deleted afterwards. This costs a disk round trip but keeps memory flat, gives the
///   server a `Content-Length` instead of a chunked body, and avoids `httpBodyStream`, which needs
///   a bound stream pair pumped from another thread. The stream is consumed, so the body cannot be
///   sent twice (``OutgoingBody/isReplayable`` is false).
///
/// A GET request with a body is refused before sending (``TransportError/Code/invalidRequest``):
/// `URLSession` cannot send one. `URLSession` adds `Content-Type: application/x-www-form-urlencoded`
/// to a POST with a body and no `Content-Type`, plus `User-Agent` and `Accept-Language` fields
/// (on Linux) unless the request sets them.
///
/// Every request runs as a completion-handler task: on Linux the async `URLSession` methods and
/// per-task delegates are incomplete. When the calling Swift task is cancelled the `URLSessionTask`
/// is cancelled too, which closes its connection, and `send` throws `CancellationError`.
///
/// Failures to get a response throw ``TransportError``, whose ``TransportError/underlying`` is the
/// `URLError` that `URLSession` reported.
///
/// Known limits of FoundationNetworking (Linux): a refused redirect arrives with its status and
/// header fields but an empty body; the timeout counts from the start of the request rather than
/// from the last data received, in whole seconds.
public final class URLSessionTransport: Transport {
    /// The session every request goes through.
    public let session: URLSession
    /// The per-request timeout to set, when the transport owns the session.
    private let requestTimeout: TimeInterval?
    /// Whether `deinit` must invalidate the session (it retains its delegate until then).
    private let ownsSession: Bool

    /// Creates a transport with its own session, set up from `configuration`.
    ///
    /// - Parameter configuration: Connection limit and timeout.
    public init(configuration: Configuration = .init()) {
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.maximumConnectionsPerHost
        let timeout = Self.seconds(configuration.timeout)
        sessionConfiguration.timeoutIntervalForRequest = timeout
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.httpShouldSetCookies = false
        self.session = URLSession(
            configuration: sessionConfiguration,
            delegate: RedirectRefusingDelegate(),
            delegateQueue: nil
        )
        self.requestTimeout = timeout
        self.ownsSession = true
    }

    /// Creates a transport on a session the caller set up (proxies, TLS settings, a shared session).
    ///
    /// Redirects are then that session's business: unless its delegate refuses them in
    /// `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)`, `URLSession`
    /// follows them and the caller only sees the last response, so the client's per-hop checks
    /// (credentials are sent only to their own origin) do not run. The session's own timeouts,
    /// connection limit, cookies and cache apply; the caller keeps ownership and invalidates it.
    ///
    /// - Parameter session: The session to send every request with.
    public init(session: URLSession) {
        self.session = session
        self.requestTimeout = nil
        self.ownsSession = false
    }

    deinit {
        if ownsSession { session.finishTasksAndInvalidate() }
    }

    /// Sends `request` with `body` and returns the response head and its whole body.
    ///
    /// - Parameters:
    ///   - request: The request head; it must have a scheme and an authority.
    ///   - body: The bytes to send.
    /// - Returns: The response (a 3xx one included) and its body.
    /// - Throws: `CancellationError` when the calling task is cancelled; ``TransportError`` when no
    ///   response could be had.
    public func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        var urlRequest = try makeURLRequest(request)
        if request.method == .get {
            // URLSession fails a GET with a body, with a misleading "resource exceeds maximum size".
            guard body.knownLength == 0 else {
                throw invalid(request, "URLSession cannot send a GET request with a body")
            }
            return try await run(request) { session.dataTask(with: urlRequest, completionHandler: $0) }
        }
        switch body {
        case .none:
            return try await run(request) { session.dataTask(with: urlRequest, completionHandler: $0) }
        case .data(let data):
            if !data.isEmpty { urlRequest.httpBody = data }
            return try await run(request) { session.dataTask(with: urlRequest, completionHandler: $0) }
        case .file(let url):
            return try await upload(request, urlRequest, file: url, keepingAlive: nil)
        case .temporaryFile(let file):
            return try await upload(request, urlRequest, file: file.url, keepingAlive: file)
        case .stream(let chunks):
            let file = try await Self.collect(chunks, for: request)
            return try await upload(request, urlRequest, file: file.url, keepingAlive: file)
        }
    }

    // MARK: Running tasks

    /// Uploads the file at `url`, keeping `owner` (the temporary file) alive until the upload ends.
    private func upload(
        _ request: HTTPRequest,
        _ urlRequest: URLRequest,
        file url: URL,
        keepingAlive owner: TemporaryFile?
    ) async throws -> (HTTPResponse, Data) {
        // URLSession reports a missing file late and vaguely (on Linux, as a generic failure).
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw TransportError(
                code: .bodyUnavailable,
                method: request.method,
                url: request.url,
                underlying: CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
            )
        }
        defer { withExtendedLifetime(owner) {} }
        return try await run(request) { session.uploadTask(with: urlRequest, fromFile: url, completionHandler: $0) }
    }

    /// Creates a task with `makeTask`, runs it, and turns its outcome into a response or an error.
    private func run(
        _ request: HTTPRequest,
        _ makeTask: (@escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionTask
    ) async throws -> (HTTPResponse, Data) {
        let handle = URLSessionTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = makeTask { data, response, error in
                    continuation.resume(with: Self.outcome(of: request, data: data, response: response, error: error))
                }
                if !handle.start(task) {
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            handle.cancel()
        }
    }

    /// What a finished `URLSessionTask` means for the caller.
    private static func outcome(
        of request: HTTPRequest,
        data: Data?,
        response: URLResponse?,
        error: (any Error)?
    ) -> Result<(HTTPResponse, Data), any Error> {
        if let error {
            if let urlError = error as? URLError, urlError.code == .cancelled {
                return .failure(CancellationError())
            }
            return .failure(
                TransportError(code: code(for: error), method: request.method, url: request.url, underlying: error)
            )
        }
        guard let response = response as? HTTPURLResponse, let head = makeHTTPResponse(response) else {
            return .failure(
                TransportError(
                    code: .badResponse,
                    method: request.method,
                    url: request.url,
                    underlying: URLError(.badServerResponse)
                )
            )
        }
        return .success((head, data ?? Data()))
    }

    // MARK: Bodies

    /// Writes every chunk of `chunks` to a new temporary file.
    private static func collect(
        _ chunks: AsyncThrowingStream<Data, any Error>,
        for request: HTTPRequest
    ) async throws -> TemporaryFile {
        let file = TemporaryFile(url: TemporaryFile.makeURL(prefix: "resgen-stream"))
        do {
            guard FileManager.default.createFile(atPath: file.url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.url.path])
            }
            let handle = try FileHandle(forWritingTo: file.url)
            defer { try? handle.close() }
            for try await chunk in chunks {
                try handle.write(contentsOf: chunk)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try Task.checkCancellation()
            throw TransportError(code: .bodyUnavailable, method: request.method, url: request.url, underlying: error)
        }
        // A stream ends early, without an error, when the task reading it is cancelled.
        try Task.checkCancellation()
        return file
    }

    // MARK: Conversions

    /// The `URLRequest` for `request`, with the owned session's timeout.
    private func makeURLRequest(_ request: HTTPRequest) throws -> URLRequest {
        guard var urlRequest = URLRequest(httpRequest: request) else {
            throw invalid(request, "the request has no URL (it needs a scheme and an authority)")
        }
        if let requestTimeout { urlRequest.timeoutInterval = requestTimeout }
        return urlRequest
    }

    private func invalid(_ request: HTTPRequest, _ reason: String) -> TransportError {
        TransportError(
            code: .invalidRequest,
            method: request.method,
            url: request.url,
            underlying: URLSessionTransportRefusal(description: reason)
        )
    }

    /// `duration` in seconds; on Linux rounded up to whole seconds, which is all FoundationNetworking
    /// honours (it truncates, so half a second would become no time at all).
    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        let exact = TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
        #if canImport(FoundationNetworking)
            return exact.rounded(.up)
        #else
            return exact
        #endif
    }
}
