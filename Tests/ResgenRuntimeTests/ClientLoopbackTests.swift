import Foundation
import HTTPTypes
@_spi(Generated) import ResgenRuntime
import Testing

/// What `/echo` on the loopback server answers.
struct EchoReply: Decodable, Sendable {
    var method: String
    var path: String
    var query: String
    var headers: [[String]]
    var length: Int
    var sha256: String

    /// Every value of a header, matched case-insensitively.
    func values(_ name: String) -> [String] { headers.filter { $0[0].lowercased() == name.lowercased() }.map { $0[1] } }
}

/// A request to `/echo/<value>` with static, instance and call-level headers and query items.
struct EchoRequest: APIRequest {
    typealias Response = EchoReply
    static var method: HTTPMethod { .get }
    static var defaultHeaders: [HeaderField] { [HeaderField(name: "X-Mode", value: "static"), HeaderField(name: "X-Only-Static", value: "s")] }
    static var defaultQueryItems: [QueryItem] { [QueryItem(name: "page", value: "1")] }
    var segment: String
    var mode: String?
    var page: Int?
    var pathComponents: [PathComponent] { [.literal("/echo/"), .value(segment)] }
    var queryItems: [QueryItem] {
        var items: [QueryItem] = []
        items.append("page", page)
        items.append("q", "a&b=c d")
        return items
    }
    var headers: [HeaderField] {
        var fields: [HeaderField] = []
        fields.append("x-mode", mode)
        return fields
    }
}

/// A generic request for the loopback tests: any method and path, JSON back.
struct Call: APIRequest {
    typealias Response = JSONValue
    static var method: HTTPMethod { .get }
    var path: String
    var pathComponents: [PathComponent] { [.literal(path)] }
}

struct PostCall: APIRequest {
    typealias Response = JSONValue
    static var method: HTTPMethod { .post }
    var path: String
    var body: RequestBody = .json(["hello": "world"])
    var pathComponents: [PathComponent] { [.literal(path)] }
}

/// What `/multipart` answers: the parts as Python's email parser read them.
struct MultipartReply: Decodable, Sendable {
    struct Part: Decodable, Sendable {
        var name: String?
        var filename: String?
        var content_type: String?
        var size: Int
        var sha256: String
        var text: String?
    }
    var parts: [Part]
    var defects: [String]
}

struct MultipartUpload: APIRequest {
    typealias Response = MultipartReply
    static var method: HTTPMethod { .post }
    var parts: [MultipartPart]
    var pathComponents: [PathComponent] { [.literal("/multipart")] }
    var body: RequestBody { .multipart(parts) }
}

/// The client over real loopback HTTP against `Tests/Servers/echo_server.py` (Python's standard
/// library; its multipart parsing is the `email` package's, not ours).
@Suite(.serialized, .enabled(if: LoopbackServer.isAvailable)) struct ClientLoopbackTests {
    @Test(arguments: TransportKind.allCases) func headersAndQueryMergeAsTheServerSeesThem(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let client = Client(baseURL: server.baseURL, transport: kind.make(), configuration: .init(defaultHeaders: [HeaderField(name: "X-Mode", value: "client"), HeaderField(name: "X-Client", value: "c")]))
        let reply = try await client.send(EchoRequest(segment: "x", mode: "instance", page: 2), headers: [HeaderField(name: "X-Call", value: "call")])
        #expect(reply.values("X-Mode") == ["instance"])
        #expect(reply.values("X-Client") == ["c"])
        #expect(reply.values("X-Only-Static") == ["s"])
        #expect(reply.values("X-Call") == ["call"])
        #expect(reply.query == "page=2&q=a%26b%3Dc%20d")
        let defaults = try await client.send(EchoRequest(segment: "x"), query: [QueryItem(name: "extra", value: "1")])
        #expect(defaults.values("X-Mode") == ["static"])
        #expect(defaults.query == "page=1&q=a%26b%3Dc%20d&extra=1")
    }

    @Test(arguments: TransportKind.allCases) func pathValuesCannotChangeThePath(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        for (value, expected) in [("../admin", "/echo/..%2Fadmin"), ("a/b", "/echo/a%2Fb"), ("..", "/echo/%2E%2E"), ("?x=1#f", "/echo/%3Fx%3D1%23f")] {
            let reply = try await client.send(EchoRequest(segment: value))
            #expect(reply.path == expected, "\(value)")
        }
    }

    @Test(arguments: TransportKind.allCases) func multipartBodiesParseWithARealParser(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-upload-\(UUID().uuidString).bin")
        let bytes = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var parts: [MultipartPart] = []
        parts.append("caption", "Ünïcode \"quoted\" caption")
        parts.append("count", 3)
        parts.append("avatar", MultipartFile.file(file, filename: "me \"1\".bin", contentType: "application/x-test"))
        let reply = try await client.send(MultipartUpload(parts: parts))
        #expect(reply.defects.isEmpty)
        #expect(reply.parts.map(\.name) == ["caption", "count", "avatar"])
        #expect(reply.parts[0].text == "Ünïcode \"quoted\" caption")
        #expect(reply.parts[1].text == "3")
        #expect(reply.parts[2].filename == "me %221%22.bin", "quotes in file names are percent-encoded (WHATWG)")
        #expect(reply.parts[2].content_type == "application/x-test")
        #expect(reply.parts[2].size == bytes.count)
        #expect(reply.parts[2].sha256 == (try await LoopbackServer.sha256(of: file)))
    }

    @Test(arguments: TransportKind.allCases) func formBodies(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        let reply = try await client.send(PostCall(path: "/form", body: .form([QueryItem(name: "a b", value: "c&d=e+f"), QueryItem(name: "é", value: "")])))
        #expect(reply["pairs"] == .array([.array([.string("a b"), .string("c&d=e+f")]), .array([.string("é"), .string("")])]))
    }

    @Test(arguments: TransportKind.allCases) func errorDocumentsFromTheServer(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        let problem = await #expect(throws: ClientError.self) { _ = try await client.send(Call(path: "/problem")) }
        #expect(problem?.status?.code == 422)
        #expect(problem?.serverError?.summaries == ["You do not have enough credit.: Your current balance is 30, but that costs 50."])
        let jsonAPI = await #expect(throws: ClientError.self) { _ = try await client.send(Call(path: "/jsonapi-error")) }
        guard case .jsonAPI(let errors) = jsonAPI?.serverError else {
            Issue.record("expected JSON:API errors")
            return
        }
        #expect(errors.map(\.source?.pointer) == ["/data/attributes/title", nil])
        #expect(errors.map(\.source?.parameter) == [nil, "sort"])
        let vnd = await #expect(throws: ClientError.self) { _ = try await client.send(Call(path: "/vnd-error")) }
        #expect(vnd?.serverError == .vndError(VndError(message: "Order not found", logref: "42")))
        #expect(vnd?.request.url.absoluteString == server.url("/vnd-error").absoluteString)
    }

    @Test(arguments: TransportKind.allCases) func singleFlightRefreshUnderConcurrency(kind: TransportKind) async throws {
        let server = try await LoopbackServer.start()
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        _ = try await client.send(PostCall(path: "/auth/token", body: .raw(Data("fresh".utf8), contentType: "text/plain")))
        let refreshes = Counter()
        let store = InMemoryCredentialStore(credential: .bearer("expired")) { _ in
            refreshes.increment()
            try await Task.sleep(for: .milliseconds(100))
            return .bearer("fresh")
        }
        let authed = Client(baseURL: server.baseURL, transport: kind.make(), middlewares: [AuthMiddleware(provider: store)])
        try await withThrowingTaskGroup(of: JSONValue.self) { group in
            for _ in 0..<20 { group.addTask { try await authed.send(Call(path: "/auth")) } }
            for try await reply in group { #expect(reply["authorized"] == .bool(true)) }
        }
        #expect(refreshes.value == 1)
        let stats = try await client.send(Call(path: "/auth/stats"))
        #expect(stats["unauthorized"] == .number(20))
        #expect(stats["ok"] == .number(20))
    }

    @Test(arguments: TransportKind.allCases) func credentialsAreDroppedOnARedirectToAnotherOrigin(kind: TransportKind) async throws {
        let home = try await LoopbackServer.shared()
        let elsewhere = try await LoopbackServer.start()
        let target = elsewhere.url("/echo/landed").absoluteString
        let client = Client(
            baseURL: home.baseURL, transport: kind.make(),
            configuration: .init(defaultHeaders: [HeaderField(name: "Cookie", value: "session=1")]),
            middlewares: [AuthMiddleware(provider: InMemoryCredentialStore(credential: .bearer("secret")))])
        struct Redirected: APIRequest {
            typealias Response = EchoReply
            static var method: HTTPMethod { .get }
            var to: String
            var pathComponents: [PathComponent] { [.literal("/redirect/302")] }
            var queryItems: [QueryItem] { [QueryItem(name: "to", value: to)] }
        }
        let landed = try await client.send(Redirected(to: target))
        #expect(landed.path == "/echo/landed")
        #expect(landed.values("Authorization").isEmpty)
        #expect(landed.values("Cookie").isEmpty)
        let local = try await client.send(Redirected(to: "/echo/home"))
        #expect(local.values("Authorization") == ["Bearer secret"], "a same-origin hop keeps credentials")
    }

    @Test(arguments: TransportKind.allCases) func retriesFollowTheMethod(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let client = Client(baseURL: server.baseURL, transport: kind.make(), middlewares: [RetryMiddleware(policy: .init(maximumAttempts: 4, jitter: 0), sleep: { _ in })])
        let key = UUID().uuidString
        let reply = try await client.send(Call(path: "/flaky/2?key=\(key)"))
        #expect(reply["attempts"] == .number(3))
        let postKey = UUID().uuidString
        let error = await #expect(throws: ClientError.self) { _ = try await client.send(PostCall(path: "/flaky/2?key=\(postKey)")) }
        #expect(error?.status?.code == 503)
        let allowed = try await client.send(PostCall(path: "/flaky/1?key=\(postKey)x"), allowRetry: true)
        #expect(allowed["attempts"] == .number(2))
    }

    @Test(arguments: TransportKind.allCases) func cancellingTheTaskCancelsTheRequest(kind: TransportKind) async throws {
        let server = try await LoopbackServer.start()
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        let task = Task { try await client.send(Call(path: "/delay/5000")) }
        try await server.waitUntilReceived("/delay/5000")  // not a fixed sleep: see waitUntilReceived
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        var abandoned = JSONValue.number(0)
        for _ in 0..<100 where abandoned == .number(0) {  // until the server notices; 10 s at most
            try await Task.sleep(for: .milliseconds(100))
            abandoned = try await client.send(Call(path: "/stats"))["delays_abandoned"] ?? .null
        }
        #expect(abandoned == .number(1), "the server saw the connection go")
    }

    @Test(arguments: TransportKind.allCases) func noContentAndEmptyResponses(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        struct Gone: APIRequest {
            typealias Response = EmptyResponse
            static var method: HTTPMethod { .delete }
            var pathComponents: [PathComponent] { [.literal("/status/204")] }
        }
        _ = try await client.send(Gone())
        let error = await #expect(throws: ClientError.self) { _ = try await client.send(Call(path: "/status/500")) }
        #expect(error?.kind == .unacceptableStatus)
    }
}
