import Foundation
import HTTPTypes
import ResgenRuntimeCore

/// Writes the 2xx body of a download to its partial file, then moves the file into place.
///
/// A `206` is appended after the partial file's bytes once its `Content-Range` proves it continues
/// them: bytes, starting where the file ends, of the same representation (the validator the file was
/// recorded with, when the response names one), not encoded. Any other 2xx is written from the first
/// byte. The file is complete when the body ended with every byte announced (`Content-Length`, or the
/// complete length of the `Content-Range`); it is then flushed to disk and renamed to the destination.
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

    /// Where in the file the body goes, how long the file will be, and the validator to record.
    private struct Plan {
        var offset: Int64
        /// The file's length when the body is complete, when known.
        var length: Int64?
        var validator: String?
    }

    /// Writes `body` and moves the file into place.
    ///
    /// - Throws: ``ClientError``: ``ClientError/Kind/invalidPartialResponse`` for a `206` that does not
    ///   continue the file (which is discarded), ``ClientError/Kind/responseTooLarge`` past
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
        let keepsPartial = files.isResumable && plan.validator != nil
        let handle: FileHandle
        do {
            if let validator = plan.validator, files.isResumable {
                try files.save(PartialDownload.Metadata(url: url.absoluteString, validator: validator, length: plan.length))
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
                try handle.close()
                try files.moveIntoPlace()
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
    ///   does not continue the partial file.
    private func plan() throws -> Plan {
        let fields = response.headerFields
        guard response.status.code == 206 else {
            return Plan(offset: 0, length: response.announcedBodyLength(for: .get), validator: PartialDownload.validator(of: response))
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
        let validator = resumePoint.validator
        if validator.hasPrefix("\""), let tag = fields[.eTag].map(HTTPResponse.trimmingOptionalWhitespace), tag != validator {
            throw invalidPart("the part is of another representation (ETag \(tag), not \(validator))")
        }
        // The whole file when the server says how long it is, else the end of this part.
        return Plan(offset: range.lowerBound, length: part.completeLength ?? range.upperBound + 1, validator: validator)
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
