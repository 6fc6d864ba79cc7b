import Foundation
import ResgenRuntime
import Testing

#if canImport(Glibc)
    import Glibc
#endif

#if canImport(FoundationNetworking)
    /// The body bytes `URLSessionTransport` keeps on disk for a reader slower than the network (Linux:
    /// FoundationNetworking cannot hold a transfer back) are the caller's alone (issue 46, finding 7):
    /// while a stream runs, its temporary file is mode `0600` and has no name another process could
    /// open. `AsyncHTTPClientTransport` keeps nothing on disk: it holds the server back instead
    /// (`StreamingTransportTests.aStoppedReader`).
    @Suite(
        "The bytes a streamed body keeps on disk are the caller's alone",
        .enabled(if: LoopbackServer.isAvailable, "python3 is not on PATH (the loopback server needs it)")
    )
    struct SpillFilePermissionTests {
        /// The temporary files of spilled bodies open in this process (any test's), by `/proc/self/fd`:
        /// where each one's link points, and its mode.
        static func openSpillFiles() -> [(target: String, mode: Int)] {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            return descriptors.compactMap { descriptor in
                let path = "/proc/self/fd/\(descriptor)"
                var status = stat()
                // stat(2) follows the descriptor's link to the file itself, deleted or not.
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path), target.contains("resgen-spill"),
                    stat(path, &status) == 0
                else { return nil }
                return (target, Int(status.st_mode & 0o777))
            }
        }

        @Test func whileAStreamRunsItsSpillFileIsPrivateAndNameless() async throws {
            let server = try await LoopbackServer.start()
            defer { server.terminate() }
            let client = Client(baseURL: server.baseURL, transport: URLSessionTransport())

            let streamed = try await client.bytes(
                .get, server.url("/stream/\(16 << 20)"), headers: [HeaderField(name: "Authorization", value: "Bearer secret")])
            var iterator = streamed.body.makeAsyncIterator()
            var received = try #require(try await iterator.next()).count
            // The reader stops: what arrives beyond the 1 MiB buffer waits on disk.
            _ = try await server.streamsEnded()
            let spills = Self.openSpillFiles()

            #expect(!spills.isEmpty, "the body waits on disk while the reader is stopped")
            for spill in spills {
                #expect(spill.mode == 0o600, "\(spill.target) is mode \(String(spill.mode, radix: 8))")
                #expect(spill.target.hasSuffix(" (deleted)"), "\(spill.target) can be opened by name")
            }
            while let chunk = try await iterator.next() { received += chunk.count }
            #expect(received == 16 << 20)
        }
    }
#endif
