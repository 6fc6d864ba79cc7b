import AsyncHTTPClient
import Foundation
import HTTPTypes
import ResgenAsyncHTTPClient
import ResgenRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `URLSessionTransport` and `AsyncHTTPClientTransport` against the loopback server
/// `Tests/Servers/echo_server.py`, over real HTTP: every test about what a transport does runs once per
/// transport (``TransportKind``).
///
/// Serialized: the tests that count the server's concurrent requests must not share two cores with
/// a 20 MB upload.
@Suite(
    "Transports over loopback HTTP",
    .serialized,
    .enabled(if: LoopbackServer.isAvailable, "python3 is not on PATH (the loopback server needs it)")
)
struct TransportTests {
    /// What `/echo` answers.
    struct Echo: Decodable {
        var method: String
        var path: String
        var query: String
        var headers: [[String]]
        var body_base64: String
        var length: Int

        var body: Data { Data(base64Encoded: body_base64)! }

        /// The values of every header field called `name` (any case), in arrival order.
        func values(_ name: String) -> [String] {
            headers.filter { $0[0].lowercased() == name.lowercased() }.map { $0[1] }
        }
    }

    /// What `/sink` answers.
    struct Sink: Decodable {
        var method: String
        var headers: [[String]]
        var length: Int
        var sha256: String
    }

    /// What `/stats` answers.
    struct Stats: Decodable {
        var in_flight: Int
        var peak_in_flight: Int
        var connections_open: Int
        var connections_total: Int
        var delays_abandoned: Int
    }

    /// What `/counter` answers.
    struct Counter: Decodable {
        var counts: [String: Int]
    }

    // MARK: Helpers

    private func request(_ method: HTTPRequest.Method, _ server: LoopbackServer, _ path: String) -> HTTPRequest {
        HTTPRequest(method: method, url: server.url(path))
    }

    private func request(_ server: LoopbackServer, _ path: String) -> HTTPRequest {
        request(.get, server, path)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try JSONDecoder().decode(T.self, from: data)
    }

    private func get<T: Decodable>(_ type: T.Type, _ server: LoopbackServer, _ path: String) async throws -> T {
        let (_, data) = try await URLSessionTransport().send(request(server, path), body: .none)
        return try decode(T.self, data)
    }

    /// A file of `size` bytes of a repeating pattern, in the temporary directory.
    private func makeFile(size: Int) throws -> TemporaryFile {
        let file = TemporaryFile(url: TemporaryFile.makeURL(prefix: "resgen-test-upload"))
        #expect(FileManager.default.createFile(atPath: file.url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file.url)
        defer { try? handle.close() }
        let block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        var written = 0
        while written < size {
            let count = min(block.count, size - written)
            try handle.write(contentsOf: block.prefix(count))
            written += count
        }
        return file
    }

    // MARK: Requests and responses

    @Test("GET: method, path, query and header fields arrive as sent", arguments: TransportKind.allCases)
    func getEcho(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        var head = request(server, "/echo?a=1&b=two%20words&a=3")
        head.headerFields[HTTPField.Name("X-Custom-Case")!] = "Value"
        head.headerFields.append(HTTPField(name: .accept, value: "application/json"))

        let (response, data) = try await kind.make().send(head, body: .none)

        #expect(response.status == .ok)
        #expect(response.headerFields[.contentType] == "application/json")
        let echo = try decode(Echo.self, data)
        #expect(echo.method == "GET")
        #expect(echo.path == "/echo")
        #expect(echo.query == "a=1&b=two%20words&a=3")
        #expect(echo.headers.contains(["X-Custom-Case", "Value"]))
        #expect(echo.values("Accept") == ["application/json"])
        #expect(echo.length == 0)
    }

    @Test("A request field given twice is sent joined with a comma (URLSession) or twice", arguments: TransportKind.allCases)
    func duplicateRequestFields(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        var head = request(server, "/echo")
        head.headerFields.append(HTTPField(name: HTTPField.Name("X-Dup")!, value: "one"))
        head.headerFields.append(HTTPField(name: HTTPField.Name("X-Dup")!, value: "two"))

        let (_, data) = try await kind.make().send(head, body: .none)

        #expect(try decode(Echo.self, data).values("X-Dup") == (kind.joinsRepeatedFields ? ["one, two"] : ["one", "two"]))
    }

    @Test("A response field sent twice arrives joined with a comma (URLSession) or twice; names keep the server's case", arguments: TransportKind.allCases)
    func duplicateResponseFields(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()

        let (response, _) = try await kind.make()
            .send(request(server, "/headers?X-Dup=one&X-Dup=two&X-Mixed-CASE=v"), body: .none)

        #expect(response.headerFields[values: HTTPField.Name("x-dup")!] == (kind.joinsRepeatedFields ? ["one, two"] : ["one", "two"]))
        #expect(response.headerFields.contains { $0.name.rawName == "X-Mixed-CASE" && $0.value == "v" })
    }

    @Test("POST with a body in memory", arguments: TransportKind.allCases)
    func postData(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        var head = request(.post, server, "/echo")
        head.headerFields[.contentType] = "application/json"
        let body = Data(#"{"title":"Hello, wörld"}"#.utf8)

        let (response, data) = try await kind.make().send(head, body: .data(body))

        #expect(response.status == .ok)
        let echo = try decode(Echo.self, data)
        #expect(echo.method == "POST")
        #expect(echo.body == body)
        #expect(echo.values("Content-Type") == ["application/json"])
        #expect(echo.values("Content-Length") == ["\(body.count)"])
    }

    @Test("PUT, PATCH and DELETE with and without bodies", arguments: TransportKind.allCases, [HTTPRequest.Method.put, .patch, .delete])
    func otherMethods(kind: TransportKind, method: HTTPRequest.Method) async throws {
        let server = try await LoopbackServer.shared()
        let transport = kind.make()

        let (_, withBody) = try await transport.send(request(method, server, "/echo"), body: .data(Data("x".utf8)))
        let (_, without) = try await transport.send(request(method, server, "/echo"), body: .none)

        #expect(try decode(Echo.self, withBody).method == method.rawValue)
        #expect(try decode(Echo.self, withBody).body == Data("x".utf8))
        #expect(try decode(Echo.self, without).method == method.rawValue)
        #expect(try decode(Echo.self, without).length == 0)
    }

    @Test("A 20 MB file is uploaded from disk, every byte intact", arguments: TransportKind.allCases)
    func fileUpload(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let size = 20 << 20
        let file = try makeFile(size: size)
        var head = request(.put, server, "/sink")
        head.headerFields[.contentType] = "application/octet-stream"

        let (response, data) = try await kind.make().send(head, body: .file(file.url))

        #expect(response.status == .ok)
        let sink = try decode(Sink.self, data)
        #expect(sink.method == "PUT")
        #expect(sink.length == size)
        #expect(sink.sha256 == (try await LoopbackServer.sha256(of: file.url)))
    }

    @Test("A temporary file body is uploaded and survives until the upload ends", arguments: TransportKind.allCases)
    func temporaryFileUpload(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let file = try makeFile(size: 100_000)
        let expected = try Data(contentsOf: file.url)

        let (_, data) = try await kind.make().send(
            request(.post, server, "/echo"),
            body: .temporaryFile(file)
        )

        #expect(try decode(Echo.self, data).body == expected)
    }

    @Test("A stream body is sent whole: collected with its length (URLSession) or chunked", arguments: TransportKind.allCases)
    func streamUpload(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let chunks = ["first chunk, ", "second chunk, ", String(repeating: "third ", count: 10_000)]
        let stream = AsyncThrowingStream<Data, any Error> { continuation in
            Task {
                for chunk in chunks {
                    continuation.yield(Data(chunk.utf8))
                    await Task.yield()
                }
                continuation.finish()
            }
        }

        let (_, data) = try await kind.make().send(request(.post, server, "/echo"), body: .stream(stream))

        let echo = try decode(Echo.self, data)
        #expect(echo.body == Data(chunks.joined().utf8))
        if kind.sendsStreamsWithLength {
            #expect(echo.values("Content-Length") == ["\(echo.length)"])
        } else {
            #expect(echo.values("Transfer-Encoding") == ["chunked"])
        }
    }

    @Test("A stream that fails is a TransportError with code bodyUnavailable; with URLSession nothing is sent", arguments: TransportKind.allCases)
    func failingStream(kind: TransportKind) async throws {
        struct Broken: Error {}
        let server = try await LoopbackServer.shared()
        let path = "/echo/failing-stream-\(UUID())"
        let stream = AsyncThrowingStream<Data, any Error> { continuation in
            continuation.yield(Data("partial".utf8))
            continuation.finish(throwing: Broken())
        }

        let error = await #expect(throws: TransportError.self) {
            try await kind.make().send(request(.post, server, path), body: .stream(stream))
        }

        #expect(error?.code == .bodyUnavailable)
        #expect(error?.underlying is Broken)
        if kind.sendsStreamsWithLength {
            #expect(try await get(Counter.self, server, "/counter").counts[path] == nil)
        }
    }

    @Test("A missing file is a TransportError with code bodyUnavailable", arguments: TransportKind.allCases)
    func missingFile(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let missing = TemporaryFile.makeURL(prefix: "resgen-missing")

        let error = await #expect(throws: TransportError.self) {
            try await kind.make().send(request(.post, server, "/echo"), body: .file(missing))
        }

        #expect(error?.code == .bodyUnavailable)
    }

    @Test("The server parses multipart and form bodies (for the client tests to come)", arguments: TransportKind.allCases)
    func serverParsesBodies(kind: TransportKind) async throws {
        struct Parts: Decodable {
            struct Part: Decodable {
                var name: String?
                var filename: String?
                var content_type: String?
                var size: Int
                var text: String?
            }
            var parts: [Part]
        }
        struct Pairs: Decodable { var pairs: [[String]] }
        let server = try await LoopbackServer.shared()
        let transport = kind.make()
        var multipart = request(.post, server, "/multipart")
        multipart.headerFields[.contentType] = "multipart/form-data; boundary=XyZ"
        let body = [
            "--XyZ", #"Content-Disposition: form-data; name="caption""#, "", "Hello",
            "--XyZ", #"Content-Disposition: form-data; name="avatar"; filename="a.png""#,
            "Content-Type: image/png", "", "PNGDATA", "--XyZ--", "",
        ].joined(separator: "\r\n")
        var form = request(.post, server, "/form")
        form.headerFields[.contentType] = "application/x-www-form-urlencoded"

        let (_, partsData) = try await transport.send(multipart, body: .data(Data(body.utf8)))
        let (_, pairsData) = try await transport.send(form, body: .data(Data("a=1&b=&c=x+y&a=2".utf8)))

        let parts = try decode(Parts.self, partsData).parts
        #expect(parts.map(\.name) == ["caption", "avatar"])
        #expect(parts[0].text == "Hello")
        #expect(parts[1].filename == "a.png")
        #expect(parts[1].content_type == "image/png")
        #expect(parts[1].size == 7)
        #expect(try decode(Pairs.self, pairsData).pairs == [["a", "1"], ["b", ""], ["c", "x y"], ["a", "2"]])
    }

    // MARK: Statuses

    @Test("A redirect is returned as it is, not followed", arguments: TransportKind.allCases, [301, 302, 303, 307, 308])
    func redirectNotFollowed(kind: TransportKind, code: Int) async throws {
        let server = try await LoopbackServer.shared()
        let target = "/echo/redirected-\(UUID())"

        let (response, data) = try await kind.make()
            .send(request(server, "/redirect/\(code)?to=\(target)"), body: .none)

        #expect(response.status.code == code)
        #expect(response.headerFields[.location] == target)
        #expect(try await get(Counter.self, server, "/counter").counts[target] == nil)
        // FoundationNetworking hands a refused redirect's body only to a session delegate, not to a
        // completion handler: the transport's own tasks have none.
        #expect(String(decoding: data, as: UTF8.self) == #"{"location": "\#(target)"}"#)
    }

    @Test("An HTTPClient that follows a redirect to another origin is refused, from then on before sending")
    func redirectFollowingClient() async throws {
        let home = try await LoopbackServer.shared()
        let elsewhere = try await LoopbackServer.start()
        let client = HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup,
            configuration: .init(redirectConfiguration: .follow(max: 5, allowCycles: false))
        )
        let transport = AsyncHTTPClientTransport(client: client)
        func send(_ server: LoopbackServer, _ path: String) async throws -> (HTTPResponse, Data) {
            var head = self.request(server, path)
            head.headerFields[HTTPField.Name("X-Api-Key")!] = "secret"
            return try await transport.send(head, body: .none)
        }
        do {
            // Within the origin the client's own setting holds.
            let nearby = "/echo/nearby-\(UUID())"
            let (response, data) = try await send(home, "/redirect/302?to=\(nearby)")
            #expect(response.status == .ok)
            #expect(try decode(Echo.self, data).path == nearby)

            let landed = "/echo/landed-\(UUID())"
            let away = await #expect(throws: TransportError.self) {
                _ = try await send(home, "/redirect/307?to=\(elsewhere.url(landed).absoluteString)")
            }
            #expect(away?.code == .other)
            #expect(away.map { "\($0)" }?.contains("redirectConfiguration: .disallow") == true)
            // AsyncHTTPClient had sent it (with X-Api-Key) before its response showed the hop.
            #expect(try await get(Counter.self, elsewhere, "/counter").counts[landed] == 1)

            let later = "/echo/later-\(UUID())"
            let refused = await #expect(throws: TransportError.self) { _ = try await send(home, later) }
            #expect(refused?.code == .other)
            #expect(try await get(Counter.self, home, "/counter").counts[later] == nil, "refused before it is sent")
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    @Test("204 has an empty body", arguments: TransportKind.allCases)
    func noContent(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let transport = kind.make()

        let (response, data) = try await transport.send(request(.delete, server, "/status/204"), body: .none)
        // The connection is reused afterwards: the empty body was framed correctly.
        let (next, _) = try await transport.send(request(server, "/status/200"), body: .none)

        #expect(response.status == .noContent)
        #expect(data.isEmpty)
        #expect(next.status == .ok)
    }

    @Test("Error statuses are responses, not throws", arguments: TransportKind.allCases, [400, 401, 404, 422, 500, 503])
    func errorStatuses(kind: TransportKind, code: Int) async throws {
        let server = try await LoopbackServer.shared()

        let (response, data) = try await kind.make().send(request(server, "/status/\(code)"), body: .none)

        #expect(response.status.code == code)
        #expect(String(decoding: data, as: UTF8.self) == #"{"status": \#(code)}"#)
    }

    @Test("A 401 with a WWW-Authenticate challenge is a response: the session answers no challenge itself", arguments: TransportKind.allCases)
    func unauthorizedWithChallenge(kind: TransportKind) async throws {
        let server = try await LoopbackServer.start()

        let (response, data) = try await kind.make().send(request(server, "/auth"), body: .none)

        #expect(response.status == .unauthorized)
        #expect(response.headerFields[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
        #expect(String(decoding: data, as: UTF8.self) == #"{"authorized": false}"#)
    }

    // MARK: Cancellation, timeouts, failures

    @Test("Cancelling the task cancels the request: CancellationError, and the server sees the client leave", arguments: TransportKind.allCases)
    func cancellation(kind: TransportKind) async throws {
        let server = try await LoopbackServer.start()
        let transport = kind.make()

        let task = Task { try await transport.send(request(server, "/delay/5000"), body: .none) }
        try await server.waitUntilReceived("/delay/5000")  // not a fixed sleep: see waitUntilReceived
        task.cancel()
        let result = await task.result

        #expect(throws: CancellationError.self) { try result.get() }
        // The connection was closed, which ends the server's wait early (no wall-clock limit needed:
        // the server counts a delay the client abandoned).
        var stats = try await get(Stats.self, server, "/stats")
        for _ in 0..<500 where stats.delays_abandoned == 0 {  // until the server notices; 10 s at most
            try await Task.sleep(for: .milliseconds(20))
            stats = try await get(Stats.self, server, "/stats")
        }
        #expect(stats.delays_abandoned == 1)
    }

    @Test("A task cancelled before sending sends nothing", arguments: TransportKind.allCases)
    func cancelledBeforeSending(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let path = "/echo/never-sent-\(UUID())"
        let transport = kind.make()

        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(request(server, path), body: .none)
        }

        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try await get(Counter.self, server, "/counter").counts[path] == nil)
    }

    @Test("No response within the timeout is a TransportError with code timedOut", arguments: TransportKind.allCases)
    func timeout(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        // Whole seconds: FoundationNetworking honours no less.
        let transport = kind.make(timeout: .seconds(1))

        let error = await #expect(throws: TransportError.self) {
            try await transport.send(request(server, "/delay/3000"), body: .none)
        }

        #expect(error?.code == .timedOut)
        #expect(error?.method == .get)
        #expect(error?.url == server.url("/delay/3000"))
        #expect(
            error?.description.hasPrefix("GET \(server.url("/delay/3000").absoluteString) failed: timed out") == true
        )
    }

    @Test("A refused connection is a TransportError with code cannotConnect", arguments: TransportKind.allCases)
    func connectionRefused(kind: TransportKind) async throws {
        let server = try await LoopbackServer.start()
        let url = server.url("/echo")
        await server.stop()

        let error = await #expect(throws: TransportError.self) {
            try await kind.make().send(HTTPRequest(method: .get, url: url), body: .none)
        }

        #expect(error?.code == .cannotConnect)
    }

    @Test("A GET with a body is refused before sending (URLSession) or sent; an empty one is no body", arguments: TransportKind.allCases)
    func getWithBody(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let path = "/echo/get-with-body-\(UUID())"
        let transport = kind.make()

        if kind.refusesGETWithBody {
            let error = await #expect(throws: TransportError.self) {
                try await transport.send(request(server, path), body: .data(Data("x".utf8)))
            }
            #expect(error?.code == .invalidRequest)
        } else {
            let (_, data) = try await transport.send(request(server, path), body: .data(Data("x".utf8)))
            #expect(try decode(Echo.self, data).body == Data("x".utf8))
        }
        let (response, _) = try await transport.send(request(server, path), body: .data(Data()))

        #expect(response.status == .ok)
        #expect(try await get(Counter.self, server, "/counter").counts[path] == (kind.refusesGETWithBody ? 1 : 2))
    }

    @Test("A request without a scheme and authority is a TransportError with code invalidRequest", arguments: TransportKind.allCases)
    func invalidRequest(kind: TransportKind) async throws {
        let head = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/echo")

        let error = await #expect(throws: TransportError.self) {
            try await kind.make().send(head, body: .none)
        }

        #expect(error?.code == .invalidRequest)
    }

    // MARK: Connection limit

    @Test("Concurrent requests to one host use up to maximumConnectionsPerHost connections", arguments: TransportKind.allCases, [16, 6])
    func connectionLimit(kind: TransportKind, limit: Int) async throws {
        let server = try await LoopbackServer.start()
        let transport = kind.make(maximumConnectionsPerHost: limit)
        let head = request(server, "/delay/300")

        try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
            for _ in 0..<16 {
                group.addTask { try await transport.send(head, body: .none).0.status }
            }
            for try await status in group {
                #expect(status == .ok)
            }
        }

        let peak = try await get(Stats.self, server, "/stats").peak_in_flight
        if limit == 16 {
            #expect(peak >= 12, "peak \(peak) concurrent requests with a limit of 16")
        } else {
            #expect(peak <= limit, "peak \(peak) concurrent requests with a limit of \(limit)")
            #expect(peak >= 2)
        }
    }

    // MARK: Response size limit

    /// The limit of the tests below: 1 MiB, so a body over it is sure to span many reads.
    private static let limit = 1 << 20

    @Test("A body announced longer than the limit fails at its head: nothing of it is read, the connection is closed", arguments: TransportKind.allCases)
    func announcedTooLarge(kind: TransportKind) async throws {
        let server = try await LoopbackServer.start()

        let error = await #expect(throws: ResponseTooLargeError.self) {
            try await kind.make()
                .send(request(server, "/stream/500000000"), body: .none, options: .init(maximumResponseBytes: Self.limit))
        }

        #expect(error?.maximumBytes == Self.limit)
        #expect(error?.announcedLength == 500_000_000)
        #expect(error?.receivedBytes == 0)
        #expect(error?.response?.status == .ok)
        #expect(error?.response?.headerFields[.contentLength] == "500000000")
        let streams = try await server.streamsEnded()
        #expect(streams.aborted == 1, "the server wrote the whole body: \(streams)")
        #expect(streams.completed == 0)
    }

    @Test("A body of unannounced length stops being read once it passes the limit", arguments: TransportKind.allCases, ["chunked", "close"])
    func streamedTooLarge(kind: TransportKind, framing: String) async throws {
        let server = try await LoopbackServer.start()

        // Paced (a millisecond after each 64 KiB piece, ~8 s for the whole body) so that whether the
        // server saw the client leave does not depend on how busy the machine is: unpaced, loopback can
        // deliver all 500 MB before the cancellation gets its turn in FoundationNetworking.
        let error = await #expect(throws: ResponseTooLargeError.self) {
            try await kind.make().send(
                request(server, "/stream/500000000?framing=\(framing)&pace_ms=1"), body: .none,
                options: .init(maximumResponseBytes: Self.limit))
        }

        #expect(error?.announcedLength == nil)
        #expect(error?.response?.status == .ok)
        let received = error?.receivedBytes ?? 0
        #expect(received > Self.limit && received < 2 * Self.limit, "stopped after \(received) bytes")
        let streams = try await server.streamsEnded()
        #expect(streams.aborted == 1, "the server wrote the whole body: \(streams)")
        #expect(streams.bytes_sent < 500_000_000)
    }

    @Test("A gzip body is limited by its inflated size: a gzip bomb fails at the limit", arguments: TransportKind.allCases, ["length", "chunked"])
    func gzipBomb(kind: TransportKind, framing: String) async throws {
        let server = try await LoopbackServer.shared()

        // 256 MiB of zeros in 260 KB of gzip, the size of the bomb that once became a 256 MiB `Data`.
        let error = await #expect(throws: ResponseTooLargeError.self) {
            try await kind.make().send(
                request(server, "/gzip/256?framing=\(framing)"), body: .none, options: .init(maximumResponseBytes: Self.limit))
        }

        // A Content-Length of encoded bytes says nothing about the inflated size: it is not used.
        #expect(error?.announcedLength == nil)
        #expect(error?.response?.headerFields[.contentEncoding] == "gzip")
        let received = error?.receivedBytes ?? 0
        #expect(received > Self.limit && received < 2 * Self.limit, "stopped after \(received) bytes")
        if kind == .asyncHTTPClient {
            // It inflates as it counts, never a read's worth ahead (64 KiB of this bomb inflate to 64 MiB).
            #expect(received == Self.limit + 1, "inflated one byte past the limit, no more")
        }
    }

    @Test("The AsyncHTTPClient transport asks for gzip and deflate, unless the request names its own encodings")
    func acceptEncoding() async throws {
        let server = try await LoopbackServer.shared()
        let transport = TransportKind.asyncHTTPClient.make()
        var own = request(server, "/echo")
        own.headerFields[.acceptEncoding] = "identity"

        let (_, asked) = try await transport.send(request(server, "/echo"), body: .none)
        let (_, kept) = try await transport.send(own, body: .none)

        #expect(try decode(Echo.self, asked).values("Accept-Encoding") == ["gzip, deflate"])
        #expect(try decode(Echo.self, kept).values("Accept-Encoding") == ["identity"])
    }

    @Test("A gzip bomb that arrives at network pace is stopped: the server sees the connection close", arguments: TransportKind.allCases)
    func pacedGzipBomb(kind: TransportKind) async throws {
        let server = try await LoopbackServer.start()
        // 200 MiB of zeros, 1 MiB (~1 KB of gzip) every 50 ms: 10 s, unless the client stops reading.
        // libcurl inflates a MiB in a few milliseconds, then waits for the next, which is when the
        // cancellation gets its turn. (A bomb sent faster than libcurl inflates it keeps libcurl busy
        // until the server stops sending, and the cancellation waits that long; the caller gets its
        // error at the limit either way, as the test above shows.)
        let path = "/gzip/200?framing=chunked&pace_ms=50"

        let error = await #expect(throws: ResponseTooLargeError.self) {
            try await kind.make().send(request(server, path), body: .none, options: .init(maximumResponseBytes: Self.limit))
        }

        let received = error?.receivedBytes ?? 0
        #expect(received > Self.limit && received < 2 * Self.limit, "stopped after \(received) bytes")
        let streams = try await server.streamsEnded()
        #expect(streams.aborted == 1, "the server is still writing: \(streams)")
    }

    @Test("A body exactly at the limit passes, one byte over fails; announced, counted or inflated", arguments: TransportKind.allCases)
    func limitBoundary(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let transport = kind.make()
        let mebibyte = 1 << 20

        for path in ["/stream/\(mebibyte)", "/stream/\(mebibyte)?framing=chunked", "/gzip/1", "/gzip/1?framing=chunked"] {
            let (response, data) = try await transport.send(
                request(server, path), body: .none, options: .init(maximumResponseBytes: mebibyte))
            let error = await #expect(throws: ResponseTooLargeError.self, "\(path)") {
                try await transport.send(request(server, path), body: .none, options: .init(maximumResponseBytes: mebibyte - 1))
            }

            #expect(response.status == .ok)
            #expect(data.count == mebibyte, "\(path)")
            #expect(error?.maximumBytes == mebibyte - 1)
            if path.hasPrefix("/gzip") {
                #expect(data == Data(count: mebibyte), "\(path) did not inflate to zeros")
            }
        }
    }

    @Test("The Content-Length of a HEAD response describes no body: it is not held against the limit", arguments: TransportKind.allCases)
    func headIgnoresContentLength(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()

        let (response, data) = try await kind.make()
            .send(request(.head, server, "/stream/500000000"), body: .none, options: .init(maximumResponseBytes: 1000))

        #expect(response.status == .ok)
        #expect(response.headerFields[.contentLength] == "500000000")
        #expect(data.isEmpty)
    }

    @Test("Without options, the default limit applies", arguments: TransportKind.allCases)
    func defaultLimit(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let length = TransportOptions.defaultMaximumResponseBytes + 1

        let error = await #expect(throws: ResponseTooLargeError.self) {
            try await kind.make().send(request(server, "/stream/\(length)"), body: .none)
        }

        #expect(error?.maximumBytes == TransportOptions.defaultMaximumResponseBytes)
        #expect(error?.announcedLength == Int64(length))
    }

    @Test("The body of a refused redirect counts against the limit too", arguments: TransportKind.allCases)
    func redirectBodyLimit(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()

        let error = await #expect(throws: ResponseTooLargeError.self) {
            try await kind.make()
                .send(request(server, "/redirect/302?to=/echo"), body: .none, options: .init(maximumResponseBytes: 10))
        }

        #expect(error?.response?.status == .found)
        #expect(error?.announcedLength == Int64(#"{"location": "/echo"}"#.utf8.count))
    }

    @Test("On a session of the caller's the limit is checked once the body arrived whole")
    func callerSessionLimit() async throws {
        let server = try await LoopbackServer.shared()
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let transport = URLSessionTransport(session: session)

        let (_, data) = try await transport.send(
            request(server, "/stream/2000?framing=chunked"), body: .none, options: .init(maximumResponseBytes: 2000))
        let error = await #expect(throws: ResponseTooLargeError.self) {
            try await transport.send(
                request(server, "/stream/2000?framing=chunked"), body: .none, options: .init(maximumResponseBytes: 1999))
        }

        #expect(data.count == 2000)
        #expect(error?.receivedBytes == 2000)
        #expect(error?.announcedLength == nil)
        #expect(error?.response?.status == .ok)
    }

    @Test("An upload's response is limited like any other", arguments: TransportKind.allCases)
    func uploadResponseLimit(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let file = try makeFile(size: 100_000)

        let error = await #expect(throws: ResponseTooLargeError.self) {
            try await kind.make()
                .send(request(.post, server, "/echo"), body: .temporaryFile(file), options: .init(maximumResponseBytes: 1000))
        }

        #expect(error?.response?.status == .ok)
    }
}
