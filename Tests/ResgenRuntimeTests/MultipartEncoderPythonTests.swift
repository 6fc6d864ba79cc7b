import Foundation
import ResgenRuntime
import Testing

/// Encoded bodies read back by Python's `email` parser, which is not ours.
@Suite(
    "Multipart bodies parsed by Python",
    .enabled(if: PythonMultipartParser.isEnabled, "python3 is not on PATH (set CI to make this a failure)")
)
struct MultipartEncoderPythonTests {
    /// Every byte value, CRLF and dashes included: content a parser could trip on.
    static let binary = Data((0...255).map(UInt8.init) + Array("\r\n--\r\n\r\n-".utf8))

    static let parts = [
        MultipartPart(name: "title", content: .data(Data("Hello, world".utf8))),
        MultipartPart(name: "a\"b\r\nc", filename: "x\"y\nz.bin", content: .data(binary)),
        MultipartPart(
            name: "naïve", filename: "résumé 🙂.pdf", contentType: "application/pdf", content: .data(Data("%PDF".utf8))),
        MultipartPart(name: "empty", content: .data(Data())),
        MultipartPart(name: "json", contentType: "application/json", content: .data(Data(#"{"a":1}"#.utf8))),
        // A `\` would escape the next character in the quoted string; at the end it would escape the
        // closing quote, and Python would read on into the next parameter.
        MultipartPart(name: #"back\slash\"#, filename: #"C:\dir\f.txt\"#, content: .data(Data("b".utf8))),
    ]

    /// What Python should read for ``parts``: escaped names stay escaped, as browsers send them.
    static let expected: [PythonMultipartParser.Part] = [
        .init(name: "title", contentType: "text/plain", payload: Data("Hello, world".utf8)),
        .init(
            name: "a%22b%0D%0Ac", filename: "x%22y%0Az.bin", contentType: "application/octet-stream", payload: binary),
        .init(name: "naïve", filename: "résumé 🙂.pdf", contentType: "application/pdf", payload: Data("%PDF".utf8)),
        .init(name: "empty", contentType: "text/plain", payload: Data()),
        .init(name: "json", contentType: "application/json", payload: Data(#"{"a":1}"#.utf8)),
        .init(name: "back%5Cslash%5C", filename: "C:%5Cdir%5Cf.txt%5C", contentType: "application/octet-stream", payload: Data("b".utf8)),
    ]

    @Test(
        "Python reads back every part, in memory and from a temporary file, with any boundary",
        arguments: [
            MultipartEncoder(),
            MultipartEncoder(memoryThreshold: 0, chunkSize: 7),
            MultipartEncoder(boundary: .fixed("a b:c(d)")),
            MultipartEncoder(boundary: .fixed(String(repeating: "'", count: 70))),
        ]
    )
    func roundTrip(_ encoder: MultipartEncoder) async throws {
        let encoded = try encoder.encode(Self.parts)
        let contentType = try #require(encoded.contentType)
        let body = try #require(try encoded.body.bytes())
        let result = try await PythonMultipartParser.parse(contentType: contentType, body: body)
        #expect(result.multipart)
        #expect(result.defects.isEmpty)
        #expect(result.parts == Self.expected)
    }

    @Test("A 30 MB file is streamed to a temporary file that Python reads and that is deleted once released")
    func largeFile() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("big.bin")
        let fileSize = 30 * 1024 * 1024 + 4321  // Not a multiple of the chunk size.
        try writePseudoRandomFile(at: source, size: fileSize)

        let caption = "A big one"
        let parts = [
            MultipartPart(name: "caption", content: .data(Data(caption.utf8))),
            MultipartPart(name: "video", filename: "big.bin", content: .file(source)),
        ]
        var encoded: EncodedBody? = try MultipartEncoder().encode(parts)
        let url = try #require(encoded?.body.temporaryFile?.url)
        do {
            let contentType = try #require(encoded?.contentType)
            let boundary = String(try #require(contentType.split(separator: "=").last))
            let head =
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\n\(caption)\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"video\"; filename=\"big.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n"
            let tail = "\r\n--\(boundary)--\r\n"
            let expectedLength = head.utf8.count + fileSize + tail.utf8.count
            #expect(encoded?.body.knownLength == Int64(expectedLength))

            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            #expect(try handle.read(upToCount: head.utf8.count) == Data(head.utf8))
            try handle.seek(toOffset: UInt64(expectedLength - tail.utf8.count))
            #expect(try handle.readToEnd() == Data(tail.utf8))

            let result = try await PythonMultipartParser.parse(contentType: contentType, bodyAt: url)
            #expect(result.multipart)
            #expect(result.defects.isEmpty)
            try #require(result.parts.count == 2)
            #expect(result.parts[0] == .init(name: "caption", contentType: "text/plain", payload: Data(caption.utf8)))
            #expect(result.parts[1].name == "video")
            #expect(result.parts[1].filename == "big.bin")
            #expect(result.parts[1].contentType == "application/octet-stream")
            #expect(result.parts[1].size == fileSize)
            #expect(result.parts[1].sha256 == (try await PythonMultipartParser.sha256(of: source)))
        }
        #expect(FileManager.default.fileExists(atPath: url.path))
        encoded = nil
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    /// Writes `size` bytes from a fixed-seed SplitMix64 generator, 1 MiB at a time.
    private func writePseudoRandomFile(at url: URL, size: Int) throws {
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var random = SplitMix64(seed: 0x5EED)
        var remaining = size
        var words = [UInt64](repeating: 0, count: 1 << 17)
        while remaining > 0 {
            for index in words.indices { words[index] = random.next() }
            let chunk = words.withUnsafeBytes { Data($0.prefix(remaining)) }
            try handle.write(contentsOf: chunk)
            remaining -= chunk.count
        }
    }
}

extension PythonMultipartParser.Part {
    /// The part Python should report for a payload of up to 4 KiB.
    init(name: String?, filename: String? = nil, contentType: String, payload: Data) {
        precondition(payload.count <= 4096, "Python reports larger payloads by hash")
        self.init(name: name, filename: filename, contentType: contentType, size: payload.count, hex: payload.hex)
    }
}
