import Foundation
import ResgenRuntime
import Testing

/// Returns boundaries from a list, in order, then the last one again.
private final class BoundaryList: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: [String]
    private(set) var calls = 0

    init(_ boundaries: [String]) { remaining = boundaries }

    func next() -> String {
        lock.withLock {
            calls += 1
            return remaining.count > 1 ? remaining.removeFirst() : remaining[0]
        }
    }
}

@Suite("Multipart encoding")
struct MultipartEncoderTests {
    /// A text part, a file in memory with a type, and one without (which defaults to octet-stream).
    static let smallParts = [
        MultipartPart(name: "title", content: .data(Data("Hello, world".utf8))),
        MultipartPart(name: "avatar", filename: "a.png", contentType: "image/png", content: .data(Data("PNG".utf8))),
        MultipartPart(name: "notes", filename: "notes.txt", content: .data(Data("one\r\ntwo\n".utf8))),
    ]

    static let smallGolden =
        "--test-boundary\r\n"
        + "Content-Disposition: form-data; name=\"title\"\r\n"
        + "\r\n"
        + "Hello, world\r\n"
        + "--test-boundary\r\n"
        + "Content-Disposition: form-data; name=\"avatar\"; filename=\"a.png\"\r\n"
        + "Content-Type: image/png\r\n"
        + "\r\n"
        + "PNG\r\n"
        + "--test-boundary\r\n"
        + "Content-Disposition: form-data; name=\"notes\"; filename=\"notes.txt\"\r\n"
        + "Content-Type: application/octet-stream\r\n"
        + "\r\n"
        + "one\r\ntwo\n\r\n"
        + "--test-boundary--\r\n"

    @Test("A small body is built in memory, byte for byte")
    func goldenBytes() throws {
        let encoded = try MultipartEncoder(boundary: .fixed("test-boundary")).encode(Self.smallParts)
        #expect(encoded.contentType == "multipart/form-data; boundary=test-boundary")
        guard case .data(let data) = encoded.body else {
            Issue.record("expected an in-memory body, got \(encoded.body)")
            return
        }
        #expect(String(decoding: data, as: UTF8.self) == Self.smallGolden)
    }

    @Test("Above the threshold the same bytes go to a temporary file")
    func thresholdZeroWritesTheSameBytesToAFile() throws {
        let encoder = MultipartEncoder(boundary: .fixed("test-boundary"), memoryThreshold: 0, chunkSize: 3)
        let encoded = try encoder.encode(Self.smallParts)
        let file = try #require(encoded.body.temporaryFile)
        #expect(try Data(contentsOf: file.url) == Data(Self.smallGolden.utf8))
        #expect(encoded.body.knownLength == Int64(Self.smallGolden.utf8.count))
    }

    @Test("A threshold equal to the body's length keeps it in memory; one byte less does not")
    func thresholdIsInclusive() throws {
        let length = Self.smallGolden.utf8.count
        let atLength = try MultipartEncoder(boundary: .fixed("test-boundary"), memoryThreshold: length)
            .encode(Self.smallParts)
        let belowLength = try MultipartEncoder(boundary: .fixed("test-boundary"), memoryThreshold: length - 1)
            .encode(Self.smallParts)
        #expect(atLength.body.temporaryFile == nil)
        #expect(belowLength.body.temporaryFile != nil)
    }

    @Test("No parts: the closing delimiter alone")
    func noParts() throws {
        let encoded = try MultipartEncoder(boundary: .fixed("b")).encode([])
        #expect(try encoded.body.bytes() == Data("--b--\r\n".utf8))
    }

    @Test("Quotes, CR, LF and backslashes in names and file names are percent-encoded; other characters are UTF-8")
    func escaping() throws {
        let parts = [
            MultipartPart(name: "a\"b\r\nc\\", filename: "x\"y\nz\r\\.txt", content: .data(Data())),
            MultipartPart(
                name: "naïve 🙂", filename: "résumé%22.pdf", contentType: "application/pdf",
                content: .data(Data("%".utf8))),
        ]
        let encoded = try MultipartEncoder(boundary: .fixed("B")).encode(parts)
        let text = String(decoding: try #require(try encoded.body.bytes()), as: UTF8.self)
        #expect(
            text == "--B\r\n"
                + "Content-Disposition: form-data; name=\"a%22b%0D%0Ac%5C\"; filename=\"x%22y%0Az%0D%5C.txt\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n\r\n"
                + "--B\r\n"
                + "Content-Disposition: form-data; name=\"naïve 🙂\"; filename=\"résumé%22.pdf\"\r\n"
                + "Content-Type: application/pdf\r\n\r\n%\r\n"
                + "--B--\r\n"
        )
    }

    @Test("A content type with a line break is refused")
    func contentTypeInjection() {
        let part = MultipartPart(name: "p", contentType: "text/plain\r\nX-Evil: 1", content: .data(Data()))
        #expect(throws: MultipartEncoder.Error.invalidContentType("text/plain\r\nX-Evil: 1", partName: "p")) {
            try MultipartEncoder(boundary: .fixed("b")).encode([part])
        }
    }

    // MARK: Boundaries

    @Test("The random boundary is resgen- and 32 hex digits, fresh every time")
    func randomBoundary() throws {
        let boundaries = (0..<100).map { _ in MultipartEncoder.randomBoundary() }
        #expect(Set(boundaries).count == 100)
        for boundary in boundaries {
            #expect(boundary.count == 39)
            #expect(boundary.hasPrefix("resgen-"))
            #expect(boundary.dropFirst(7).allSatisfy { $0.isHexDigit && !$0.isUppercase })
        }
        let first = try MultipartEncoder().encode(Self.smallParts)
        let second = try MultipartEncoder().encode(Self.smallParts)
        #expect(first.contentType != second.contentType)
        #expect(first.contentType?.hasPrefix("multipart/form-data; boundary=resgen-") == true)
    }

    @Test("A generated boundary found in a part's content is replaced by the next one")
    func generatedBoundaryCollision() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("f.bin")
        try Data("xx also-in-file xx".utf8).write(to: file)
        let parts = [
            MultipartPart(name: "text", content: .data(Data("--in-content".utf8))),
            MultipartPart(name: "file", filename: "f.bin", content: .file(file)),
        ]
        for threshold in [1 << 20, 0] {
            let list = BoundaryList(["in-content", "also-in-file", "clean"])
            let encoder = MultipartEncoder(boundary: .generated(list.next), memoryThreshold: threshold, chunkSize: 4)
            let encoded = try encoder.encode(parts)
            #expect(encoded.contentType == "multipart/form-data; boundary=clean")
            #expect(list.calls == 3)
            let bytes = try #require(try encoded.body.bytes())
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("--clean\r\n"))
        }
    }

    @Test("A generator that keeps colliding ends in an error, not a loop")
    func generatedBoundaryNeverClean() {
        let part = MultipartPart(name: "p", content: .data(Data("same".utf8)))
        #expect(throws: MultipartEncoder.Error.noUsableBoundary) {
            try MultipartEncoder(boundary: .generated { "same" }).encode([part])
        }
    }

    @Test("A fixed boundary found in content throws, for data and for files across chunk edges")
    func fixedBoundaryCollision() throws {
        let data = MultipartPart(name: "text", content: .data(Data("a-fixed-b".utf8)))
        #expect(throws: MultipartEncoder.Error.boundaryInContent(boundary: "fixed", partName: "text")) {
            try MultipartEncoder(boundary: .fixed("fixed")).encode([data])
        }

        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("f.bin")
        // With 4-byte chunks, "fixed" starts in the second chunk and ends in the third.
        try Data("abcdefixedgh".utf8).write(to: file)
        let part = MultipartPart(name: "file", filename: "f.bin", content: .file(file))
        for threshold in [1 << 20, 0] {
            let encoder = MultipartEncoder(boundary: .fixed("fixed"), memoryThreshold: threshold, chunkSize: 4)
            #expect(throws: MultipartEncoder.Error.boundaryInContent(boundary: "fixed", partName: "file")) {
                try encoder.encode([part])
            }
        }
        // One byte short of the boundary is fine.
        try Data("abcdefixegh".utf8).write(to: file)
        let encoded = try MultipartEncoder(boundary: .fixed("fixed"), memoryThreshold: 0, chunkSize: 4).encode([part])
        #expect(encoded.body.temporaryFile != nil)
    }

    @Test(
        "Invalid fixed or generated boundaries are refused",
        arguments: [
            "", String(repeating: "a", count: 71), "ends-with-space ", "é", "semi;colon", "quote\"",
        ])
    func invalidBoundary(_ boundary: String) {
        #expect(throws: MultipartEncoder.Error.invalidBoundary(boundary)) {
            try MultipartEncoder(boundary: .fixed(boundary)).encode([])
        }
        #expect(throws: MultipartEncoder.Error.invalidBoundary(boundary)) {
            try MultipartEncoder(boundary: .generated { boundary }).encode([])
        }
    }

    @Test("A boundary with RFC 2045 specials is quoted in the content type; 70 characters are allowed")
    func quotedBoundary() throws {
        #expect(
            try MultipartEncoder(boundary: .fixed("a b:c")).encode([]).contentType
                == "multipart/form-data; boundary=\"a b:c\""
        )
        let longest = String(repeating: "z", count: 70)
        #expect(try MultipartEncoder(boundary: .fixed(longest)).encode([]).contentType?.hasSuffix(longest) == true)
    }

    // MARK: Files

    @Test("A small file is read into an in-memory body")
    func smallFileInMemory() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hello.txt")
        try Data("hello".utf8).write(to: file)
        let part = MultipartPart(name: "f", filename: "hello.txt", contentType: "text/plain", content: .file(file))
        let encoded = try MultipartEncoder(boundary: .fixed("b")).encode([part])
        guard case .data(let data) = encoded.body else {
            Issue.record("expected an in-memory body, got \(encoded.body)")
            return
        }
        #expect(
            String(decoding: data, as: UTF8.self)
                == "--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"hello.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\nhello\r\n--b--\r\n"
        )
    }

    @Test("A missing file or a directory throws an error naming the path")
    func unreadableFile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.bin")
        for url in [missing, directory, URL(string: "https://example.com/a.png")!] {
            let part = MultipartPart(name: "f", filename: "a", content: .file(url))
            let error = #expect(throws: MultipartEncoder.Error.unreadableFile(url)) {
                try MultipartEncoder().encode([part])
            }
            #expect(error?.description.contains(url.isFileURL ? url.path : url.absoluteString) == true)
        }
        #expect(
            MultipartEncoder.Error.unreadableFile(missing).description
                == "Cannot read the file '\(missing.path)' for a multipart part: "
                + "it is missing, is not a regular local file, or is not readable."
        )
    }
}
