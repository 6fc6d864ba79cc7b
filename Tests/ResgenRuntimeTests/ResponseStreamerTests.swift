import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking

    /// `ResponseStreamer` fed by hand, as `URLSessionTransport`'s delegate feeds it on Linux: a reader
    /// that falls behind costs at most the memory buffer, the rest waits on disk and is read back in order.
    @Suite struct ResponseStreamerTests {
        /// Holds the streamer made inside a continuation's closure.
        final class Slot: @unchecked Sendable {
            private let lock = NSLock()
            private var stored: ResponseStreamer?
            var streamer: ResponseStreamer? {
                get { lock.withLock { stored } }
                set { lock.withLock { stored = newValue } }
            }
        }

        /// The head and body a streamer handed over, taken out of the task that waited for them (a task
        /// keeps its result, which would keep the body).
        final class Delivery: @unchecked Sendable {
            private let lock = NSLock()
            private var stored: (HTTPResponse, ResponseBody)?
            func put(_ value: (HTTPResponse, ResponseBody)) { lock.withLock { stored = value } }
            func take() -> (HTTPResponse, ResponseBody)? {
                lock.withLock {
                    defer { stored = nil }
                    return stored
                }
            }
        }

        /// A streamer for a GET, and a function that waits for its head and body.
        func makeStreamer(maximumBytes: Int = .max) async -> (ResponseStreamer, @Sendable () async throws -> (HTTPResponse, ResponseBody)) {
            let slot = Slot()
            let delivery = Delivery()
            let request = HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:9/file")!)
            let head = Task {
                delivery.put(
                    try await withCheckedThrowingContinuation { continuation in
                        slot.streamer = ResponseStreamer(
                            request: request, maximumBytes: maximumBytes, maximumSpilledBytes: .max, handle: URLSessionTaskHandle(), keepingAlive: nil,
                            continuation: continuation)
                    })
            }
            while slot.streamer == nil { await Task.yield() }
            return (slot.streamer!, {
                try await head.value
                return delivery.take()!
            })
        }

        static let response = HTTPURLResponse(
            url: URL(string: "http://127.0.0.1:9/file")!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/octet-stream"])!

        /// Piece `index` of 64 KiB, every byte `index` modulo 251: a piece out of place, or cut at the
        /// wrong offset, shows. (Made with `memset`: a byte-by-byte pattern costs a debug build seconds.)
        static func piece(_ index: Int) -> Data {
            Data(repeating: UInt8(index % 251), count: 65_536)
        }

        @Test func aReaderThatFallsBehindCostsTheMemoryBufferAndTheRestWaitsOnDisk() async throws {
            let (streamer, head) = await makeStreamer()
            #expect(streamer.receive(Self.response) == .proceed)
            let (response, body) = try await head()
            for index in 0..<64 { #expect(streamer.receive(Self.piece(index)) == .proceed) }

            let waiting = streamer.waitingBytes
            #expect(waiting.inMemory <= ResponseStreamer.bufferLimit)
            #expect(Int64(waiting.inMemory) + waiting.onDisk == 64 * 65_536)
            #expect(waiting.onDisk > 0)

            // More arrives while the reader catches up; it all reads back in order.
            var received = Data()
            var iterator = body.makeAsyncIterator()
            for index in 64..<80 {
                received.append(try #require(try await iterator.next()))
                #expect(streamer.receive(Self.piece(index)) == .proceed)
            }
            streamer.complete(response: nil, error: nil)
            while let chunk = try await iterator.next() { received.append(chunk) }

            #expect(response.status == .ok)
            #expect(received == (0..<80).reduce(into: Data()) { $0.append(Self.piece($1)) })
            #expect(streamer.waitingBytes == (0, 0))
        }

        @Test func bytesThatArrivedBeforeTheConnectionBrokeAreReadBeforeTheError() async throws {
            let (streamer, head) = await makeStreamer()
            _ = streamer.receive(Self.response)
            let (_, body) = try await head()
            for index in 0..<32 { _ = streamer.receive(Self.piece(index)) }
            streamer.complete(response: nil, error: URLError(.networkConnectionLost))

            var received = 0
            let error = await #expect(throws: TransportError.self) {
                for try await chunk in body { received += chunk.count }
            }

            #expect(received == 32 * 65_536)
            #expect(error?.code == .connectionLost)
        }

        @Test func aBodyPastItsLimitFailsOnePiecePastIt() async throws {
            let (streamer, head) = await makeStreamer(maximumBytes: 100_000)
            _ = streamer.receive(Self.response)
            let (_, body) = try await head()

            #expect(streamer.receive(Self.piece(0)) == .proceed)
            #expect(streamer.receive(Self.piece(1)) == .cancel)
            #expect(streamer.receive(Self.piece(2)) == .ignore)

            let error = await #expect(throws: ResponseTooLargeError.self) { _ = try await body.collect(upTo: .max) }
            #expect(error?.receivedBytes == 131_072)
            #expect(streamer.waitingBytes == (0, 0), "nothing is kept of a body over its limit")
        }

        @Test func droppingTheBodyLetsGoOfWhatWaits() async throws {
            let (streamer, head) = await makeStreamer()
            _ = streamer.receive(Self.response)
            do {
                let (_, body) = try await head()
                for index in 0..<40 { _ = streamer.receive(Self.piece(index)) }
                withExtendedLifetime(body) {}
            }
            #expect(streamer.waitingBytes == (0, 0))
            #expect(streamer.receive(Self.piece(40)) == .ignore)
        }
    }
#endif
