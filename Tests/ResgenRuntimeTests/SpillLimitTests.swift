import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking

    /// The bytes of a streamed body that wait on disk for a slow reader are bounded (issue 46, finding 7:
    /// a 535 MB body spilled whole, as nothing bounded it): past
    /// `URLSessionTransport.Configuration.maximumSpilledBytes` the request is cancelled and the reader
    /// gets `SpillLimitError`, from the client a `ClientError` of kind `readerTooSlow`. Linux only, where
    /// `URLSessionTransport` spills; `AsyncHTTPClientTransport` holds the server back instead
    /// (`StreamingTransportTests.aStoppedReader`), and Apple's URLSession suspends the task.
    @Suite(
        "The bytes a slow reader keeps on disk are bounded",
        .enabled(if: LoopbackServer.isAvailable, "python3 is not on PATH (the loopback server needs it)")
    )
    struct SpillLimitTests {
        @Test func theDefaultBoundIsDocumented() {
            #expect(URLSessionTransport.Configuration().maximumSpilledBytes == 256 << 20)
            #expect(URLSessionTransport.Configuration.defaultMaximumSpilledBytes == 256 << 20)
        }

        /// Fed by hand: the memory buffer fills, then the spill up to its bound; the next piece cancels
        /// the task and the reader gets the error at once, with nothing kept.
        @Test func theStreamerStopsOnePiecePastTheBound() async throws {
            let slot = ResponseStreamerTests.Slot()
            let delivery = ResponseStreamerTests.Delivery()
            let request = HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:9/file")!)
            let head = Task {
                delivery.put(
                    try await withCheckedThrowingContinuation { continuation in
                        slot.streamer = ResponseStreamer(
                            request: request, maximumBytes: .max, maximumSpilledBytes: 1 << 20, handle: URLSessionTaskHandle(),
                            keepingAlive: nil, continuation: continuation)
                    })
            }
            while slot.streamer == nil { await Task.yield() }
            let streamer = try #require(slot.streamer)
            _ = streamer.receive(ResponseStreamerTests.response)
            try await head.value
            let (_, body) = try #require(delivery.take())

            // 16 pieces of 64 KiB fill the memory buffer, 16 more the spill.
            for index in 0..<32 { #expect(streamer.receive(ResponseStreamerTests.piece(index)) == .proceed, "piece \(index)") }
            #expect(streamer.waitingBytes.onDisk == 1 << 20)
            #expect(streamer.receive(ResponseStreamerTests.piece(32)) == .cancel)

            let error = await #expect(throws: SpillLimitError.self) { _ = try await body.collect(upTo: .max) }
            #expect(error?.maximumBytes == 1 << 20)
            #expect(streamer.waitingBytes == (0, 0), "nothing is kept once the bound is reached")
        }

        /// Over loopback, through the client: a reader that waits while 64 MiB arrive gets `readerTooSlow`
        /// (the transfer was cancelled at the bound, and what waited was let go).
        @Test func aStoppedReaderGetsReaderTooSlow() async throws {
            let server = try await LoopbackServer.start()
            defer { server.terminate() }
            let transport = URLSessionTransport(configuration: .init(maximumSpilledBytes: 4 << 20))
            let client = Client(baseURL: server.baseURL, transport: transport)

            let streamed = try await client.bytes(.get, server.url("/stream/\(64 << 20)"))
            var iterator = streamed.body.makeAsyncIterator()
            // The reader reads nothing until the server sent the body or was cut off, however long that
            // takes on a loaded machine.
            var streams = try await server.streamsEnded()
            while streams.completed + streams.aborted < 1 {
                try await Task.sleep(for: .milliseconds(100))
                streams = try await server.streams()
            }
            let error = await #expect(throws: ClientError.self) {
                while try await iterator.next() != nil {}
            }

            #expect(error?.kind == .readerTooSlow)
            #expect(error?.underlying is SpillLimitError)
            // Not checked: that the server stopped sending. FoundationNetworking cancels only once libcurl
            // returns to its queue, which it may not before a fast body ended (URLSessionTransport's known
            // limits); the streamer keeps nothing that arrives after the bound (the test above).
        }
    }
#endif
