import Foundation
import HTTPTypes
import ResgenAsyncHTTPClient
import ResgenRuntime
import Testing

/// `Client.download` and `Client.bytes` against the loopback server (`Tests/Servers/echo_server.py`,
/// `/download/<n>`), once per transport: whole downloads, limits, statuses, a connection closed midway
/// and resumed with `Range`/`If-Range`, servers that ignore or garble ranges, and progress both ways.
/// Each test has a file (a key) of its own on the shared server and a folder of its own.
@Suite(
    "Downloads over loopback HTTP",
    .enabled(if: LoopbackServer.isAvailable, "python3 is not on PATH (the loopback server needs it)")
)
struct DownloadLoopbackTests {
    /// The files' length: 3 MB, several times a transport's buffer.
    static let length = 3_000_000
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-download-loopback-\(UUID().uuidString)")
    var destination: URL { folder.appendingPathComponent("file.bin") }

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    func partialSize() -> Int64 {
        let path = folder.appendingPathComponent("file.bin.resgen-partial").path
        return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? -1
    }

    func setUp(_ kind: TransportKind) async throws -> (DownloadServer, Client) {
        let server = try await LoopbackServer.shared()
        return (DownloadServer(server: server, length: Self.length), Client(baseURL: server.baseURL, transport: kind.make()))
    }

    @Test(arguments: TransportKind.allCases)
    func aFileIsDownloadedWholeEveryByteIntact(kind: TransportKind) async throws {
        defer { cleanUp() }
        let (file, client) = try await setUp(kind)

        let downloaded = try await client.download(file.url, to: destination)

        let state = try await file.state()
        #expect(try await LoopbackServer.sha256(of: destination) == state.sha256)
        #expect(downloaded.byteCount == Int64(Self.length))
        #expect(state.requests == [.init(range: nil, if_range: nil, accept_encoding: "identity")])
        #expect(files() == ["file.bin"])
    }

    @Test(arguments: TransportKind.allCases, ["announced", "chunked"])
    func aFileOverTheLimitFailsAndTheDestinationIsUntouched(kind: TransportKind, framing: String) async throws {
        defer { cleanUp() }
        let (file, client) = try await setUp(kind)
        try Data("old".utf8).write(to: destination)
        let url = framing == "announced" ? file.url : file.server.url("/stream/\(Self.length)?framing=chunked")

        let error = await #expect(throws: ClientError.self) { try await client.download(url, to: destination, maximumBytes: 1_000_000) }

        #expect(error?.kind == .responseTooLarge)
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(files() == ["file.bin"])
    }

    @Test(arguments: TransportKind.allCases)
    func aStatusOutside2xxIsTheUsualError(kind: TransportKind) async throws {
        defer { cleanUp() }
        let (file, client) = try await setUp(kind)
        try Data("old".utf8).write(to: destination)

        let error = await #expect(throws: ClientError.self) { try await client.download(file.server.url("/status/404"), to: destination) }

        #expect(error?.kind == .unacceptableStatus)
        #expect(error?.status?.code == 404)
        #expect(error?.bodyExcerpt == #"{"status": 404}"#)
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(files() == ["file.bin"])
    }

    @Test(arguments: TransportKind.allCases)
    func aDownloadCutOffMidwayResumesWithARangeAndEndsWithTheSameBytes(kind: TransportKind) async throws {
        defer { cleanUp() }
        let (file, client) = try await setUp(kind)
        try await file.set("cut=1200000")

        let error = await #expect(throws: ClientError.self) { try await client.download(file.url, to: destination) }

        #expect(error?.kind == .transport)
        let kept = partialSize()
        #expect(kept > 0 && kept <= 1_200_000, "the partial file holds what arrived: \(kept) bytes")
        #expect(!FileManager.default.fileExists(atPath: destination.path))

        let resumed = try await client.download(file.url, to: destination)

        let state = try await file.state()
        #expect(try await LoopbackServer.sha256(of: destination) == state.sha256)
        #expect(resumed.resumedFrom == kept)
        #expect(resumed.response.status == .partialContent)
        #expect(state.requests.last == .init(range: "bytes=\(kept)-", if_range: "\"v1\"", accept_encoding: "identity"))
        #expect(files() == ["file.bin"])
    }

    @Test(arguments: TransportKind.allCases)
    func aServerThatIgnoresRangeRestartsTheFile(kind: TransportKind) async throws {
        defer { cleanUp() }
        let (file, client) = try await setUp(kind)
        try await file.set("cut=1200000")
        _ = try? await client.download(file.url, to: destination)
        try await file.set("ignore_range=1")

        let restarted = try await client.download(file.url, to: destination)

        let state = try await file.state()
        #expect(try await LoopbackServer.sha256(of: destination) == state.sha256)
        #expect(restarted.resumedFrom == 0)
        #expect(restarted.response.status == .ok)
        #expect(state.requests.last?.range != nil, "the second download asked for a range")
    }

    @Test(arguments: TransportKind.allCases)
    func aFileWhoseValidatorChangedIsDownloadedWhole(kind: TransportKind) async throws {
        defer { cleanUp() }
        let (file, client) = try await setUp(kind)
        try await file.set("cut=1200000")
        _ = try? await client.download(file.url, to: destination)
        try await file.set("etag=%22v2%22&seed=7")

        let restarted = try await client.download(file.url, to: destination)

        let state = try await file.state()
        #expect(try await LoopbackServer.sha256(of: destination) == state.sha256, "the new file's bytes, not the old ones")
        #expect(restarted.resumedFrom == 0)
        #expect(state.requests.last?.if_range == "\"v1\"")
    }

    @Test(arguments: TransportKind.allCases, ["shift", "garbage", "missing"])
    func aWrongContentRangeIsAnErrorAndAppendsNothing(kind: TransportKind, badRange: String) async throws {
        defer { cleanUp() }
        let (file, client) = try await setUp(kind)
        try await file.set("cut=1200000")
        _ = try? await client.download(file.url, to: destination)
        try await file.set("bad_range=\(badRange)")

        let error = await #expect(throws: ClientError.self) { try await client.download(file.url, to: destination) }

        #expect(error?.kind == .invalidPartialResponse)
        #expect(error?.status == .partialContent)
        #expect(files().isEmpty, "no destination, and the partial file is discarded")

        let again = try await client.download(file.url, to: destination)
        #expect(again.resumedFrom == 0)
        #expect(try await LoopbackServer.sha256(of: destination) == (try await file.state()).sha256)
    }

    @Test(arguments: TransportKind.allCases)
    func downloadProgressIsMonotonicBoundedAndEndsAtTheTotal(kind: TransportKind) async throws {
        defer { cleanUp() }
        let (file, client) = try await setUp(kind)
        let recorder = ProgressRecorder()

        try await client.download(file.url, to: destination, progress: recorder.record)

        let values = recorder.values
        let total = Int64(Self.length)
        #expect(values.first == TransferProgress(completedBytes: 0, totalBytes: total))
        #expect(values.last == TransferProgress(completedBytes: total, totalBytes: total))
        #expect(values.count >= 10 && values.count <= 102, "\(values.count) values")
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.completedBytes < $1.completedBytes })
    }

    @Test(arguments: TransportKind.allCases)
    func uploadProgressIsMonotonicBoundedAndEndsAtTheBodysLength(kind: TransportKind) async throws {
        defer { cleanUp() }
        let (file, client) = try await setUp(kind)
        let upload = folder.appendingPathComponent("upload.bin")
        try Data(repeating: 7, count: 4 << 20).write(to: upload)
        let recorder = ProgressRecorder()

        let raw = try await TransferProgress.reportingUploads(to: recorder.record) {
            try await client.request(.post, file.server.url("/sink"), body: .multipart([
                MultipartPart(name: "file", filename: "upload.bin", contentType: "application/octet-stream", content: .file(upload))
            ]))
        }

        let sent = try JSONDecoder().decode(TransportTestsSink.self, from: raw.body).length
        let values = recorder.values
        #expect(values.last == TransferProgress(completedBytes: Int64(sent), totalBytes: Int64(sent)))
        #expect(values.count >= 3 && values.count <= 102, "\(values.count) values")
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.completedBytes < $1.completedBytes })
    }

    @Test(arguments: TransportKind.allCases)
    func bytesStreamsAnInflatedGzipBodyAndStopsAtItsLimit(kind: TransportKind) async throws {
        let (file, client) = try await setUp(kind)

        let streamed = try await client.bytes(.get, file.server.url("/gzip/8"))
        var count = 0
        var nonZero = false
        for try await chunk in streamed.body {
            count += chunk.count
            nonZero = nonZero || chunk.contains { $0 != 0 }
        }
        #expect(count == 8 << 20)
        #expect(!nonZero)

        let limited = try await client.bytes(.get, file.server.url("/gzip/8"), maximumBytes: 1 << 20)
        let error = await #expect(throws: ClientError.self) { _ = try await limited.body.collect(upTo: .max) }
        #expect(error?.kind == .responseTooLarge)
    }
}

/// What `/sink` answers, as far as these tests read it.
struct TransportTestsSink: Decodable {
    var length: Int
}

/// Records what a progress handler is given.
final class ProgressRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [TransferProgress] = []
    var values: [TransferProgress] { lock.withLock { recorded } }
    var record: @Sendable (TransferProgress) -> Void { { value in self.lock.withLock { self.recorded.append(value) } } }
}
