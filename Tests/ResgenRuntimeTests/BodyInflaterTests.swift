import Foundation
import NIOCore
import Testing

@testable import ResgenAsyncHTTPClient

/// `BodyInflater`, the AsyncHTTPClient transport's own gzip and deflate decoder: what it inflates, what it
/// refuses, and that it never inflates further than one byte past the limit, however the compressed bytes
/// arrive. (TransportTests has it over the wire.)
@Suite struct BodyInflaterTests {
    /// "Hello, gzip! " 20 times (260 bytes), gzip (Python's `gzip.compress(…, mtime=0)`).
    static let gzip = Data(base64Encoded: "H4sIAAAAAAACA/NIzcnJ11FIr8osUFTwGJkcAFpUY+YEAQAA")!
    /// The same text in the zlib format, which `Content-Encoding: deflate` means.
    static let zlib = Data(base64Encoded: "eJzzSM3JyddRSK/KLFBU8BiZHABLf1Sd")!
    static let text = Data(String(repeating: "Hello, gzip! ", count: 20).utf8)
    /// 1 MiB of zeros in 1,051 bytes of gzip: a small bomb.
    static let mebibyteOfZeros = Data(
        base64Encoded: """
            H4sIAAAAAAACA+3BMQEAAADCoPVPbQhfoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
            AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAPgMc6jinAAAQ
            AA==
            """.filter { !$0.isWhitespace })!

    /// Inflates `compressed` fed in pieces of `pieceSize` bytes, as a transport reads it.
    private func inflate(
        _ compressed: Data, encoding: String = "gzip", pieceSize: Int = .max, maximumBytes: Int = .max
    ) throws -> (body: Data, withinLimit: Bool) {
        let inflater = try #require(try BodyInflater(contentEncoding: encoding))
        var body = Data()
        var start = compressed.startIndex
        while start < compressed.endIndex {
            let end = compressed.index(start, offsetBy: min(pieceSize, compressed.distance(from: start, to: compressed.endIndex)))
            guard try inflater.feed(ByteBuffer(bytes: compressed[start..<end]), into: &body, maximumBytes: maximumBytes) else {
                return (body, false)
            }
            start = end
        }
        try inflater.finish()
        return (body, true)
    }

    /// Inflates `compressed` step by step as a streamed body does: pieces of `pieceSize` compressed
    /// bytes, each step producing at most `stepBytes`, stepping again while a step fills its room.
    private func stepped(_ compressed: Data, pieceSize: Int, stepBytes: Int) throws -> (body: Data, largestStep: Int) {
        let inflater = try #require(try BodyInflater(contentEncoding: "gzip"))
        var body = Data()
        var largest = 0
        var start = compressed.startIndex
        while start < compressed.endIndex {
            let end = compressed.index(start, offsetBy: min(pieceSize, compressed.distance(from: start, to: compressed.endIndex)))
            var pending = ByteBuffer(bytes: compressed[start..<end])
            var mayHaveOutput = false
            while pending.readableBytes > 0 || mayHaveOutput {
                let output = try inflater.step(&pending, maximumOutput: stepBytes)
                mayHaveOutput = output.count == stepBytes
                largest = max(largest, output.count)
                body.append(output)
            }
            start = end
        }
        try inflater.finish()
        return (body, largest)
    }

    @Test("A streamed body inflates in steps no larger than asked, however the compressed bytes arrive", arguments: [Int.max, 100, 1])
    func inflatesInSteps(pieceSize: Int) throws {
        let zeros = try stepped(Self.mebibyteOfZeros, pieceSize: pieceSize, stepBytes: 4096)
        #expect(zeros.body == Data(count: 1 << 20))
        #expect(zeros.largestStep <= 4096 && zeros.largestStep > 0)
        #expect(try stepped(Self.gzip, pieceSize: pieceSize, stepBytes: 7).body == Self.text)
    }

    @Test func aStepRefusesBytesAfterTheEndOfTheStream() throws {
        let inflater = try #require(try BodyInflater(contentEncoding: "gzip"))
        var input = ByteBuffer(bytes: Self.gzip + Data("x".utf8))
        #expect(throws: BodyInflater.Failure.self) {
            while input.readableBytes > 0 { _ = try inflater.step(&input, maximumOutput: 1 << 16) }
        }
    }

    @Test("gzip and zlib bodies inflate, whole or a byte at a time", arguments: [Int.max, 7, 1])
    func inflates(pieceSize: Int) throws {
        #expect(try inflate(Self.gzip, pieceSize: pieceSize).body == Self.text)
        #expect(try inflate(Self.zlib, encoding: "deflate", pieceSize: pieceSize).body == Self.text)
        #expect(try inflate(Self.gzip, encoding: " X-GZip ", pieceSize: pieceSize).body == Self.text)
        #expect(try inflate(Self.mebibyteOfZeros, pieceSize: pieceSize == 1 ? 100 : pieceSize).body == Data(count: 1 << 20))
    }

    @Test("Only gzip, x-gzip and deflate are inflated; other codings pass through")
    func codings() throws {
        for encoding in [nil, "", "identity", "br", "zstd", "gzip, br", "compress"] {
            #expect(try BodyInflater(contentEncoding: encoding) == nil, "\(encoding ?? "nil")")
        }
    }

    /// The regression: a bomb is inflated one step at a time and stops one byte past the limit, so the
    /// body never holds more than the limit and a byte, whatever one piece of input would inflate to.
    @Test("A bomb stops exactly one byte past the limit, however its bytes arrive", arguments: [Int.max, 100, 1])
    func stopsOneBytePastTheLimit(pieceSize: Int) throws {
        for limit in [0, 1, 1000, BodyInflater.stepBytes, (1 << 20) - 1] {
            let (body, withinLimit) = try inflate(Self.mebibyteOfZeros, pieceSize: pieceSize, maximumBytes: limit)
            #expect(!withinLimit)
            #expect(body.count == limit + 1, "limit \(limit)")
        }
        let (body, withinLimit) = try inflate(Self.mebibyteOfZeros, pieceSize: pieceSize, maximumBytes: 1 << 20)
        #expect(withinLimit, "a body exactly at the limit passes")
        #expect(body.count == 1 << 20)
    }

    @Test("A truncated body, bytes after the end and bytes that are not gzip are errors")
    func refusals() throws {
        #expect(throws: BodyInflater.Failure.self) { try inflate(Self.gzip.dropLast(4)) }
        #expect(throws: BodyInflater.Failure.self) { try inflate(Self.gzip + Data("x".utf8)) }
        #expect(throws: BodyInflater.Failure.self) { try inflate(Self.gzip + Self.gzip, pieceSize: Self.gzip.count) }
        #expect(throws: BodyInflater.Failure.self) { try inflate(Data("not gzip at all".utf8)) }
    }

    @Test("A body without compressed bytes (HEAD, 204) is empty, not truncated")
    func noBody() throws {
        let inflater = try #require(try BodyInflater(contentEncoding: "gzip"))
        var body = Data()
        #expect(try inflater.feed(ByteBuffer(), into: &body, maximumBytes: 10))
        try inflater.finish()
        #expect(body.isEmpty)
    }
}
