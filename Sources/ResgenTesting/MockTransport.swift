import Foundation
import HTTPTypes
import HTTPTypesFoundation
import ResgenRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `Transport` for tests: answers each request from the first matching route, with no network,
/// and records every request it was asked to send.
///
/// ```swift
/// let mock = MockTransport(api: Forum.self)
/// mock.on(Post.show(1), .resource(Post(id: 1, title: "Hi")))
/// mock.on(.get, "/posts/*/comments", .collection([PostComment]()))
/// let client = Client(api: Forum.self, transport: mock)
/// let post = try await client.fetch(Post.show(1))
/// #expect(mock.requests.map(\.summary) == ["GET /posts/1"])
/// ```
///
/// Routes added later win over earlier ones, so a test can override a shared default. A request that
/// no route matches throws ``UnmatchedRequestError``, which names the request and every route tried;
/// the client surfaces it as a `ClientError` of kind `.transport` whose description ends with it.
///
/// A class with a lock rather than an actor: tests register routes and read ``requests``
/// synchronously, while the client calls ``send(_:body:options:)`` from any task.
public final class MockTransport: Transport, @unchecked Sendable {
    /// How models are written: the API's wire format (`nil`: plain JSON) and date format.
    public let encoder: MockDocumentEncoder
    /// The path of the base URL the client appends paths to (`/api`), removed before routes match.
    public let basePath: String

    private let lock = NSLock()
    private var routes: [MockRoute] = []
    private var recorded: [RecordedRequest] = []
    private var chunkSize = 64 << 10

    /// The size of the chunks a streamed body (``stream(_:body:options:)``) is cut into; 64 KiB by
    /// default, at least 1.
    public var streamChunkSize: Int {
        get { lock.withLock { chunkSize } }
        set { lock.withLock { chunkSize = max(1, newValue) } }
    }

    /// Creates a transport that writes `format` documents.
    ///
    /// - Parameters:
    ///   - format: HAL, JSON:API, or `nil` for plain JSON.
    ///   - dateFormat: How dates in models are written; the client must read the same.
    ///   - baseURL: The client's base URL; its path is removed from request paths before matching.
    public init(format: WireFormat?, dateFormat: DateFormat = .iso8601, baseURL: URL? = nil) {
        self.encoder = MockDocumentEncoder(format: format, dateFormat: dateFormat)
        self.basePath = Self.trimmedPath(baseURL)
    }

    /// Creates a transport that speaks a generated API's wire format and dates, as `Client(api:)` reads them.
    ///
    /// - Parameters:
    ///   - api: The generated API, e.g. `Forum.self`.
    ///   - baseURL: The client's base URL, when it is not the schema's.
    public convenience init<API: APIDefinition>(api: API.Type, baseURL: URL? = nil) {
        self.init(format: API.format, dateFormat: API.dateFormat, baseURL: baseURL ?? API.defaultBaseURL)
    }

    // MARK: Routes

    /// Adds a route; it is tried before every route added earlier.
    public func add(_ route: MockRoute) {
        lock.withLock { routes.append(route) }
    }

    /// Answers the method and path of a generated path builder (`Post.show(1)`), any query.
    public func on<Target: Resource, Operation: ExecutableOperation>(_ path: ResourcePath<Target, Operation>, _ response: MockResponse) {
        add(.path(path, response))
    }

    /// Answers `method` on paths matching `pattern` (relative to the base URL; `*` or `{name}` is one
    /// segment, a final `**` the rest).
    public func on(_ method: HTTPRequest.Method, _ pattern: String, _ response: MockResponse) {
        add(.pattern(method, pattern, response))
    }

    /// Answers the requests `matches` accepts (`{ $0.query("filter[author]") == "1" }`); `name` stands
    /// for it in unmatched-request messages.
    public func on(_ name: String, where matches: @escaping @Sendable (RecordedRequest) -> Bool, _ response: MockResponse) {
        add(MockRoute(name: name, matches: matches, response: response))
    }

    // MARK: Recording

    /// Every request sent so far, matched or not, in order.
    public var requests: [RecordedRequest] {
        lock.withLock { recorded }
    }

    /// Forgets the recorded requests (the routes stay).
    public func resetRequests() {
        lock.withLock { recorded.removeAll() }
    }

    // MARK: Transport

    /// Without options: no response limit.
    public func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        try await send(request, body: body, options: TransportOptions(maximumResponseBytes: .max))
    }

    /// Records the request, answers it from the newest matching route and refuses a body longer than
    /// `options.maximumResponseBytes` as a real transport would.
    ///
    /// - Throws: ``UnmatchedRequestError`` when no route matches; `ResponseTooLargeError` for a body over
    ///   the limit; `TransportError` (code `connectionLost`) for an ``MockResponse/interrupted(after:)``
    ///   response; whatever the route's response throws (e.g. a fixture file that cannot be read).
    public func send(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, Data) {
        let (response, data, interruption) = try await answer(request, body: body, options: options)
        if interruption != nil { throw Self.connectionLost(request) }
        return (response, data)
    }

    /// Records the request and answers it as ``send(_:body:options:)`` does, handing the body back in
    /// chunks of ``streamChunkSize`` bytes; an ``MockResponse/interrupted(after:)`` body yields its first
    /// bytes, then throws `TransportError` with code `connectionLost`.
    public func stream(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, ResponseBody) {
        let (response, data, interruption) = try await answer(request, body: body, options: options)
        let size = streamChunkSize
        let sent = interruption.map { data.prefix($0) } ?? data
        let chunks = AsyncThrowingStream<Data, any Error> { continuation in
            var offset = sent.startIndex
            while offset < sent.endIndex {
                let end = min(offset + size, sent.endIndex)
                continuation.yield(sent.subdata(in: offset..<end))
                offset = end
            }
            continuation.finish(throwing: interruption.map { _ in Self.connectionLost(request) })
        }
        return (response, ResponseBody(chunks))
    }

    /// Records the request, reports its upload, and finds its answer: the head, the body, and where the
    /// body breaks off.
    private func answer(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, Data, Int?) {
        try Task.checkCancellation()
        let bytes = try await Self.bytes(of: body)
        if let bytes, !bytes.isEmpty, let progress = options.uploadProgress {
            progress.update(completedBytes: 0, totalBytes: Int64(bytes.count))
            progress.finish(completedBytes: Int64(bytes.count))
        }
        let recordedRequest = RecordedRequest(request: request, body: bytes, basePath: basePath)
        let candidates = lock.withLock {
            recorded.append(recordedRequest)
            return routes
        }
        guard let route = candidates.reversed().first(where: { $0.matches(recordedRequest) }) else {
            throw UnmatchedRequestError(request: recordedRequest.summary, routes: candidates.map(\.name))
        }
        let (response, data) = try route.response.respond(to: recordedRequest, encoder: encoder)
        guard data.count <= options.maximumResponseBytes else {
            // The body is in memory already; what matters to the test is that the client never sees it.
            throw ResponseTooLargeError(
                maximumBytes: options.maximumResponseBytes, response: response, announcedLength: Int64(data.count), receivedBytes: 0)
        }
        let interruption = route.response.interruptedAfter.flatMap { $0 < data.count ? $0 : nil }
        return (response, data, interruption)
    }

    /// The error of a body that breaks off.
    static func connectionLost(_ request: HTTPRequest) -> TransportError {
        TransportError(code: .connectionLost, method: request.method, url: request.url, underlying: URLError(.networkConnectionLost))
    }

    /// The body's bytes, for the record (a stream is consumed, as a real transport would consume it).
    static func bytes(of body: OutgoingBody) async throws -> Data? {
        switch body {
        case .none: return nil
        case .data(let data): return data
        case .file(let url): return try Data(contentsOf: url)
        case .temporaryFile(let file): return try Data(contentsOf: file.url)
        case .stream(let stream):
            var data = Data()
            for try await chunk in stream { data.append(chunk) }
            return data
        }
    }

    /// `/api` for `https://host/api/`, empty for `https://host`.
    static func trimmedPath(_ url: URL?) -> String {
        guard let url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "" }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
