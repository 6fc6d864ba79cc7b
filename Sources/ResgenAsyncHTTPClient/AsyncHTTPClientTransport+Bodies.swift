import AsyncHTTPClient
import Foundation
import HTTPTypes
import HTTPTypesFoundation
import NIOCore
import ResgenRuntimeCore

extension AsyncHTTPClientTransport {
    /// The request body for `body`: bytes in memory as they are, a file read from disk as it is sent,
    /// a stream sent chunk by chunk. Errors reading a file or a stream go to `failure`.
    static func makeBody(
        _ body: OutgoingBody,
        for request: HTTPRequest,
        reportingFailuresTo failure: BodyFailure
    ) throws -> HTTPClientRequest.Body? {
        switch body {
        case .none:
            return nil
        case .data(let data):
            return data.isEmpty ? nil : .bytes(ByteBuffer(bytes: data))
        case .file(let url):
            return try fileBody(url, for: request, reportingFailuresTo: failure)
        case .temporaryFile(let file):
            return try fileBody(file.url, for: request, reportingFailuresTo: failure)
        case .stream(let chunks):
            return .stream(StreamChunks(chunks: chunks, failure: failure), length: .unknown)
        }
    }

    /// The contents of the file at `url`, read in chunks as AsyncHTTPClient sends them, with its
    /// length; a file that cannot be opened fails before anything is sent.
    private static func fileBody(
        _ url: URL,
        for request: HTTPRequest,
        reportingFailuresTo failure: BodyFailure
    ) throws -> HTTPClientRequest.Body {
        let handle: FileHandle
        let size: Int64
        do {
            handle = try FileHandle(forReadingFrom: url)
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        } catch {
            throw TransportError(code: .bodyUnavailable, method: request.method, url: request.url, underlying: error)
        }
        return .stream(FileChunks(handle: handle, failure: failure), length: .known(size))
    }
}

/// The chunks of an `OutgoingBody.stream` as `ByteBuffer`s, recording the error the stream throws.
struct StreamChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let chunks: AsyncThrowingStream<Data, any Error>
    let failure: BodyFailure

    func makeAsyncIterator() -> Iterator {
        Iterator(base: chunks.makeAsyncIterator(), failure: failure)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Data, any Error>.AsyncIterator
        let failure: BodyFailure

        mutating func next() async throws -> ByteBuffer? {
            do {
                guard let chunk = try await base.next() else { return nil }
                return ByteBuffer(bytes: chunk)
            } catch {
                failure.record(error)
                throw error
            }
        }
    }
}

/// A file's contents in 64 KiB chunks, read one at a time as AsyncHTTPClient asks for the next.
///
/// The reads block their thread briefly (a local file); the file is closed when the handle goes away.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let handle: FileHandle
    let failure: BodyFailure

    /// How much one read takes from the file.
    static let chunkSize = 64 << 10

    func makeAsyncIterator() -> Iterator {
        Iterator(handle: handle, failure: failure)
    }

    struct Iterator: AsyncIteratorProtocol {
        let handle: FileHandle
        let failure: BodyFailure

        func next() async throws -> ByteBuffer? {
            do {
                guard let data = try handle.read(upToCount: FileChunks.chunkSize), !data.isEmpty else { return nil }
                return ByteBuffer(bytes: data)
            } catch {
                failure.record(error)
                throw error
            }
        }
    }
}
