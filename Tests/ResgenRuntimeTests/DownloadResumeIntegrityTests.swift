import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// A resumed download appends only more of the representation its partial file began with (issue 46,
/// finding 5): a `206` without the recorded `ETag`, with another `Last-Modified` or another complete
/// length — a server or cache that answered `Range` whatever `If-Range` said, with a new version — starts
/// the file over with a request for the whole of it, and the file is the new version alone. Over both
/// transports, against the loopback server's `/download/<n>`.
@Suite(
    "A resumed download never splices two representations",
    .enabled(if: LoopbackServer.isAvailable, "python3 is not on PATH (the loopback server needs it)")
)
struct DownloadResumeIntegrityTests {
    static let length = 3_000_000
    static let newLength = 2_500_000
    /// Two Last-Modified dates, both long before the server's Date, so that either is a strong validator.
    static let firstDate = "Mon, 01 Jan 2024 00:00:00 GMT"
    static let secondDate = "Tue, 02 Jan 2024 00:00:00 GMT"

    /// How the second version differs from the first, and how the server says so.
    enum Change: String, CaseIterable, CustomTestStringConvertible {
        /// The 206 carries no ETag (the first answer had "v1").
        case entityTagMissing
        /// The validator is the Last-Modified date (the ETag is weak); the 206 has another date and length.
        case lastModifiedAndLength
        /// The same ETag, another complete length.
        case lengthOnly

        var testDescription: String { rawValue }
        var usesLastModified: Bool { self == .lastModifiedAndLength }
        var expectedLength: Int { self == .entityTagMissing ? DownloadResumeIntegrityTests.length : DownloadResumeIntegrityTests.newLength }

        /// What the server is told after the first download broke off: a new version (seed 7), and
        /// ranges answered whatever If-Range says.
        var query: String {
            switch self {
            case .entityTagMissing: "ignore_if_range=1&seed=7&omit_etag=1"
            case .lastModifiedAndLength:
                "ignore_if_range=1&seed=7&length=\(DownloadResumeIntegrityTests.newLength)&last_modified="
                    + DownloadResumeIntegrityTests.secondDate.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            case .lengthOnly: "ignore_if_range=1&seed=7&length=\(DownloadResumeIntegrityTests.newLength)"
            }
        }
    }

    @Test(arguments: TransportKind.allCases, Change.allCases)
    func aPartOfAnotherRepresentationStartsTheFileOver(kind: TransportKind, change: Change) async throws {
        let folder = try DownloadFolder()
        defer { folder.remove() }
        let server = try await LoopbackServer.shared()
        let file = DownloadServer(server: server, length: Self.length)
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        if change.usesLastModified {
            let date = Self.firstDate.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            try await file.set("weak=1&last_modified=\(date)")
        }
        try await file.set("cut=1200000")
        _ = try? await client.download(file.url, to: folder.destination)
        let kept = folder.partialSize()
        try #require(kept > 0, "the first download left a partial file")
        try await file.set(change.query)

        let downloaded = try await client.download(file.url, to: folder.destination)

        let state = try await file.state()
        #expect(try await LoopbackServer.sha256(of: folder.destination) == state.sha256, "the new version alone, not spliced to the old")
        #expect(downloaded.byteCount == Int64(change.expectedLength))
        #expect(downloaded.resumedFrom == 0)
        #expect(downloaded.response.status == .ok)
        let requests = state.requests.suffix(2).map(\.range)
        #expect(requests == ["bytes=\(kept)-", nil], "asked for the rest, then for the whole file")
        #expect(folder.names() == ["file.bin"])
    }

    /// A record an older version wrote (no format, no response validators) is not resumed from: its
    /// bytes cannot be checked against the new response.
    @Test(arguments: TransportKind.allCases)
    func aRecordOfAnOlderVersionStartsTheFileOver(kind: TransportKind) async throws {
        let folder = try DownloadFolder()
        defer { folder.remove() }
        let server = try await LoopbackServer.shared()
        let file = DownloadServer(server: server, length: Self.length)
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        try Data(repeating: 0, count: 1000).write(to: folder.partial)
        let record: [String: Any] = ["url": file.url.absoluteString, "validator": "\"v1\"", "length": Self.length]
        try JSONSerialization.data(withJSONObject: record).write(to: folder.record)

        let downloaded = try await client.download(file.url, to: folder.destination)

        let state = try await file.state()
        #expect(try await LoopbackServer.sha256(of: folder.destination) == state.sha256)
        #expect(downloaded.resumedFrom == 0)
        #expect(state.requests.map(\.range) == [nil])
        #expect(folder.names() == ["file.bin"])
    }
}
