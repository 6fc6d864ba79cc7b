import Foundation
import HTTPTypes
import ResgenRuntimeCore

/// Writes the 2xx body of a download to its partial file, then moves the file into place.
///
/// A `206` is appended after the partial file's bytes once its `Content-Range` proves it continues
/// them: bytes, starting where the file ends, not encoded, of the same representation (the same
/// validators and complete length as the file's record, ``PartialDownloadRecord/continues(_:part:)``).
/// A `206` of another representation throws ``Restart``: the caller discards the partial file and asks
/// for the whole file again. Any other 2xx is written from the first byte. The file is complete when
/// the body ended with every byte announced (`Content-Length`, or the complete length of the
/// `Content-Range`); it is then flushed to disk and renamed to the destination.
struct DownloadWriter {
    let files: PartialDownload
    /// The URL the download asked for, which a resumed download asks for again.
    let url: URL
    /// The request the body answers, for errors.
    let request: ClientError.RequestSummary
    let response: HTTPResponse
    let finalURL: URL
    let maximumBytes: Int
    /// Where the partial file stopped, when the request asked for the rest of it.
    let resumePoint: PartialDownload.ResumePoint?
    let progress: TransferProgress.Reporter?

    /// Where in the file the body goes, how long the file will be, and the record to keep.
    private struct Plan {
        var offset: Int64
        /// The file's length when the body is complete, when known.
        var length: Int64?
        /// What a later download needs to resume the file; nil when it cannot be resumed.
        var record: PartialDownloadRecord?
    }

    /// Thrown by ``write(_:)`` for a `206` of another representation than the partial file's (another
    /// validator, none, or another complete length), after the partial file was discarded: the
    /// download starts over from the first byte.
    struct Restart: Error {}

    /// Writes `body` and moves the file into place.
    ///
    /// - Throws: ``Restart`` for a `206` of another representation (the partial file is discarded);
    ///   ``ClientError``: ``ClientError/Kind/invalidPartialResponse`` for a malformed `206`, or one that
    ///   does not start where the file ends (the file is discarded), ``ClientError/Kind/responseTooLarge`` past
    ///   `maximumBytes`, ``ClientError/Kind/transport`` for a body that broke off or ended short (the
    ///   partial file is kept when it can be resumed), ``ClientError/Kind/fileAccess`` when the file
    ///   cannot be written or moved; `CancellationError` (the partial file is kept when it can be
    ///   resumed).
    func write(_ body: ResponseBody) async throws -> DownloadedFile {
        let plan: Plan
        do {
            plan = try self.plan()
        } catch {
            files.discard()
            throw error
        }
        if let length = plan.length, length > Int64(maximumBytes) {
            files.discard()
            throw tooLarge(ResponseTooLargeError(maximumBytes: maximumBytes, response: response, announcedLength: length, receivedBytes: 0))
        }
        let keepsPartial = files.isResumable && plan.record != nil
        let handle: FileHandle
        do {
            if let record = plan.record, files.isResumable {
                try files.save(record)
            } else {
                files.forgetResumePoint()
            }
            handle = try files.open(at: plan.offset)
        } catch {
            files.discard()
            throw fileAccess(error)
        }
        var written = plan.offset
        do {
            progress?.update(completedBytes: written, totalBytes: plan.length)
            var chunks = body.makeAsyncIterator()
            while true {
                let next: Data?
                do {
                    next = try await chunks.next()
                } catch {
                    throw ClientErrorChunks.clientError(error, request: request, response: response)
                }
                guard let chunk = next else { break }
                let (total, overflow) = written.addingReportingOverflow(Int64(chunk.count))
                guard !overflow, total <= Int64(maximumBytes) else {
                    throw tooLarge(ResponseTooLargeError(maximumBytes: maximumBytes, response: response, receivedBytes: Int(clamping: total)))
                }
                do {
                    try handle.write(contentsOf: chunk)
                } catch {
                    throw fileAccess(error)
                }
                written = total
                progress?.update(completedBytes: written, totalBytes: plan.length)
            }
            if let length = plan.length, written != length {
                throw ClientError(
                    kind: .transport, request: request, status: response.status, headers: response.headerFields,
                    detail: "the body ended after \(written) of \(length) bytes")
            }
            do {
                try handle.synchronize()
                try files.moveIntoPlace(handle)
                try handle.close()
            } catch {
                throw fileAccess(error)
            }
            files.forgetResumePoint()
        } catch {
            try? handle.close()
            if !(keepsPartial && Self.canResume(after: error)) { files.discard() }
            throw error
        }
        progress?.finish(completedBytes: written)
        return DownloadedFile(
            fileURL: files.destination, response: response, url: finalURL, byteCount: written,
            resumedFrom: response.status.code == 206 ? plan.offset : 0)
    }

    /// Where the body goes: after the partial file for a `206` that continues it, from the start for
    /// anything else.
    ///
    /// - Throws: ``ClientError`` of kind ``ClientError/Kind/invalidPartialResponse`` for a `206` that
    ///   is malformed or does not start where the partial file ends; ``Restart`` for a `206` of another
    ///   representation.
    private func plan() throws -> Plan {
        let fields = response.headerFields
        guard response.status.code == 206 else {
            let length = response.announcedBodyLength(for: .get)
            return Plan(offset: 0, length: length, record: PartialDownloadRecord(url: url, response: response, length: length))
        }
        guard let resumePoint else { throw invalidPart("a 206 Partial Content answered a request for the whole file") }
        guard let value = fields[.contentRange] else { throw invalidPart("the 206 Partial Content has no Content-Range") }
        guard let part = ContentRange(parsing: value), let range = part.range else {
            throw invalidPart("the Content-Range '\(value)' is not a valid range of bytes")
        }
        guard range.lowerBound == resumePoint.offset else {
            throw invalidPart("the Content-Range '\(value)' does not start where the partial file ends, at byte \(resumePoint.offset)")
        }
        if let encoding = fields[.contentEncoding].map(HTTPResponse.trimmingOptionalWhitespace), !encoding.isEmpty,
            encoding.lowercased() != "identity"
        {
            throw invalidPart("the part is encoded ('\(encoding)'): its range counts encoded bytes")
        }
        // Bytes of another version (a server or cache that answered the range whatever If-Range said)
        // would splice two representations into one file.
        guard resumePoint.record.continues(response, part: part) else { throw Restart() }
        return Plan(offset: range.lowerBound, length: resumePoint.record.length, record: resumePoint.record)
    }

    /// Whether a partial file may be resumed after `error`: the connection broke or the task was
    /// cancelled, not a refusal that a resumed download would meet again.
    private static func canResume(after error: any Error) -> Bool {
        if error is CancellationError { return true }
        return (error as? ClientError)?.kind == .transport
    }

    private func invalidPart(_ detail: String) -> ClientError {
        ClientError(kind: .invalidPartialResponse, request: request, status: response.status, headers: response.headerFields, detail: detail)
    }

    private func tooLarge(_ error: ResponseTooLargeError) -> ClientError {
        ClientError(
            kind: .responseTooLarge, request: request, status: response.status, headers: response.headerFields, detail: error.description,
            underlying: error)
    }

    private func fileAccess(_ error: any Error) -> ClientError {
        ClientError(
            kind: .fileAccess, request: request, status: response.status, headers: response.headerFields,
            detail: "\(files.file.path): \(error.localizedDescription)", underlying: error)
    }
}
