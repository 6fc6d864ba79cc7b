import CResgenZlib
import Foundation
import NIOCore

/// Inflates a gzip or zlib (`Content-Encoding: deflate`) response body as its compressed bytes arrive,
/// a step of at most ``stepBytes`` at a time, appending to the body being collected and stopping one
/// byte past the limit.
///
/// AsyncHTTPClient's own decompressor inflates all it was given before it passes anything on: one read
/// of a gzip bomb (64 KiB of it inflate to 64 MiB) was inflated whole before the transport could count
/// a byte, so a 32 MiB limit cost 130 MB. Here nothing is inflated that the limit does not allow: the
/// compressed bytes wait in AsyncHTTPClient's buffer (a read's worth, under its back-pressure) until the
/// transport asks for them, and each step inflates no further than one byte past the limit.
///
/// Accepts what AsyncHTTPClient's decompressor accepts: one gzip member or one zlib stream (detected
/// from its header). Compressed bytes after the end of the stream, or a stream that stops before its
/// end, are an error (``Failure``).
final class BodyInflater {
    /// Why a compressed body could not be inflated.
    enum Failure: Error, CustomStringConvertible {
        /// zlib reported an error (its code and message): the bytes are not gzip or zlib data.
        case corrupt(code: Int32, message: String)
        /// Bytes followed the end of the compressed stream.
        case trailingData
        /// The body ended before the compressed stream did.
        case truncated

        var description: String {
            switch self {
            case .corrupt(let code, let message): "the compressed body is corrupt (zlib \(code): \(message))"
            case .trailingData: "bytes follow the end of the compressed body"
            case .truncated: "the compressed body ends before its end"
            }
        }
    }

    /// The most one step inflates: the largest amount the body passes the limit by is one byte, and the
    /// largest buffer this costs on top of the body.
    static let stepBytes = 64 << 10

    /// The stream zlib works on; zlib keeps its address, so it lives at a fixed place.
    private let stream: UnsafeMutablePointer<z_stream>
    /// Where a step's output goes before it is appended to the body.
    private let output: UnsafeMutablePointer<UInt8>
    /// Whether the compressed stream ended.
    private var isFinished = false
    /// Whether any compressed byte arrived.
    private var hasInput = false

    /// An inflater for a body sent with `contentEncoding`; nil when that is not exactly one of `gzip`,
    /// `x-gzip` or `deflate` (an identity body, or a coding the transport does not undo, is passed on as
    /// it is).
    ///
    /// - Throws: ``Failure/corrupt(code:message:)`` when zlib cannot start (out of memory).
    init?(contentEncoding: String?) throws {
        // Not `trimmingCharacters(in:)`, which goes through NSString on Linux (slow for a hot path).
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let value = contentEncoding?.drop(while: isWhitespace),
            ["gzip", "x-gzip", "deflate"].contains(String(value.reversed().drop(while: isWhitespace).reversed()).lowercased())
        else { return nil }
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        output = .allocate(capacity: Self.stepBytes)
        // 15: the largest window; + 32: gzip or zlib, told from the header (as AsyncHTTPClient does).
        let code = CResgenZlib_inflateInit2(stream, 15 + 32)
        guard code == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            output.deallocate()
            throw Failure.corrupt(code: code, message: "inflateInit2 failed")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        output.deallocate()
    }

    /// Inflates `input` onto the end of `body`, stopping as soon as `body` is longer than
    /// `maximumBytes` (it is then `maximumBytes + 1` bytes long, and the rest of `input` is not read).
    ///
    /// - Returns: Whether `body` is still within `maximumBytes`.
    /// - Throws: ``Failure``.
    func feed(_ input: ByteBuffer, into body: inout Data, maximumBytes: Int) throws -> Bool {
        guard input.readableBytes > 0 else { return body.count <= maximumBytes }
        hasInput = true
        guard !isFinished else { throw Failure.trailingData }
        return try input.withUnsafeReadableBytes { raw in
            let bytes = raw.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes)
            stream.pointee.avail_in = uInt(raw.count)
            defer {
                stream.pointee.next_in = nil
                stream.pointee.avail_in = 0
            }
            while true {
                // At most one byte more than the limit allows, so that passing it shows.
                let allowed = maximumBytes - body.count
                let room = allowed >= Self.stepBytes ? Self.stepBytes : allowed + 1
                stream.pointee.next_out = output
                stream.pointee.avail_out = uInt(room)
                let inputBefore = stream.pointee.avail_in
                let code = inflate(stream, Z_NO_FLUSH)
                let produced = room - Int(stream.pointee.avail_out)
                body.append(output, count: produced)
                switch code {
                case Z_STREAM_END:
                    isFinished = true
                    if stream.pointee.avail_in > 0 { throw Failure.trailingData }
                    return body.count <= maximumBytes
                case Z_OK, Z_BUF_ERROR:
                    break
                default:
                    let message = stream.pointee.msg.map { String(cString: $0) } ?? "no message"
                    throw Failure.corrupt(code: code, message: message)
                }
                if body.count > maximumBytes { return false }
                // All input taken and output to spare: zlib has nothing more until more input comes.
                if stream.pointee.avail_in == 0, stream.pointee.avail_out > 0 { return true }
                if produced == 0, stream.pointee.avail_in == inputBefore {
                    throw Failure.corrupt(code: Z_BUF_ERROR, message: "no progress")
                }
            }
        }
    }

    /// Checks that the compressed stream ended, once the body has.
    ///
    /// - Throws: ``Failure/truncated`` when compressed bytes arrived but their stream did not end. A
    ///   body without any (a `HEAD` response, a 204) is fine.
    func finish() throws {
        if hasInput, !isFinished { throw Failure.truncated }
    }

    /// Inflates the start of `input`, producing at most `maximumOutput` bytes (and never more than
    /// ``stepBytes``), and moves `input`'s reader index past the bytes it used: one step of a streamed
    /// body, which hands each step's output on before asking for more.
    ///
    /// zlib may keep output back when the step's room ran out: call again, with the rest of `input` or
    /// an empty buffer, while a step fills its room.
    ///
    /// - Returns: The inflated bytes; empty when zlib needs more input.
    /// - Throws: ``Failure``.
    func step(_ input: inout ByteBuffer, maximumOutput: Int) throws -> Data {
        if input.readableBytes > 0 {
            hasInput = true
            guard !isFinished else { throw Failure.trailingData }
        } else if isFinished {
            return Data()
        }
        let room = max(1, min(maximumOutput, Self.stepBytes))
        let (produced, consumed, code) = input.withUnsafeReadableBytes { raw in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: raw.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = uInt(raw.count)
            stream.pointee.next_out = output
            stream.pointee.avail_out = uInt(room)
            let code = inflate(stream, Z_NO_FLUSH)
            let consumed = raw.count - Int(stream.pointee.avail_in)
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
            return (room - Int(stream.pointee.avail_out), consumed, code)
        }
        input.moveReaderIndex(forwardBy: consumed)
        switch code {
        case Z_STREAM_END:
            isFinished = true
            if input.readableBytes > 0 { throw Failure.trailingData }
        case Z_OK, Z_BUF_ERROR:
            break
        default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "no message"
            throw Failure.corrupt(code: code, message: message)
        }
        return Data(bytes: output, count: produced)
    }
}
