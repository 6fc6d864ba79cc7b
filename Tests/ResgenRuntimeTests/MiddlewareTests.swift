import Foundation
import HTTPTypes
import Logging
import ResgenRuntime
import Testing

/// Records what a middleware saw, to check ordering.
struct RecordingMiddleware: ClientMiddleware {
    let name: String
    let log: Log

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        func add(_ entry: String) { lock.withLock { entries.append(entry) } }
        var all: [String] { lock.withLock { entries } }
    }

    func intercept(
        _ request: HTTPRequest, body: OutgoingBody, context: MiddlewareContext,
        next: @Sendable (HTTPRequest, OutgoingBody) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        log.add("\(name) →")
        var request = request
        request.headerFields.append(HTTPField(name: HTTPField.Name("X-Chain")!, value: name))
        let (response, data) = try await next(request, body)
        log.add("\(name) ←")
        var changed = response
        changed.headerFields.append(HTTPField(name: HTTPField.Name("X-Seen-By")!, value: name))
        return (changed, data)
    }
}

@Suite struct MiddlewareTests {
    let base = URL(string: "https://api.example.com")!

    @Test func middlewaresRunInOrderAndMayChangeRequestAndResponse() async throws {
        let log = RecordingMiddleware.Log()
        let transport = FakeTransport(json: articleJSON)
        let client = Client(baseURL: base, transport: transport, middlewares: [RecordingMiddleware(name: "a", log: log), RecordingMiddleware(name: "b", log: log)])
        _ = try await client.fetch(Article.show("1"))
        #expect(log.all == ["a →", "b →", "b ←", "a ←"])
        #expect(transport.sent.first?.request.headerFields[values: HTTPField.Name("X-Chain")!] == ["a", "b"])
    }

    /// A context made by hand redacts what a client's context redacts by default (its default is spelled
    /// without naming the client, which sits above the middleware layer).
    @Test func aContextByDefaultTreatsTheClientsDefaultQueryNamesAsSensitive() {
        let context = MiddlewareContext(requiresAuth: false, isIdempotent: true, baseOrigin: Origin(base), url: base)
        #expect(context.sensitiveQueryParameterNames == Client.Configuration.defaultSensitiveQueryParameterNames)
        #expect(context.sensitiveQueryParameterNames.contains("access_token"))
    }

    // MARK: Redirects

    @Test func redirectsAreFollowedAndCrossOriginHopsLoseEveryCallerField() async throws {
        let transport = FakeTransport { request, _ in
            switch request.url?.absoluteString {
            case "https://api.example.com/articles/1": FakeTransport.response(302, headers: [.location: "/moved/1"])
            case "https://api.example.com/moved/1": FakeTransport.response(307, headers: [.location: "https://cdn.example.net/a/1"])
            default: FakeTransport.response(200, articleJSON)
            }
        }
        let client = Client(
            baseURL: base, transport: transport,
            configuration: .init(defaultHeaders: [HeaderField(name: "Authorization", value: "Basic dXNlcg=="), HeaderField(name: "X-Trace", value: "t")]),
            middlewares: [AuthMiddleware(provider: InMemoryCredentialStore(credential: .bearer("secret")))])
        _ = try await client.fetch(Article.show("1"), headers: [HeaderField(name: "Cookie", value: "session=1")])
        let hops = transport.sent
        #expect(hops.map { $0.url?.absoluteString ?? "" } == ["https://api.example.com/articles/1", "https://api.example.com/moved/1", "https://cdn.example.net/a/1"])
        #expect(hops[0].header(.authorization) == "Bearer secret")
        #expect(hops[1].header(.authorization) == "Bearer secret", "same origin keeps credentials")
        #expect(hops[2].header(.authorization) == nil, "another origin never sees credentials")
        #expect(hops[2].header(.cookie) == nil)
        #expect(hops[2].header(HTTPField.Name("X-Trace")!) == nil, "no field the caller set goes to an untrusted origin")
        #expect(hops[2].header(.accept) == "application/json", "the runtime's own fields still go")
    }

    @Test func aTrustedOriginGetsTheCallerFieldsOnARedirect() async throws {
        let transport = FakeTransport { request, _ in
            request.url?.host == "api.example.com"
                ? FakeTransport.response(307, headers: [.location: "https://cdn.example.net/a/1"]) : FakeTransport.response(200, articleJSON)
        }
        let client = Client(
            baseURL: base, transport: transport,
            configuration: .init(
                defaultHeaders: [HeaderField(name: "X-Trace", value: "t")], trustedOrigins: [Origin(scheme: "https", host: "CDN.example.net")]),
            middlewares: [AuthMiddleware(provider: InMemoryCredentialStore(credential: .bearer("secret")))])
        _ = try await client.fetch(Article.show("1"), headers: [HeaderField(name: "Cookie", value: "session=1")])
        let hop = try #require(transport.sent.last)
        #expect(hop.url?.absoluteString == "https://cdn.example.net/a/1")
        #expect(hop.header(.authorization) == "Bearer secret")
        #expect(hop.header(.cookie) == "session=1")
        #expect(hop.header(HTTPField.Name("X-Trace")!) == "t")
    }

    @Test func seeOtherTurnsAPostIntoAGetWithoutBody() async throws {
        let transport = FakeTransport { request, _ in
            request.method == .post ? FakeTransport.response(303, headers: [.location: "https://api.example.com/articles/1"]) : FakeTransport.response(200, articleJSON)
        }
        let client = Client(baseURL: base, transport: transport)
        _ = try await client.create(Article.create(), Article(id: "1", title: "t", author: ToOne(), comments: ToMany()))
        #expect(transport.sent.map(\.request.method) == [.post, .get])
        #expect(transport.sent[1].body == nil)
        #expect(transport.sent[1].header(.contentType) == nil)
    }

    @Test func redirectLoopsEnd() async throws {
        let transport = FakeTransport { _, _ in FakeTransport.response(301, headers: [.location: "/again"]) }
        let client = Client(baseURL: base, transport: transport, configuration: .init(maximumRedirects: 3))
        let error = await #expect(throws: ClientError.self) { _ = try await client.fetch(Article.show("1")) }
        #expect(error?.kind == .tooManyRedirects)
        #expect(transport.sent.count == 4)
    }

    // MARK: Auth

    @Test func credentialsGoOnlyToTheirOrigin() async throws {
        let transport = FakeTransport(json: articleJSON)
        let auth = AuthMiddleware(provider: InMemoryCredentialStore(credential: .bearer("t")))
        let client = Client(baseURL: base, transport: transport, middlewares: [auth])
        _ = try await client.fetch(Article.show("1"))
        let other = Client(baseURL: URL(string: "https://evil.example.org")!, transport: transport, middlewares: [AuthMiddleware(provider: InMemoryCredentialStore(credential: .bearer("t")), origin: base)])
        _ = try await other.fetch(Article.show("1"))
        #expect(transport.sent[0].header(.authorization) == "Bearer t")
        #expect(transport.sent[1].header(.authorization) == nil)
    }

    @Test func requiredAuthWithoutCredentialsFailsBeforeSending() async throws {
        let transport = FakeTransport(status: 204, json: "")
        let client = Client(baseURL: base, transport: transport, middlewares: [AuthMiddleware(provider: InMemoryCredentialStore())])
        let error = await #expect(throws: ClientError.self) { _ = try await client.send(Publish(id: "1")) }
        #expect(error?.kind == .missingCredentials)
        #expect(transport.sent.isEmpty)
    }

    @Test func twentyConcurrent401sCauseOneRefreshAndOneReplayEach() async throws {
        let refreshes = Counter()
        let store = InMemoryCredentialStore(credential: .bearer("old")) { _ in
            refreshes.increment()
            try await Task.sleep(for: .milliseconds(50))
            return .bearer("new")
        }
        let transport = FakeTransport { request, _ in
            request.headerFields[.authorization] == "Bearer new" ? FakeTransport.response(200, articleJSON) : FakeTransport.response(401)
        }
        let client = Client(baseURL: base, transport: transport, middlewares: [AuthMiddleware(provider: store)])
        try await withThrowingTaskGroup(of: Article.self) { group in
            for index in 0..<20 { group.addTask { try await client.fetch(Article.show("\(index)")) } }
            for try await _ in group {}
        }
        #expect(refreshes.value == 1)
        #expect(transport.sent.count == 40, "each request: one rejected attempt, one replay")
        #expect(transport.sent.filter { $0.header(.authorization) == "Bearer new" }.count == 20)
    }

    @Test func aSecond401IsFinal() async throws {
        let refreshes = Counter()
        let store = InMemoryCredentialStore(credential: .bearer("old")) { _ in
            refreshes.increment()
            return .bearer("still-bad")
        }
        let transport = FakeTransport { _, _ in FakeTransport.response(401) }
        let client = Client(baseURL: base, transport: transport, middlewares: [AuthMiddleware(provider: store)])
        let error = await #expect(throws: ClientError.self) { _ = try await client.fetch(Article.show("1")) }
        #expect(error?.status == .unauthorized)
        #expect(transport.sent.count == 2)
        #expect(refreshes.value == 1)
    }

    @Test func aBodyThatCannotBeReplayedIsNotResent() async throws {
        let transport = FakeTransport { _, _ in FakeTransport.response(401) }
        let auth = AuthMiddleware(provider: InMemoryCredentialStore(credential: .bearer("old")) { _ in .bearer("new") })
        let retry = RetryMiddleware(policy: .init(maximumAttempts: 3, retryableStatuses: [401]), sleep: { _ in })
        let stream = AsyncThrowingStream<Data, any Error> { continuation in
            continuation.yield(Data("chunk".utf8))
            continuation.finish()
        }
        let context = MiddlewareContext(requiresAuth: true, isIdempotent: true, baseOrigin: Origin(base), url: base)
        let request = HTTPRequest(method: .put, url: base)
        for middleware in [auth, retry] as [any ClientMiddleware] {
            let (response, _) = try await middleware.intercept(request, body: .stream(stream), context: context) { request, body in
                try await transport.send(request, body: body)
            }
            #expect(response.status == .unauthorized)
        }
        #expect(transport.sent.count == 2, "one attempt per middleware, no replay")
    }

    // MARK: Retry

    @Test func idempotentRequestsAreRetriedWithBackoffAndRetryAfter() async throws {
        let delays = DelayLog()
        let attempts = Counter()
        let transport = FakeTransport { _, _ in
            attempts.increment()
            switch attempts.value {
            case 1: return FakeTransport.response(503)
            case 2: return FakeTransport.response(429, headers: [.retryAfter: "1"])
            default: return FakeTransport.response(200, articleJSON)
            }
        }
        let retry = RetryMiddleware(policy: .init(maximumAttempts: 4, initialDelay: .milliseconds(100), jitter: 0), sleep: { delays.add($0) })
        let client = Client(baseURL: base, transport: transport, middlewares: [retry])
        _ = try await client.fetch(Article.show("1"))
        #expect(attempts.value == 3)
        #expect(delays.all == [.milliseconds(100), .seconds(1)])
    }

    /// RFC 9110 §10.2.3: `Retry-After` may be an HTTP-date, in any of the three forms recipients must read;
    /// the wait is its distance from now, zero once it has passed, and never beyond the policy's maximum.
    @Test(arguments: [
        ("Tue, 24 Nov 2026 02:00:03 GMT", Duration.seconds(3)),
        ("Tuesday, 24-Nov-26 02:00:04 GMT", .seconds(4)),
        ("Tue Nov 24 02:00:02 2026", .seconds(2)),
        ("Tue, 24 Nov 2026 01:59:00 GMT", .zero),
        ("Tue, 24 Nov 2026 03:00:00 GMT", .seconds(5)),
        ("Tue, 24 Nov 2026 02:00:00 CET", .milliseconds(100)),
        ("Tue, 31 Feb 2026 02:00:00 GMT", .milliseconds(100)),
        ("+3", .milliseconds(100)),
        ("99999999999999999999999", .seconds(5)),
    ])
    func retryAfterMayBeAnHTTPDate(value: String, expected: Duration) async throws {
        let delays = DelayLog()
        let attempts = Counter()
        let transport = FakeTransport { _, _ in
            attempts.increment()
            return attempts.value == 1 ? FakeTransport.response(503, headers: [.retryAfter: value]) : FakeTransport.response(200, articleJSON)
        }
        let now = Date(timeIntervalSince1970: 1_795_485_600)  // Tue, 24 Nov 2026 02:00:00 GMT
        let retry = RetryMiddleware(
            policy: .init(initialDelay: .milliseconds(100), maximumDelay: .seconds(5), jitter: 0), sleep: { delays.add($0) }, now: { now })
        _ = try await Client(baseURL: base, transport: transport, middlewares: [retry]).fetch(Article.show("1"))
        #expect(delays.all == [expected], "\(value)")
    }

    @Test func postIsNotRetriedUnlessAllowed() async throws {
        let transport = FakeTransport { _, _ in FakeTransport.response(503) }
        let retry = RetryMiddleware(policy: .init(maximumAttempts: 3, jitter: 0), sleep: { _ in })
        let client = Client(baseURL: base, transport: transport, middlewares: [retry, AuthMiddleware(provider: InMemoryCredentialStore(credential: .bearer("t")))])
        await #expect(throws: ClientError.self) { _ = try await client.send(Publish(id: "1")) }
        #expect(transport.sent.count == 1, "a POST is never replayed unless told")
        await #expect(throws: ClientError.self) { _ = try await client.send(Publish(id: "1"), allowRetry: true) }
        #expect(transport.sent.count == 4)
        let deletes = FakeTransport { _, _ in FakeTransport.response(502) }
        let deleting = Client(baseURL: base, transport: deletes, middlewares: [retry])
        await #expect(throws: ClientError.self) { try await deleting.delete(Article.delete("1")) }
        #expect(deletes.sent.count == 3, "DELETE is idempotent")
    }

    @Test func transportFailuresAreRetriedButNotCancellation() async throws {
        struct Reset: Error {}
        let attempts = Counter()
        let transport = FakeTransport { _, _ in
            attempts.increment()
            if attempts.value < 3 { throw Reset() }
            return FakeTransport.response(200, articleJSON)
        }
        let client = Client(baseURL: base, transport: transport, middlewares: [RetryMiddleware(policy: .init(jitter: 0), sleep: { _ in })])
        _ = try await client.fetch(Article.show("1"))
        #expect(attempts.value == 3)
    }

    @Test func backoffDoublesUpToTheMaximum() {
        let policy = RetryMiddleware.Policy(initialDelay: .milliseconds(100), maximumDelay: .milliseconds(350))
        #expect((1...4).map(policy.delay(beforeRetry:)) == [.milliseconds(100), .milliseconds(200), .milliseconds(350), .milliseconds(350)])
    }

    // MARK: Logging

    @Test func loggingRedactsCredentials() async throws {
        let messages = DelayLog.Lines()
        var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: messages) }
        logger.logLevel = .trace
        let client = Client(
            baseURL: base, transport: FakeTransport(json: articleJSON),
            middlewares: [LoggingMiddleware(logger: logger, logHeaders: true), AuthMiddleware(provider: InMemoryCredentialStore(credential: .bearer("secret")))])
        _ = try await client.fetch(Article.show("1"), headers: [HeaderField(name: "Cookie", value: "c=1")])
        let text = messages.all.joined(separator: "\n")
        #expect(text.contains("GET https://api.example.com/articles/1 → 200"))
        #expect(!text.contains("secret") && !text.contains("c=1"))
        #expect(text.contains("cookie: <redacted>") || text.contains("Cookie: <redacted>"))
    }

    @Test func aStreamedBodyIsLoggedAsStreamedNotAsEmpty() async throws {
        let messages = DelayLog.Lines()
        var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: messages) }
        logger.logLevel = .trace
        let client = Client(baseURL: base, transport: FakeTransport(json: articleJSON), middlewares: [LoggingMiddleware(logger: logger)])
        let streamed = try await client.bytes(.get, base.appendingPathComponent("articles/1"))
        _ = try await streamed.body.collect(upTo: .max)
        _ = try await client.request(.get, base.appendingPathComponent("articles/1"))
        let text = messages.all.joined(separator: "\n")
        #expect(text.contains("GET https://api.example.com/articles/1 → 200 (body streamed, "))
        #expect(text.contains("GET https://api.example.com/articles/1 → 200 (\(articleJSON.utf8.count) bytes, "))
    }

    @Test func loggingRedactsEveryFieldAuthSetsAndEverySensitiveName() async throws {
        let messages = DelayLog.Lines()
        var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: messages) }
        logger.logLevel = .trace
        let apiKey = Credential(headerName: HTTPField.Name("X-API-Key")!, value: "key-123")
        // Logging after auth sees the credential's field; it was never configured as sensitive.
        let client = Client(
            baseURL: base, transport: FakeTransport(json: articleJSON),
            configuration: .init(sensitiveHeaderNames: ["X-Session"]),
            middlewares: [AuthMiddleware(provider: InMemoryCredentialStore(credential: apiKey)), LoggingMiddleware(logger: logger, logHeaders: true)])
        _ = try await client.fetch(Article.show("1"), headers: [HeaderField(name: "x-session", value: "sess-456"), HeaderField(name: "X-Trace", value: "trace-789")])
        let text = messages.all.joined(separator: "\n")
        #expect(!text.contains("key-123"), "a credential in a custom header is redacted")
        #expect(!text.contains("sess-456"), "a sensitive header name is redacted")
        #expect(text.contains("trace-789"), "other fields are logged")
        #expect(text.contains("X-API-Key: <redacted>"))
    }

    @Test func loggedURLsCarryNoUserinfoAndNoQuerySecrets() async throws {
        let messages = DelayLog.Lines()
        var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: messages) }
        logger.logLevel = .trace
        let url = URL(string: "https://user:pw-secret@api.example.com/x?API_KEY=k-1&page=2&my_token=t-2&access_token=a-3#frag")!
        let failing = FakeTransport { _, _ in throw URLError(.cannotConnectToHost) }
        for transport in [FakeTransport(json: "{}"), failing] {
            let client = Client(
                baseURL: base, transport: transport,
                middlewares: [LoggingMiddleware(logger: logger, redactedQueryParameters: LoggingMiddleware.defaultRedactedQueryParameters.union(["My_Token"]))])
            _ = try? await client.request(.get, url)
        }
        let text = messages.all.joined(separator: "\n")
        #expect(messages.all.count == 2)
        for secret in ["user", "pw-secret", "k-1", "t-2", "a-3"] { #expect(!text.contains(secret), "'\(secret)' is logged:\n\(text)") }
        #expect(text.contains("GET https://api.example.com/x?API_KEY=<redacted>&page=2&my_token=<redacted>&access_token=<redacted>#<redacted> → 200"))
        #expect(text.contains("failed"))
    }

    /// A URL with a fragment: its failure (whose text spells the URL as sent, without the fragment) and
    /// the fragment itself (`#access_token=…`, OAuth's implicit flow) are redacted.
    @Test func aFailingURLWithAFragmentLogsNoSecret() async throws {
        let messages = DelayLog.Lines()
        var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: messages) }
        logger.logLevel = .trace
        let failing = FakeTransport { request, _ in
            // As URLSession's error: the URL as sent, in full, without the fragment.
            throw URLError(.cannotConnectToHost, userInfo: [NSURLErrorFailingURLErrorKey: request.url!])
        }
        let client = Client(baseURL: base, transport: failing, middlewares: [LoggingMiddleware(logger: logger)])
        for url in ["https://api.example.com/x?api_key=K-1#f", "https://api.example.com/cb#access_token=K-2&state=s"] {
            _ = try? await client.request(.get, URL(string: url)!)
        }
        let text = messages.all.joined(separator: "\n")
        #expect(messages.all.count == 2 && text.contains("failed"))
        for secret in ["K-1", "K-2"] { #expect(!text.contains(secret), "'\(secret)' is logged:\n\(text)") }
    }

    /// `Location`, `Content-Location` and `Link` values are URLs too: logged redacted, relative or not.
    @Test func loggedHeaderURLsAreRedacted() async throws {
        let messages = DelayLog.Lines()
        var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: messages) }
        logger.logLevel = .trace
        let transport = FakeTransport { _, _ in
            FakeTransport.response(
                302, "",
                headers: [
                    .location: "/next?X-Amz-Signature=K-1&page=2#access_token=K-2",
                    .contentLocation: "https://u:K-3@api.example.com/here?token=K-4",
                    HTTPField.Name("Link")!: #"</items?access_token=K-5>; rel="next""#,
                    HTTPField.Name("X-Other")!: "see https://api.example.com/?sig=K-6",
                ])
        }
        let client = Client(
            baseURL: base, transport: transport, configuration: .init(maximumRedirects: 0),
            middlewares: [LoggingMiddleware(logger: logger, logHeaders: true)])
        _ = try? await client.request(.get, URL(string: "https://api.example.com/x")!)
        let text = messages.all.joined(separator: "\n")
        for secret in (1...6).map({ "K-\($0)" }) { #expect(!text.contains(secret), "'\(secret)' is logged:\n\(text)") }
        #expect(text.contains("Location: /next?X-Amz-Signature=<redacted>&page=2#<redacted>"), "\(text)")
        #expect(text.contains(#"Link: </items?access_token=<redacted>>; rel="next""#), "\(text)")
    }

    @Test func errorDescriptionsNeverShowUserinfo() {
        let error = ClientError(kind: .transport, request: .init(method: .get, url: URL(string: "http://me:hunter2@example.com:8080/a?b=1")!))
        #expect(error.description == "GET http://example.com:8080/a?b=1 got no response")
        let transport = TransportError(code: .timedOut, method: .get, url: URL(string: "https://u:p@example.com/x")!, underlying: URLError(.timedOut))
        #expect(transport.description.hasPrefix("GET https://example.com/x failed: timed out"))
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// Records the delays a retry middleware asked for.
final class DelayLog: @unchecked Sendable {
    private let lock = NSLock()
    private var delays: [Duration] = []
    func add(_ delay: Duration) { lock.withLock { delays.append(delay) } }
    var all: [Duration] { lock.withLock { delays } }

    /// Collected log lines.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }
}

/// A swift-log handler that keeps messages (with metadata) in memory.
struct CapturingLogHandler: LogHandler {
    let lines: DelayLog.Lines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.add("\(event.message) \(event.metadata.map { "\($0)" } ?? "")")
    }
}
