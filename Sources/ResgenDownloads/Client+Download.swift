import Foundation
import HTTPTypes
import ResgenRuntimeCore

/// Downloading a response body to a file: streamed to disk, moved into place only when complete, and
/// resumed where an interrupted download stopped when the server allows it.
extension Client {
    /// Downloads the body of a `GET` to a file, streaming it to disk as it arrives.
    ///
    /// ```swift
    /// let file = try await client.download(reportURL, to: documents.appendingPathComponent("report.pdf")) { progress in
    ///     print(progress.fractionCompleted ?? 0)
    /// }
    /// ```
    ///
    /// The request goes as ``request(_:_:headers:body:accept:requiresAuth:)``'s does (middlewares,
    /// redirects, the trust rule for header fields), with `Accept: */*` and `Accept-Encoding: identity`
    /// unless `headers` set them (a byte range of an encoded body would count encoded bytes). A status
    /// outside 2xx throws the usual ``ClientError`` with the server's error document, and the
    /// destination is left as it was.
    ///
    /// The body is written to a file in the destination's folder and moved into place — replacing any
    /// file there in one step — only once it arrived whole: an existing file at the destination is never
    /// half-written, nor lost when the download fails. Memory stays at the transport's buffer (about
    /// 1 MiB) whatever the file's size.
    ///
    /// With `resumable` (the default), the body goes to `<name>.resgen-partial` beside the destination,
    /// with a record of the representation in `<name>.resgen-partial.json` (its length, `ETag` and
    /// `Last-Modified`). When the download fails after part of the body arrived (the connection broke,
    /// the task was cancelled), both stay, and the next download of the same URL to the same destination
    /// asks for the rest: `Range: bytes=<length>-` with `If-Range: <validator>`. A `206 Partial Content`
    /// is appended only when it continues the same representation: its `Content-Range` starts where the
    /// file ends and names the same complete length, and it carries the same `ETag` (and the same
    /// `Last-Modified` when that is the validator or it sends one). A `206` of another representation (no
    /// `ETag`, another one, another date or length: a server or cache that ignored `If-Range`) starts over
    /// from the first byte with a request for the whole file, as do a `200` (the server ignores ranges,
    /// or the file changed) and a `416`; a malformed `206`, or one that starts elsewhere, throws a
    /// ``ClientError`` of kind ``ClientError/Kind/invalidPartialResponse`` and appends nothing. A response
    /// without a strong validator (a strong `ETag`, or a `Last-Modified` at least a minute before its
    /// `Date`), without an announced length or with an encoded body cannot be resumed: its partial file
    /// is removed on failure. `Range` and `If-Range`
    /// are sent on every hop of a redirect chain (to a CDN, say), unlike the caller's header fields.
    /// One download per destination runs at a time in this process.
    ///
    /// The files a download keeps are the caller's alone: created new with mode `0600`, a partial file or
    /// record used only when it is a regular file of this user with one link (a planted link is removed,
    /// never written through), and the complete file renamed into place, which replaces a link at the
    /// destination rather than following it. Download into a folder only this user can write: see the
    /// Security article.
    ///
    /// The call's deadline (``Configuration/timeout``) covers getting the response head, not writing the
    /// body: a download takes as long as its size needs. It ends earlier when the task is cancelled,
    /// when no data arrives within the transport's idle timeout, or at `maximumBytes`.
    ///
    /// - Parameters:
    ///   - url: The absolute URL (`http` or `https`); `headers` go to its origin as for
    ///     ``request(_:_:headers:body:accept:requiresAuth:)``.
    ///   - destination: The file URL to write; its folder must exist.
    ///   - headers: Header fields (they replace client defaults of the same name).
    ///   - requiresAuth: Whether the request must carry credentials.
    ///   - maximumBytes: The largest file to accept, in bytes (a resumed file counted whole); a longer
    ///     one throws a ``ClientError`` of kind ``ClientError/Kind/responseTooLarge`` and is removed.
    ///     No limit by default: ``Configuration/maximumResponseBytes`` bounds documents held in memory,
    ///     not files.
    ///   - resumable: Whether to leave a failed download's partial file for the next one, and resume
    ///     from one left.
    ///   - progress: Gets the bytes written so far and the file's length when known, in steps of 1% (see
    ///     ``TransferProgress/Reporter``); called on the downloading task, so it must return quickly.
    /// - Returns: Where the file is, its length and the last response.
    /// - Throws: ``ClientError`` for a non-2xx status, a body that broke off (kind
    ///   ``ClientError/Kind/transport``), a file that cannot be written (kind
    ///   ``ClientError/Kind/fileAccess``) and the cases above; `CancellationError`.
    @discardableResult
    public func download(
        _ url: URL, to destination: URL, headers: [HeaderField] = [], requiresAuth: Bool = false, maximumBytes: Int = .max,
        resumable: Bool = true, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> DownloadedFile {
        var prepared = PreparedRequest(
            method: .get, url: url, headers: headers, body: .none, requiresAuth: requiresAuth, allowsRetryOfNonIdempotent: false)
        prepared.namedOrigin = Origin(of: url)
        return try await download(prepared, to: destination, maximumBytes: maximumBytes, resumable: resumable, progress: progress)
    }

    /// Downloads a resource's representation to a file: `GET` its path and stream the body to disk.
    ///
    /// As ``download(_:to:headers:requiresAuth:maximumBytes:resumable:progress:)``, for a path below the
    /// base URL: header fields go where a typed call's go.
    ///
    /// - Parameters:
    ///   - path: A `show` path, e.g. `Attachment.show("1")`.
    ///   - query: Extra query items for this call.
    ///   - destination: The file URL to write; its folder must exist.
    ///   - headers: Extra header fields for this call.
    ///   - maximumBytes: The largest file to accept, in bytes. No limit by default.
    ///   - resumable: Whether to leave a failed download's partial file for the next one, and resume
    ///     from one left.
    ///   - progress: Gets the bytes written so far and the file's length when known.
    /// - Returns: Where the file is, its length and the last response.
    /// - Throws: As ``download(_:to:headers:requiresAuth:maximumBytes:resumable:progress:)``.
    @discardableResult
    public func download<R: Resource>(
        _ path: ResourcePath<R, Op.Show>, query: [QueryItem] = [], to destination: URL, headers: [HeaderField] = [],
        maximumBytes: Int = .max, resumable: Bool = true, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> DownloadedFile {
        let prepared = PreparedRequest(
            method: .get, url: try url(for: path, query: query), headers: headers, body: .none, requiresAuth: false,
            allowsRetryOfNonIdempotent: false)
        return try await download(prepared, to: destination, maximumBytes: maximumBytes, resumable: resumable, progress: progress)
    }

    /// Runs a download: asks for the rest of a partial file when there is one, then writes the body.
    private func download(
        _ prepared: PreparedRequest, to destination: URL, maximumBytes: Int, resumable: Bool, progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> DownloadedFile {
        let request = summary(prepared.method, prepared.url)
        guard destination.isFileURL, !destination.hasDirectoryPath else {
            throw ClientError(
                kind: .invalidRequest, request: request, detail: "the destination of a download must be a file URL, not '\(destination)'")
        }
        let files = PartialDownload(destination: destination.standardizedFileURL, resumable: resumable)
        guard files.claim() else {
            throw ClientError(kind: .fileAccess, request: request, detail: "another download to '\(files.destination.path)' is under way")
        }
        defer { files.release() }
        var resumePoint = files.resumePoint(for: prepared.url, maximumBytes: maximumBytes)
        while true {
            var attempt = prepared
            let names = Set(prepared.headers.map { $0.name.lowercased() })
            if !names.contains("accept-encoding") { attempt.runtimeHeaders.append(HeaderField(name: "Accept-Encoding", value: "identity")) }
            if let resumePoint {
                attempt.runtimeHeaders += [
                    HeaderField(name: "Range", value: RangeHeader([.from(first: resumePoint.offset)]).description),
                    HeaderField(name: "If-Range", value: resumePoint.validator),
                ]
            }
            let slot = StreamedBodySlot(maximumBytes: maximumBytes)
            attempt.streamedBody = slot
            let response: HTTPResponse
            let data: Data
            let finalURL: URL
            do {
                (response, data, finalURL) = try await execute(attempt, accept: "*/*")
            } catch let error as ClientError where error.status?.code == 416 && resumePoint != nil {
                // The partial file does not fit the representation any more (it is as long as it, or longer).
                files.discard()
                resumePoint = nil
                continue
            }
            let writer = DownloadWriter(
                files: files, url: prepared.url, request: summary(prepared.method, finalURL), response: response, finalURL: finalURL,
                maximumBytes: maximumBytes, resumePoint: resumePoint, progress: progress.map(TransferProgress.Reporter.init))
            do {
                return try await writer.write(slot.take(for: response, data: data))
            } catch is DownloadWriter.Restart where resumePoint != nil {
                // A 206 of another representation: its body is dropped (which cancels it), the partial
                // file is gone, and the whole file is asked for, once.
                resumePoint = nil
                continue
            }
        }
    }
}
