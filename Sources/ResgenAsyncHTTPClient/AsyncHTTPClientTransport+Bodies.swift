import AsyncHTTPClient
import Foundation
import HTTPTypes
import HTTPTypesFoundation
import NIOCore
import ResgenRuntimeCore

extension AsyncHTTPClientTransport {
    /// The request body for `body`: bytes in memory as they are, a file read from disk as it is sent,
    /// a stream sent chunk by chunk. Errors reading a file or a stream go to `failure`; the bytes of a
    /// file or a stream handed to AsyncHTTPClient, to `progress`.
    static func makeBody(
        _ body: OutgoingBody,
        for request: HTTPRequest,
        progress: TransferProgress.Reporter? = nil,
        reportingFailuresTo failure: BodyFailure
    ) throws -> HTTPClientRequest.Body? {
        switch body {
        case .none:
            return nil
        case .data(let data):
            return data.isEmpty ? nil : .bytes(ByteBuffer(bytes: data))
        case .file(let url):
            return try fileBody(url, for: request, progress: progress, reportingFailuresTo: failure)
        case .temporaryFile(let file):
            return try fileBody(file.url, for: request, progress: progress, reportingFailuresTo: failure)
        case .stream(let chunks):
            return .stream(StreamChunks(chunks: chunks, failure: failure, progress: progress), length: .unknown)
        }
    }

    /// The contents of the file at `url`, read in chunks as AsyncHTTPClient sends them, with its
    /// length; a file that cannot be opened fails before anything is sent.
    private static func fileBody(
        _ url: URL,
        for request: HTTPRequest,
        progress: TransferProgress.Reporter?,
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
        progress?.update(completedBytes: 0, totalBytes: size)
        return .stream(FileChunks(handle: handle, failure: failure, progress: progress, size: size), length: .known(size))
    }
}

/// The chunks of an `OutgoingBody.stream` as `ByteBuffer`s, recording the error the stream throws and
/// counting the bytes handed on.
struct StreamChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let chunks: AsyncThrowingStream<Data, any Error>
    let failure: BodyFailure
    var progress: TransferProgress.Reporter? = nil

    func makeAsyncIterator() -> Iterator {
        Iterator(base: chunks.makeAsyncIterator(), failure: failure, progress: progress)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Data, any Error>.AsyncIterator
        let failure: BodyFailure
        let progress: TransferProgress.Reporter?
        var sent: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            do {
                guard let chunk = try await base.next() else {
                    progress?.finish(completedBytes: sent)
                    return nil
                }
                sent += Int64(chunk.count)
                progress?.update(completedBytes: sent, totalBytes: nil)
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
    var progress: TransferProgress.Reporter? = nil
    /// The file's length, the total of the progress.
    var size: Int64 = 0

    /// How much one read takes from the file.
    static let chunkSize = 64 << 10

    func makeAsyncIterator() -> Iterator {
        Iterator(handle: handle, failure: failure, progress: progress, size: size)
    }

    struct Iterator: AsyncIteratorProtocol {
        let handle: FileHandle
        let failure: BodyFailure
        let progress: TransferProgress.Reporter?
        let size: Int64
        /// The bytes handed to AsyncHTTPClient so far: it asks for the next chunk once it wrote this one.
        var sent: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            do {
                guard let data = try handle.read(upToCount: FileChunks.chunkSize), !data.isEmpty else {
                    progress?.finish(completedBytes: sent)
                    return nil
                }
                sent += Int64(data.count)
                progress?.update(completedBytes: sent, totalBytes: size)
                return ByteBuffer(bytes: data)
            } catch {
                failure.record(error)
                throw error
            }
        }
    }
}
