import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// The temporary file `URLSessionTransport` collects a stream body into before uploading it (it sends
/// streams with a `Content-Length`) is the caller's alone: mode `0600` while the request runs, as the
/// round's rule asks of every file the runtime keeps (issue 46; it was `0644`). `AsyncHTTPClientTransport`
/// sends a stream chunk by chunk and keeps no file.
@Suite(
    "A stream body waiting to be uploaded is the caller's alone",
    .enabled(if: LoopbackServer.isAvailable, "python3 is not on PATH (the loopback server needs it)")
)
struct UploadTemporaryFileTests {
    /// The modes of the stream bodies' temporary files there are now (any test's).
    static func streamFileModes() -> [String: Int] {
        let folder = FileManager.default.temporaryDirectory
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("resgen-stream-") }
        return names.reduce(into: [:]) { modes, name in
            let path = folder.appendingPathComponent(name).path
            if let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int { modes[name] = mode }
        }
    }

    @Test func whileTheRequestRunsTheCollectedBodyIsPrivate() async throws {
        let server = try await LoopbackServer.start()
        defer { server.terminate() }
        let stream = AsyncThrowingStream<Data, any Error> { continuation in
            continuation.yield(Data("a secret body".utf8))
            continuation.finish()
        }
        let request = HTTPRequest(method: .post, url: server.url("/delay/60000"))
        let before = Set(Self.streamFileModes().keys)
        let upload = Task { try await URLSessionTransport().send(request, body: .stream(stream)) }

        // The body was collected and sent: the server is waiting, the transport still holds the file.
        try await server.waitUntilReceived("/delay/60000")
        let modes = Self.streamFileModes().filter { !before.contains($0.key) }
        upload.cancel()
        _ = await upload.result  // the file goes with the task, before the process may end

        #expect(!modes.isEmpty, "the collected body is in a temporary file while the request runs")
        for (name, mode) in modes {
            #expect(mode == 0o600, "\(name) is mode \(String(mode, radix: 8))")
        }
    }
}
