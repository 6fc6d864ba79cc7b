import Foundation
import HTTPTypes
import ResgenAsyncHTTPClient
import ResgenRuntime
import Testing

/// `Transport.stream` on both transports against the loopback server: the body arrives chunk by chunk,
/// the transport reads no further ahead of a stopped reader than its buffer, a reader that stops or is
/// cancelled ends the request, and a body cut off midway throws after the bytes that arrived.
/// Each test has a server of its own: they count the server's stream bodies.
@Suite(
    "Streaming response bodies over loopback HTTP",
    .enabled(if: LoopbackServer.isAvailable, "python3 is not on PATH (the loopback server needs it)")
)
struct StreamingTransportTests {
    @Test(arguments: TransportKind.allCases)
    func aBodyArrivesInChunksThatAddUpToIt(kind: TransportKind) async throws {
        let server = try await LoopbackServer.start()
        defer { server.terminate() }

        let (response, body) = try await kind.make().stream(
            HTTPRequest(method: .get, url: server.url("/download/5000000?key=chunks")), body: .none, options: TransportOptions(maximumResponseBytes: .max))
        var chunks = 0
        var total = 0
        for try await chunk in body {
            #expect(!chunk.isEmpty)
            chunks += 1
            total += chunk.count
        }

        #expect(response.status == .ok)
        #expect(total == 5_000_000)
        #expect(chunks > 1)
    }

    @Test(
        "A reader that stops holds the server back (AsyncHTTPClient) or the rest waits on disk (URLSession on Linux); every byte arrives in order",
        arguments: TransportKind.allCases)
    func aStoppedReader(kind: TransportKind) async throws {
        let server = try await LoopbackServer.start()
        defer { server.terminate() }
        let length = 96 << 20

        let (_, body) = try await kind.make().stream(
            HTTPRequest(method: .get, url: server.url("/stream/\(length)")), body: .none, options: TransportOptions(maximumResponseBytes: .max))
        var iterator = body.makeAsyncIterator()
        var received = 0
        var inOrder = true
        func take(_ chunk: Data) {
            // The server's pattern: the byte at offset i is i % 256. The first and last byte of each chunk
            // place it (checking every byte of 96 MiB in a debug build would hold a core for seconds).
            inOrder = inOrder && chunk.first == UInt8(truncatingIfNeeded: received)
                && chunk.last == UInt8(truncatingIfNeeded: received + chunk.count - 1)
            received += chunk.count
        }
        take(try #require(try await iterator.next()))
        // Time for a transport that reads ahead to take in far more than its buffer (loopback carries
        // several hundred MB a second); the assertion bounds bytes, not time.
        try await Task.sleep(for: .milliseconds(500))
        let sent = try await server.streams().bytes_sent
        while let chunk = try await iterator.next() { take(chunk) }

        if kind.holdsBackAStoppedReader {
            #expect(sent < 48 << 20, "the server wrote \(sent) bytes while the reader held one chunk")
        }
        #expect(received == length)
        #expect(inOrder)
        #expect(try await server.streamsEnded().completed == 1)
    }

    @Test("Dropping a body before its end closes the connection", arguments: TransportKind.allCases)
    func droppingTheBody(kind: TransportKind) async throws {
        let server = try await LoopbackServer.start()
        defer { server.terminate() }
        let length = 512 << 20

        // Paced at 10 ms per 64 KiB piece (6.4 MiB/s, 80 s for the whole body): a CI run on a starved
        // machine once let 256 MiB of a 1 ms pace reach URLSession's disk spill before this task took
        // its first chunk. The test is about the drop, not about keeping up.
        do {
            let (_, body) = try await kind.make().stream(
                HTTPRequest(method: .get, url: server.url("/stream/\(length)?pace_ms=10")), body: .none,
                options: TransportOptions(maximumResponseBytes: .max))
            var iterator = body.makeAsyncIterator()
            let first = try await iterator.next()
            #expect(first?.isEmpty == false)
        }
        // The body and its iterator are gone.

        let ended = try await server.streamsEnded()
        #expect(ended.aborted == 1, "the server was left writing: \(ended)")
        #expect(ended.bytes_sent < length)
    }

    @Test("Cancelling the reading task cancels the request", arguments: TransportKind.allCases)
    func cancellingTheReader(kind: TransportKind) async throws {
        let server = try await LoopbackServer.start()
        defer { server.terminate() }
        // The reader is cancelled, not slow; but on a starved machine it may fall hundreds of MiB behind
        // (URLSession on Linux) before its cancellation runs, which SpillLimitTests is about, not this.
        // Paced at 10 ms per 64 KiB piece (80 s for the whole body): at a 1 ms pace a starved CI run
        // read all 512 MiB before the cancellation ran.
        let transport = kind == .urlSession ? URLSessionTransport(configuration: .init(maximumSpilledBytes: .max)) : kind.make()
        let (_, body) = try await transport.stream(
            HTTPRequest(method: .get, url: server.url("/stream/536870912?pace_ms=10")), body: .none, options: TransportOptions(maximumResponseBytes: .max))
        let reader = Task {
            var count = 0
            for try await chunk in body { count += chunk.count }
            return count
        }
        try await Task.sleep(for: .milliseconds(100))
        reader.cancel()

        await #expect(throws: CancellationError.self) { try await reader.value }
        let ended = try await server.streamsEnded()
        #expect(ended.aborted == 1, "the server was left writing: \(ended)")
    }

    @Test("A body cut off midway throws TransportError after the bytes that arrived", arguments: TransportKind.allCases)
    func aBodyCutOffMidway(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let file = DownloadServer(server: server, length: 2_000_000)
        try await file.set("cut=700000")

        let (response, body) = try await kind.make().stream(
            HTTPRequest(method: .get, url: file.url), body: .none, options: TransportOptions(maximumResponseBytes: .max))
        var received = 0
        let error = await #expect(throws: TransportError.self) {
            for try await chunk in body { received += chunk.count }
        }

        #expect(response.status == .ok)
        #expect(error?.code == .connectionLost || error?.code == .badResponse || error?.code == .other, "\(String(describing: error))")
        // AsyncHTTPClient drops what it holds unread when the connection closes; the server waits a
        // moment before closing, so it is usually nothing.
        #expect(received > 0 && received <= 700_000)
        if kind == .urlSession { #expect(received == 700_000) }
    }

    @Test("A body over the limit throws ResponseTooLargeError while it is read", arguments: TransportKind.allCases)
    func aStreamedBodyOverItsLimit(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()

        let (_, body) = try await kind.make().stream(
            HTTPRequest(method: .get, url: server.url("/stream/4000000?framing=chunked")), body: .none, options: TransportOptions(maximumResponseBytes: 1_000_000))
        var received = 0
        let error = await #expect(throws: ResponseTooLargeError.self) {
            for try await chunk in body { received += chunk.count }
        }

        #expect(error?.maximumBytes == 1_000_000)
        #expect(received <= 1_000_000)
    }

    @Test("An announced body over the limit fails at its head", arguments: TransportKind.allCases)
    func anAnnouncedBodyOverItsLimit(kind: TransportKind) async throws {
        let server = try await LoopbackServer.shared()
        let error = await #expect(throws: ResponseTooLargeError.self) {
            try await kind.make().stream(
                HTTPRequest(method: .get, url: server.url("/stream/4000000")), body: .none, options: TransportOptions(maximumResponseBytes: 1_000_000))
        }
        #expect(error?.announcedLength == 4_000_000)
    }
}
