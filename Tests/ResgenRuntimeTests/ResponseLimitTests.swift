import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// `Client.Configuration.maximumResponseBytes`: what reaches the transport, the error a longer body
/// becomes, and the protocol extension that bounds transports written before the limit existed.
/// (`TransportTests` has the transports' side: streaming, gzip bombs, the server's view.)
@Suite struct ResponseLimitTests {
    /// A transport that implements the limit-aware requirement and records the options it was given.
    final class OptionsRecordingTransport: Transport, @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [TransportOptions] = []
        var options: [TransportOptions] { lock.withLock { recorded } }

        func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
            Issue.record("the client called the requirement without options")
            return FakeTransport.response(200, "{}")
        }

        func send(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, Data) {
            lock.withLock { recorded.append(options) }
            return FakeTransport.response(200, "{}", headers: [.contentType: "application/json"])
        }
    }

    private static let bytes2000 = String(repeating: "x", count: 2000)
    let base = URL(string: "https://api.example.com")!

    @Test("The configured limit reaches a transport through its options; 32 MiB by default")
    func limitReachesTheTransport() async throws {
        let transport = OptionsRecordingTransport()
        let limited = Client(baseURL: base, transport: transport, configuration: .init(maximumResponseBytes: 1234))
        let unlimited = Client(baseURL: base, transport: transport)

        _ = try await limited.request(.get, base)
        _ = try await unlimited.request(.get, base)

        #expect(transport.options.map(\.maximumResponseBytes) == [1234, 32 << 20])
        #expect(Client.Configuration().maximumResponseBytes == TransportOptions.defaultMaximumResponseBytes)
    }

    @Test("A transport without the limit-aware requirement is bounded after the fact")
    func defaultImplementation() async throws {
        let transport = FakeTransport(status: 200, json: Self.bytes2000)
        let request = HTTPRequest(method: .get, url: base)

        let (_, data) = try await transport.send(request, body: .none, options: .init(maximumResponseBytes: 2000))
        let error = await #expect(throws: ResponseTooLargeError.self) {
            try await transport.send(request, body: .none, options: .init(maximumResponseBytes: 1999))
        }

        #expect(data.count == 2000)
        #expect(error?.maximumBytes == 1999)
        #expect(error?.receivedBytes == 2000)
        #expect(error?.response?.status == .ok)
        #expect(error?.description == "the response body is larger than the limit of 1999 bytes (2000 bytes received)")
    }

    @Test("A longer body is a ClientError of kind responseTooLarge with the request, status and headers")
    func clientError() async throws {
        let url = base.appendingPathComponent("articles")
        let client = Client(
            baseURL: base, transport: FakeTransport(status: 200, json: Self.bytes2000),
            configuration: .init(maximumResponseBytes: 1000))

        let error = await #expect(throws: ClientError.self) { try await client.request(.get, url) }

        #expect(error?.kind == .responseTooLarge)
        #expect(error?.request.description == "GET \(url.absoluteString)")
        #expect(error?.status == .ok)
        #expect(error?.headers?[.contentType] == "application/json")
        #expect(error?.bodyExcerpt == nil, "nothing of a body over the limit is kept")
        #expect((error?.underlying as? ResponseTooLargeError)?.receivedBytes == 2000)
        #expect(
            error?.description == "GET \(url.absoluteString): the response is too large: "
                + "the response body is larger than the limit of 1000 bytes (2000 bytes received)")
    }

    @Test("A body exactly at the limit decodes")
    func atTheLimit() async throws {
        let client = Client(baseURL: base, transport: FakeTransport(status: 200, json: Self.bytes2000),
                            configuration: .init(maximumResponseBytes: 2000))

        let raw = try await client.request(.get, base)

        #expect(raw.body.count == 2000)
    }

    @Test("A response that is too large is not retried: the server would send the same one")
    func notRetried() async throws {
        let transport = FakeTransport(status: 200, json: Self.bytes2000)
        let retry = RetryMiddleware(policy: .init(maximumAttempts: 3, jitter: 0), sleep: { _ in })
        let client = Client(baseURL: base, transport: transport, configuration: .init(maximumResponseBytes: 1000), middlewares: [retry])

        let error = await #expect(throws: ClientError.self) { try await client.request(.get, base) }

        #expect(error?.kind == .responseTooLarge)
        #expect(transport.sent.count == 1)
    }

    @Test(
        "Over loopback, a gzip bomb fails as responseTooLarge, with the response's head",
        .enabled(if: LoopbackServer.isAvailable, "python3 is not on PATH (the loopback server needs it)"),
        arguments: TransportKind.allCases)
    func gzipBombThroughTheClient(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let client = Client(baseURL: server.baseURL, transport: kind.make(), configuration: .init(maximumResponseBytes: 1 << 20))

        let error = await #expect(throws: ClientError.self) { try await client.request(.get, server.url("/gzip/256")) }

        #expect(error?.kind == .responseTooLarge)
        #expect(error?.status == .ok)
        #expect(error?.headers?[.contentEncoding] == "gzip")
        #expect((error?.underlying as? ResponseTooLargeError)?.maximumBytes == 1 << 20)
    }
}
