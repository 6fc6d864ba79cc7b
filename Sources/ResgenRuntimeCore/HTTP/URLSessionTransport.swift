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
/// Response bodies are bounded by ``TransportOptions/maximumResponseBytes`` (32 MiB unless the
/// client's configuration says otherwise). On the session the transport owns, the session's delegate
/// collects each body piece by piece as it arrives, after `URLSession` undid any `Content-Encoding`.
/// As soon as the body passes the limit, or the response announces a longer `Content-Length`, `send`
/// throws ``ResponseTooLargeError`` and the task is cancelled, which closes its connection; pieces
/// that still arrive are dropped. The transport therefore never holds much more than the limit,
/// however long the body or whatever it inflates to. On a session of your own (``init(session:)``)
/// the transport cannot see the body arrive: `URLSession` buffers all of it and the limit is checked
/// afterwards, which keeps the body from the caller but not from memory.
///
/// ``stream(_:body:options:)`` hands a body over piece by piece as it arrives instead: at most about
/// 1 MiB waits for the reader in memory; on Linux the rest waits in a temporary file (see
/// `ResponseStreamer` for why FoundationNetworking allows nothing better), on Apple platforms the
/// task is suspended.
///
/// On the owned session every request runs as a task without a completion handler, whose progress
/// the session-level delegate follows: on Linux the async `URLSession` methods and per-task
/// delegates are incomplete, and a task with a completion handler gets no data callbacks (on a
/// session of your own, tasks run with completion handlers). When the calling Swift task is
/// cancelled the `URLSessionTask` is cancelled too, which closes its connection, and `send` throws
/// `CancellationError`.
///
/// Failures to get a response throw ``TransportError``, whose ``TransportError/underlying`` is the
/// `URLError` that `URLSession` reported.
///
/// The timeout (``Configuration/timeout``) is an idle timeout on every platform: the longest wait for
/// the next data, never a bound on the whole request. ``Client/Configuration/timeout`` bounds a call.
///
/// Known limits of FoundationNetworking (Linux):
/// - The timeout is honoured in whole seconds only (the transport rounds it up).
/// - It holds the body of a 301–308 response itself until the response ends (it asks the delegate
///   about the redirect only then), so such a body is checked against the limit only once whole.
/// - A cancellation (a Swift task's, or the limit's) waits until libcurl returns to the session's
///   work queue, which it does not while a body arrives faster than it can process it (a gzip body
///   inflating a thousandfold): the caller gets its error at once and the transport keeps nothing
///   more, but the connection stays busy, the session's other requests wait, and
///   FoundationNetworking's own bookkeeping grows by about 2% of the bytes processed (measured: +300
///   MiB over 60 s of a gzip bomb) until the server stops sending.
public final class URLSessionTransport: Transport {
    /// The session every request goes through.
    public let session: URLSession
    /// The per-request timeout to set, when the transport owns the session.
    private let requestTimeout: TimeInterval?
    /// The most bytes of a streamed body that may wait on disk (``Configuration/maximumSpilledBytes``).
    let maximumSpilledBytes: Int
    /// Whether `deinit` must invalidate the session (it retains its delegate until then).
    private let ownsSession: Bool
    /// The owned session's delegate, which streams bodies to their collectors; nil on a session of
    /// the caller's, whose tasks run with completion handlers.
    let delegate: URLSessionTransportDelegate?

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
        // Authentication is the middlewares' business. Without a store, FoundationNetworking never
        // answers a 401 itself with a stored credential, which it does by suspending and resuming the
        // task from a delegate callback: on the inline delegate queue that would wait for itself.
        sessionConfiguration.urlCredentialStorage = nil
        let delegate = URLSessionTransportDelegate()
        #if canImport(FoundationNetworking)
            // The delegate sees each piece of a body before libcurl reads the next (see the queue's docs).
            let delegateQueue: OperationQueue = InlineOperationQueue()
        #else
            // Serial, so each task's head, body pieces and completion reach the delegate in order.
            let delegateQueue = OperationQueue()
        #endif
        delegateQueue.maxConcurrentOperationCount = 1
        self.session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: delegateQueue)
        self.delegate = delegate
        self.requestTimeout = timeout
        self.maximumSpilledBytes = configuration.maximumSpilledBytes
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
    /// The transport cannot follow a body as it arrives on such a session (its delegate is the
    /// caller's): `URLSession` buffers the whole body, and ``TransportOptions/maximumResponseBytes``
    /// is checked only then. A longer body still fails with ``ResponseTooLargeError`` and never
    /// reaches the caller, but it has been held in memory whole.
    ///
    /// - Parameter session: The session to send every request with.
    public init(session: URLSession) {
        self.session = session
        self.requestTimeout = nil
        self.maximumSpilledBytes = Configuration.defaultMaximumSpilledBytes
        self.ownsSession = false
        self.delegate = nil
    }

    deinit {
        if ownsSession { session.finishTasksAndInvalidate() }
    }

    /// Sends `request` with `body` and returns the response head and a body of at most
    /// ``TransportOptions/defaultMaximumResponseBytes``.
    ///
    /// - Throws: As ``send(_:body:options:)``.
    public func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        try await send(request, body: body, options: TransportOptions())
    }

    /// Sends `request` with `body` and returns the response head and its whole body.
    ///
    /// - Parameters:
    ///   - request: The request head; it must have a scheme and an authority.
    ///   - body: The bytes to send.
    ///   - options: The largest response body to accept.
    /// - Returns: The response (a 3xx one included) and its body.
    /// - Throws: `CancellationError` when the calling task is cancelled; ``ResponseTooLargeError``
    ///   when the body is longer than `options.maximumResponseBytes`; ``TransportError`` when no
    ///   response could be had.
    public func send(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, Data) {
        let (kind, owner) = try await prepareTask(request, body: body)
        // Keeps a temporary file alive until the upload ends.
        defer { withExtendedLifetime(owner) {} }
        return try await run(request, kind, maximumBytes: options.maximumResponseBytes, uploadProgress: options.uploadProgress)
    }

    /// The task `request` with `body` runs as, and the temporary file it uploads from (to keep alive
    /// until the task ends), if any.
    ///
    /// - Throws: ``TransportError`` for a request `URLSession` cannot send (no URL, a GET with a body)
    ///   or a body that cannot be read.
    func prepareTask(_ request: HTTPRequest, body: OutgoingBody) async throws -> (TaskKind, TemporaryFile?) {
        var urlRequest = try makeURLRequest(request)
        if request.method == .get {
            // URLSession fails a GET with a body, with a misleading "resource exceeds maximum size".
            guard body.knownLength == 0 else {
                throw invalid(request, "URLSession cannot send a GET request with a body")
            }
            return (.data(urlRequest), nil)
        }
        switch body {
        case .none:
            return (.data(urlRequest), nil)
        case .data(let data):
            if !data.isEmpty { urlRequest.httpBody = data }
            return (.data(urlRequest), nil)
        case .file(let url):
            try Self.checkReadable(url, for: request)
            return (.upload(urlRequest, file: url), nil)
        case .temporaryFile(let file):
            try Self.checkReadable(file.url, for: request)
            return (.upload(urlRequest, file: file.url), file)
        case .stream(let chunks):
            let file = try await Self.collect(chunks, for: request)
            return (.upload(urlRequest, file: file.url), file)
        }
    }

    // MARK: Running tasks

    /// The kind of `URLSessionTask` a request runs as.
    enum TaskKind {
        /// A data task; the body, if any, is the request's `httpBody`.
        case data(URLRequest)
        /// An upload task that reads the body from a file.
        case upload(URLRequest, file: URL)
    }

    /// Throws ``TransportError`` with code ``TransportError/Code/bodyUnavailable`` unless the file at
    /// `url` can be read: URLSession reports a missing file late and vaguely (on Linux, as a generic
    /// failure).
    private static func checkReadable(_ url: URL, for request: HTTPRequest) throws {
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw TransportError(
                code: .bodyUnavailable,
                method: request.method,
                url: request.url,
                underlying: CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
            )
        }
    }

    /// Runs a task of `kind` and turns its outcome into a response or an error, cancelling it when
    /// the calling task is cancelled.
    private func run(
        _ request: HTTPRequest, _ kind: TaskKind, maximumBytes: Int, uploadProgress: TransferProgress.Reporter?
    ) async throws -> (HTTPResponse, Data) {
        let handle = URLSessionTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if let delegate {
                    startCollecting(
                        request, kind, maximumBytes: maximumBytes, uploadProgress: uploadProgress, through: delegate, handle: handle,
                        continuation)
                } else {
                    buffer(request, kind, maximumBytes: maximumBytes, handle: handle, continuation)
                }
            }
        } onCancel: {
            // Returns at once: `URLSessionTask.cancel()` runs on another thread (see the handle).
            handle.cancel()
        }
    }

    /// Starts a task whose response `delegate` collects as it arrives, up to `maximumBytes`.
    private func startCollecting(
        _ request: HTTPRequest,
        _ kind: TaskKind,
        maximumBytes: Int,
        uploadProgress: TransferProgress.Reporter?,
        through delegate: URLSessionTransportDelegate,
        handle: URLSessionTaskHandle,
        _ continuation: CheckedContinuation<(HTTPResponse, Data), any Error>
    ) {
        let collector = ResponseCollector(request: request, maximumBytes: maximumBytes, continuation: continuation)
        let task = Self.makeTask(kind, in: session)
        delegate.register(collector, handle: handle, uploadProgress: uploadProgress, for: task)
        if !handle.start(task) {
            delegate.unregister(task)
            collector.fail(CancellationError())
        }
    }

    /// A task of `kind` in `session`, without a completion handler (its delegate gets the callbacks).
    static func makeTask(_ kind: TaskKind, in session: URLSession) -> URLSessionTask {
        switch kind {
        case .data(let urlRequest): session.dataTask(with: urlRequest)
        case .upload(let urlRequest, let file): session.uploadTask(with: urlRequest, fromFile: file)
        }
    }

    /// Starts a task with a completion handler (on a session of the caller's), which gets the whole
    /// body at once; a body over `maximumBytes` is refused then.
    private func buffer(
        _ request: HTTPRequest,
        _ kind: TaskKind,
        maximumBytes: Int,
        handle: URLSessionTaskHandle,
        _ continuation: CheckedContinuation<(HTTPResponse, Data), any Error>
    ) {
        let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
            let outcome = Self.outcome(of: request, data: data, response: response, error: error)
            continuation.resume(with: outcome.flatMap { Self.bounded($0, maximumBytes: maximumBytes) })
        }
        let task: URLSessionTask
        switch kind {
        case .data(let urlRequest): task = session.dataTask(with: urlRequest, completionHandler: completion)
        case .upload(let urlRequest, let file): task = session.uploadTask(with: urlRequest, fromFile: file, completionHandler: completion)
        }
        if !handle.start(task) {
            continuation.resume(throwing: CancellationError())
        }
    }

    /// `response` when its body is at most `maximumBytes` long, else ``ResponseTooLargeError``.
    private static func bounded(_ response: (HTTPResponse, Data), maximumBytes: Int) -> Result<(HTTPResponse, Data), any Error> {
        guard response.1.count <= maximumBytes else {
            return .failure(ResponseTooLargeError(maximumBytes: maximumBytes, response: response.0, receivedBytes: response.1.count))
        }
        return .success(response)
    }

    // MARK: Bodies

    /// Writes every chunk of `chunks` to a new temporary file, created with `O_EXCL` and mode `0600`
    /// (``PrivateFile``): a request body is the caller's, and was readable by every user (`0644`) while
    /// it waited to be uploaded.
    static func collect(
        _ chunks: AsyncThrowingStream<Data, any Error>,
        for request: HTTPRequest
    ) async throws -> TemporaryFile {
        let file = TemporaryFile(url: TemporaryFile.makeURL(prefix: "resgen-stream"))
        do {
            let handle = try PrivateFile.create(atPath: file.url.path)
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
    func makeURLRequest(_ request: HTTPRequest) throws -> URLRequest {
        guard var urlRequest = URLRequest(httpRequest: request) else {
            throw invalid(request, "the request has no URL (it needs a scheme and an authority)")
        }
        if let requestTimeout { urlRequest.timeoutInterval = requestTimeout }
        return urlRequest
    }

    func invalid(_ request: HTTPRequest, _ reason: String) -> TransportError {
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
