import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenTesting
import Testing

/// `Client.download` and `Client.bytes` over a `MockTransport`: where the body goes, what is left after
/// each kind of failure, and how a partial file is resumed (RFC 9110 §14), without a network.
@Suite struct DownloadTests {
    let base = URL(string: "https://api.example.com")!
    let mock = MockTransport(format: nil, baseURL: URL(string: "https://api.example.com")!)
    var client: Client { Client(baseURL: base, transport: mock) }
    /// A folder of the test's own, removed at the end of each test (`defer { cleanUp() }`).
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-download-tests-\(UUID().uuidString)")
    var destination: URL { folder.appendingPathComponent("report.bin") }
    var fileURL: URL { base.appendingPathComponent("files/report.bin") }

    /// 300,000 bytes that repeat no 256-byte block (a misplaced part would show).
    static let payload = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 ^ ($0 >> 8) ^ ($0 >> 16)) })

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// The names of the files in the folder, sorted.
    func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    // MARK: Whole downloads

    @Test func aBodyIsWrittenToTheDestinationReplacingWhatWasThere() async throws {
        defer { cleanUp() }
        try Data("old".utf8).write(to: destination)
        mock.on(.get, "/files/report.bin", .resumable(Self.payload))

        let file = try await client.download(fileURL, to: destination)

        #expect(try Data(contentsOf: destination) == Self.payload)
        #expect(file.fileURL.path == destination.standardizedFileURL.path)
        #expect(file.byteCount == Int64(Self.payload.count))
        #expect(file.resumedFrom == 0)
        #expect(file.response.status == .ok)
        #expect(files() == ["report.bin"], "nothing is left beside the file")
        let sent = try #require(mock.requests.first)
        #expect(sent.header(.acceptEncoding) == "identity")
        #expect(sent.header(.accept) == "*/*")
        #expect(sent.header(.range) == nil)
    }

    @Test func aTypedPathDownloadsBelowTheBaseURL() async throws {
        defer { cleanUp() }
        mock.on(.get, "/posts/7", .resumable(Self.payload))

        try await client.download(Post.show(7), to: destination)
        let streamed = try await client.bytes(Post.show(7), query: [QueryItem(name: "format", value: "pdf")])

        #expect(try Data(contentsOf: destination) == Self.payload)
        #expect(try await streamed.body.collect(upTo: .max) == Self.payload)
        #expect(mock.requests.map(\.summary) == ["GET /posts/7", "GET /posts/7?format=pdf"])
    }

    @Test func aStatusOutside2xxIsTheUsualErrorAndTheDestinationIsLeftAlone() async throws {
        defer { cleanUp() }
        try Data("old".utf8).write(to: destination)
        mock.on(.get, "/files/report.bin", .error(.notFound, title: "No such file"))

        let error = await #expect(throws: ClientError.self) { try await client.download(fileURL, to: destination) }

        #expect(error?.kind == .unacceptableStatus)
        #expect(error?.status == .notFound)
        #expect(error?.serverError?.summaries.first?.contains("No such file") == true)
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(files() == ["report.bin"])
    }

    @Test func aBodyOverTheLimitFailsAndLeavesNothing() async throws {
        defer { cleanUp() }
        try Data("old".utf8).write(to: destination)
        mock.on(.get, "/files/report.bin", .resumable(Self.payload))

        let error = await #expect(throws: ClientError.self) {
            try await client.download(fileURL, to: destination, maximumBytes: Self.payload.count - 1)
        }

        #expect(error?.kind == .responseTooLarge)
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(files() == ["report.bin"])
    }

    @Test func theClientsResponseLimitDoesNotApplyToDownloads() async throws {
        defer { cleanUp() }
        mock.on(.get, "/files/report.bin", .resumable(Self.payload))
        let small = Client(baseURL: base, transport: mock, configuration: .init(maximumResponseBytes: 1000))

        try await small.download(fileURL, to: destination)

        #expect(try Data(contentsOf: destination) == Self.payload)
    }

    @Test func aDestinationThatIsNotAFileURLIsRefused() async throws {
        defer { cleanUp() }
        let error = await #expect(throws: ClientError.self) { try await client.download(fileURL, to: base) }
        #expect(error?.kind == .invalidRequest)
        #expect(mock.requests.isEmpty)
    }

    @Test func aMissingFolderIsAFileAccessError() async throws {
        defer { cleanUp() }
        mock.on(.get, "/files/report.bin", .resumable(Self.payload))
        let nowhere = folder.appendingPathComponent("missing/report.bin")

        let error = await #expect(throws: ClientError.self) { try await client.download(fileURL, to: nowhere) }

        #expect(error?.kind == .fileAccess)
        #expect(files().isEmpty)
    }

    // MARK: Interrupted and resumed

    @Test func anInterruptedDownloadLeavesItsPartialFileAndTheNextOneAppendsTheRest() async throws {
        defer { cleanUp() }
        try Data("old".utf8).write(to: destination)
        mock.on(.get, "/files/report.bin", .resumable(Self.payload, etag: "\"v1\"").interrupted(after: 100_000))

        let error = await #expect(throws: ClientError.self) { try await client.download(fileURL, to: destination) }

        #expect(error?.kind == .transport)
        #expect(error?.status == .ok)
        #expect(try Data(contentsOf: destination) == Data("old".utf8), "the destination is untouched")
        #expect(files() == ["report.bin", "report.bin.resgen-partial", "report.bin.resgen-partial.json"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("report.bin.resgen-partial")) == Self.payload.prefix(100_000))

        mock.on(.get, "/files/report.bin", .resumable(Self.payload, etag: "\"v1\""))
        let file = try await client.download(fileURL, to: destination)

        #expect(try Data(contentsOf: destination) == Self.payload)
        #expect(file.resumedFrom == 100_000)
        #expect(file.response.status == .partialContent)
        #expect(files() == ["report.bin"])
        let resumed = try #require(mock.requests.last)
        #expect(resumed.header(.range) == "bytes=100000-")
        #expect(resumed.header(.ifRange) == "\"v1\"")
    }

    @Test func aServerThatIgnoresRangeRestartsTheFileFromZero() async throws {
        defer { cleanUp() }
        mock.on(.get, "/files/report.bin", .resumable(Self.payload).interrupted(after: 100_000))
        _ = try? await client.download(fileURL, to: destination)
        mock.on(.get, "/files/report.bin", .data(Self.payload, contentType: "application/octet-stream"))

        let file = try await client.download(fileURL, to: destination)

        #expect(mock.requests.last?.header(.range) == "bytes=100000-")
        #expect(file.resumedFrom == 0)
        #expect(try Data(contentsOf: destination) == Self.payload)
        #expect(files() == ["report.bin"])
    }

    @Test func aChangedFileIsDownloadedWholeWhenIfRangeNoLongerMatches() async throws {
        defer { cleanUp() }
        mock.on(.get, "/files/report.bin", .resumable(Self.payload, etag: "\"v1\"").interrupted(after: 100_000))
        _ = try? await client.download(fileURL, to: destination)
        let changed = Data(Self.payload.reversed())
        mock.on(.get, "/files/report.bin", .resumable(changed, etag: "\"v2\""))

        let file = try await client.download(fileURL, to: destination)

        #expect(mock.requests.last?.header(.ifRange) == "\"v1\"")
        #expect(file.response.status == .ok)
        #expect(try Data(contentsOf: destination) == changed)
    }

    @Test(
        "A 206 that does not continue the partial file is an error and appends nothing",
        arguments: ["bytes 100001-299999/300000", "bytes 0-299999/300000", "bytes 100000-299999", nil])
    func aWrongContentRangeIsRefused(contentRange: String?) async throws {
        defer { cleanUp() }
        try Data("old".utf8).write(to: destination)
        mock.on(.get, "/files/report.bin", .resumable(Self.payload).interrupted(after: 100_000))
        _ = try? await client.download(fileURL, to: destination)
        mock.on(.get, "/files/report.bin", MockResponse { _, _ in
            var fields = HTTPFields()
            fields[.eTag] = "\"mock\""
            if let contentRange { fields[.contentRange] = contentRange }
            return (HTTPResponse(status: .partialContent, headerFields: fields), Self.payload.suffix(from: 100_000))
        })

        let error = await #expect(throws: ClientError.self) { try await client.download(fileURL, to: destination) }

        #expect(error?.kind == .invalidPartialResponse)
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(files() == ["report.bin"], "the partial file is discarded: the next download starts over")
    }

    /// A server (or cache) that answers the range without checking If-Range, with a new version: the part
    /// is not appended (issue 46, finding 5), the whole new version is asked for and written.
    @Test(arguments: ["\"v2\"", nil])
    func aPartOfAnotherRepresentationStartsTheFileOver(etag: String?) async throws {
        defer { cleanUp() }
        mock.on(.get, "/files/report.bin", .resumable(Self.payload, etag: "\"v1\"").interrupted(after: 100_000))
        _ = try? await client.download(fileURL, to: destination)
        let changed = Data(Self.payload.reversed())
        mock.on(.get, "/files/report.bin", MockResponse { request, _ in
            var fields: HTTPFields = [.contentLength: "300000"]
            if let etag { fields[.eTag] = etag }
            guard request.header(.range) != nil else { return (HTTPResponse(status: .ok, headerFields: fields), changed) }
            fields[.contentRange] = "bytes 100000-299999/300000"
            fields[.contentLength] = "200000"
            return (HTTPResponse(status: .partialContent, headerFields: fields), changed.suffix(from: 100_000))
        })

        let file = try await client.download(fileURL, to: destination)

        #expect(mock.requests.suffix(2).map { $0.header(.range) } == ["bytes=100000-", nil])
        #expect(file.resumedFrom == 0)
        #expect(try Data(contentsOf: destination) == changed)
        #expect(files() == ["report.bin"])
    }

    @Test func aPartialFileLongerThanTheFileStartsOverAfterA416() async throws {
        defer { cleanUp() }
        mock.on(.get, "/files/report.bin", .resumable(Self.payload).interrupted(after: 100_000))
        _ = try? await client.download(fileURL, to: destination)
        let shorter = Self.payload.prefix(50_000)
        mock.on(.get, "/files/report.bin", .resumable(shorter))

        let file = try await client.download(fileURL, to: destination)

        #expect(mock.requests.suffix(2).map { $0.header(.range) } == ["bytes=100000-", nil])
        #expect(file.byteCount == 50_000)
        #expect(try Data(contentsOf: destination) == shorter)
    }

    @Test func aPartialFileOfAnotherURLIsNotResumed() async throws {
        defer { cleanUp() }
        mock.on(.get, "/files/report.bin", .resumable(Self.payload).interrupted(after: 100_000))
        mock.on(.get, "/files/other.bin", .resumable(Self.payload))
        _ = try? await client.download(fileURL, to: destination)

        try await client.download(base.appendingPathComponent("files/other.bin"), to: destination)

        #expect(mock.requests.last?.header(.range) == nil)
        #expect(try Data(contentsOf: destination) == Self.payload)
    }

    @Test(
        "Without a strong validator, or when not resumable, a failed download leaves nothing",
        arguments: [(etag: "W/\"weak\"", resumable: true), (etag: "\"v1\"", resumable: false)])
    func nothingIsLeftWhenItCannotBeResumed(etag: String, resumable: Bool) async throws {
        defer { cleanUp() }
        mock.on(.get, "/files/report.bin", .resumable(Self.payload, etag: etag).interrupted(after: 100_000))

        let error = await #expect(throws: ClientError.self) { try await client.download(fileURL, to: destination, resumable: resumable) }

        #expect(error?.kind == .transport)
        #expect(files().isEmpty)
    }

    @Test func aLastModifiedDateWellBeforeTheResponsesDateIsAValidator() async throws {
        defer { cleanUp() }
        let lastModified = "Mon, 01 Jan 2024 00:00:00 GMT"
        let interrupted = MockResponse.resumable(Self.payload, etag: nil, lastModified: lastModified).interrupted(after: 1000)
        mock.on(.get, "/files/report.bin", MockResponse { request, encoder in
            let (made, body) = try interrupted.make(request, encoder)
            var head = made
            head.headerFields[.date] = "Tue, 02 Jan 2024 00:00:00 GMT"
            return (head, body)
        }.interrupted(after: 1000))
        _ = try? await client.download(fileURL, to: destination)
        mock.on(.get, "/files/report.bin", .resumable(Self.payload, etag: nil, lastModified: lastModified))

        let file = try await client.download(fileURL, to: destination)

        #expect(mock.requests.last?.header(.ifRange) == lastModified)
        #expect(file.resumedFrom == 1000)
        #expect(try Data(contentsOf: destination) == Self.payload)
    }

    @Test func rangeAndIfRangeGoToEveryHopOfARedirect() async throws {
        defer { cleanUp() }
        let cdn = URL(string: "https://cdn.example.net/blobs/42")!
        mock.on(.get, "/files/report.bin", MockResponse { _, _ in
            (HTTPResponse(status: .found, headerFields: [.location: cdn.absoluteString]), Data())
        })
        mock.on("the CDN", where: { $0.request.authority == "cdn.example.net" }, .resumable(Self.payload).interrupted(after: 1000))
        let authorized = Client(baseURL: base, transport: mock, configuration: .init(defaultHeaders: [HeaderField(name: "Authorization", value: "Bearer secret")]))
        _ = try? await authorized.download(fileURL, to: destination)
        mock.on("the CDN", where: { $0.request.authority == "cdn.example.net" }, .resumable(Self.payload))

        let file = try await authorized.download(fileURL, to: destination)

        let hops = mock.requests.suffix(2)
        #expect(hops.map { $0.header(.range) } == ["bytes=1000-", "bytes=1000-"])
        #expect(hops.last?.header(.authorization) == nil, "the caller's fields still stay on trusted origins")
        #expect(file.url == cdn)
        #expect(try Data(contentsOf: destination) == Self.payload)
    }

    // MARK: Progress

    @Test func progressIsMonotonicBoundedAndEndsAtTheTotal() async throws {
        defer { cleanUp() }
        mock.streamChunkSize = 1000
        mock.on(.get, "/files/report.bin", .resumable(Self.payload))
        let recorder = ProgressRecorder()

        try await client.download(fileURL, to: destination, progress: recorder.record)

        let values = recorder.values
        #expect(values.first == TransferProgress(completedBytes: 0, totalBytes: 300_000))
        #expect(values.last == TransferProgress(completedBytes: 300_000, totalBytes: 300_000))
        #expect(values.count <= 102)
        #expect(values.count > 50, "300 chunks make a step of every percent")
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.completedBytes < $1.completedBytes })
    }

    @Test func aResumedDownloadReportsFromWhereItResumed() async throws {
        defer { cleanUp() }
        mock.on(.get, "/files/report.bin", .resumable(Self.payload).interrupted(after: 100_000))
        _ = try? await client.download(fileURL, to: destination)
        mock.on(.get, "/files/report.bin", .resumable(Self.payload))
        let recorder = ProgressRecorder()

        try await client.download(fileURL, to: destination, progress: recorder.record)

        #expect(recorder.values.first == TransferProgress(completedBytes: 100_000, totalBytes: 300_000))
        #expect(recorder.values.last == TransferProgress(completedBytes: 300_000, totalBytes: 300_000))
    }

    @Test func uploadsReportTheirProgressInsideTheScope() async throws {
        defer { cleanUp() }
        let upload = folder.appendingPathComponent("upload.bin")
        try Self.payload.write(to: upload)
        mock.on(.post, "/uploads", .empty(.created))
        let recorder = ProgressRecorder()

        _ = try await TransferProgress.reportingUploads(to: recorder.record) {
            try await client.request(.post, base.appendingPathComponent("uploads"), body: .multipart([
                MultipartPart(name: "file", filename: "upload.bin", content: .file(upload))
            ]))
        }
        _ = try await client.request(.post, base.appendingPathComponent("uploads"), body: .raw(Data("x".utf8), contentType: "text/plain"))

        let length = try #require(mock.requests.first?.body?.count)
        #expect(recorder.values == [TransferProgress(completedBytes: 0, totalBytes: Int64(length)), TransferProgress(completedBytes: Int64(length), totalBytes: Int64(length))])
    }

    // MARK: Streaming

    @Test func bytesHandsTheBodyOverInChunks() async throws {
        defer { cleanUp() }
        mock.streamChunkSize = 65_536
        mock.on(.get, "/files/report.bin", .resumable(Self.payload))

        let streamed = try await client.bytes(.get, fileURL)
        var sizes: [Int] = []
        var received = Data()
        for try await chunk in streamed.body {
            sizes.append(chunk.count)
            received.append(chunk)
        }

        #expect(streamed.response.status == .ok)
        #expect(streamed.url == fileURL)
        #expect(received == Self.payload)
        #expect(sizes == [65_536, 65_536, 65_536, 65_536, 37_856])
    }

    @Test func bytesOfABodyThatBreaksOffThrowsAClientErrorWithTheStatus() async throws {
        defer { cleanUp() }
        mock.on(.get, "/files/report.bin", .resumable(Self.payload).interrupted(after: 100_000))
        let streamed = try await client.bytes(.get, fileURL)

        let error = await #expect(throws: ClientError.self) { _ = try await streamed.body.collect(upTo: .max) }

        #expect(error?.kind == .transport)
        #expect(error?.status == .ok)
        #expect(error?.description.hasPrefix("GET \(fileURL.absoluteString): the response body broke off: GET \(fileURL.absoluteString) failed: connection lost") == true)
    }

    @Test func bytesOverItsLimitIsResponseTooLarge() async throws {
        defer { cleanUp() }
        mock.on(.get, "/files/report.bin", .resumable(Self.payload))
        let error = await #expect(throws: ClientError.self) { try await client.bytes(.get, fileURL, maximumBytes: 1000) }
        #expect(error?.kind == .responseTooLarge)
    }

    @Test func middlewaresSeeAStreamedResponseWithoutItsBody() async throws {
        defer { cleanUp() }
        let seen = ContextRecorder()
        mock.on(.get, "/files/report.bin", .resumable(Self.payload))
        let watched = Client(baseURL: base, transport: mock, middlewares: [seen])

        let streamed = try await watched.bytes(.get, fileURL)
        _ = try await watched.request(.get, fileURL)

        #expect(try await streamed.body.collect(upTo: .max) == Self.payload)
        #expect(seen.calls.map(\.streams) == [true, false])
        #expect(seen.calls.map(\.bodyBytes) == [0, Self.payload.count])
    }
}

/// Records what a progress handler is given.
final class ProgressRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [TransferProgress] = []
    var values: [TransferProgress] { lock.withLock { recorded } }
    var record: @Sendable (TransferProgress) -> Void { { value in self.lock.withLock { self.recorded.append(value) } } }
}

/// A middleware that records whether each response streamed, and the body it saw.
final class ContextRecorder: ClientMiddleware, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(streams: Bool, bodyBytes: Int)] = []
    var calls: [(streams: Bool, bodyBytes: Int)] { lock.withLock { recorded } }

    func intercept(
        _ request: HTTPRequest, body: OutgoingBody, context: MiddlewareContext,
        next: @Sendable (HTTPRequest, OutgoingBody) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        let (response, data) = try await next(request, body)
        lock.withLock { recorded.append((context.streamsResponseBody, data.count)) }
        return (response, data)
    }
}
