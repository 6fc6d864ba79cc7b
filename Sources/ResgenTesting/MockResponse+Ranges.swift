import Foundation
import HTTPTypes
import ResgenRuntime

extension MockResponse {
    /// A file a server offers for resumable download: `data` with its validators, answering a `Range`
    /// request as RFC 9110 §14 says.
    ///
    /// - A request without `Range`, or whose `If-Range` names another validator than `etag` or
    ///   `lastModified`: `200 OK` with the whole body.
    /// - `Range: bytes=first-` or `bytes=first-last` (one range) within the body: `206 Partial Content`
    ///   with that part and its `Content-Range`.
    /// - A range that starts at or past the body's end: `416 Range Not Satisfiable` with
    ///   `Content-Range: bytes */<length>`.
    ///
    /// Every answer carries `Accept-Ranges: bytes`, the validators given, and the `Content-Length` of
    /// its body.
    ///
    /// ```swift
    /// mock.on(.get, "/files/report.pdf", .resumable(pdf, etag: "\"v1\"").interrupted(after: 1000))
    /// ```
    ///
    /// - Parameters:
    ///   - data: The whole file.
    ///   - etag: The `ETag` (a strong one, quoted), or nil for none.
    ///   - lastModified: The `Last-Modified` date as sent (an HTTP-date), or nil for none.
    ///   - contentType: The `Content-Type`.
    public static func resumable(
        _ data: Data, etag: String? = "\"mock\"", lastModified: String? = nil, contentType: String = "application/octet-stream"
    ) -> MockResponse {
        MockResponse { request, _ in
            var fields = HTTPFields()
            fields[.contentType] = contentType
            fields[.acceptRanges] = "bytes"
            if let etag { fields[.eTag] = etag }
            if let lastModified { fields[.lastModified] = lastModified }
            let length = Int64(data.count)
            let range = request.header(.range).flatMap(RangeHeader.init(parsing:))
            let ifRange = request.header(.ifRange)
            let validatorMatches = ifRange == nil || ifRange == etag || ifRange == lastModified
            guard request.method == .get, validatorMatches, let range, range.ranges.count == 1 else {
                fields[.contentLength] = String(length)
                return (HTTPResponse(status: .ok, headerFields: fields), data)
            }
            let first: Int64
            var last = length - 1
            switch range.ranges[0] {
            case .from(let start): first = start
            case .closed(let start, let end):
                first = start
                last = min(end, length - 1)
            case .suffix(let count):
                first = max(0, length - count)
            }
            guard first < length, let part = ContentRange(range: first...last, completeLength: length) else {
                fields[.contentRange] = ContentRange(unsatisfiedLength: length).description
                fields[.contentLength] = "0"
                return (HTTPResponse(status: .rangeNotSatisfiable, headerFields: fields), Data())
            }
            fields[.contentRange] = part.description
            fields[.contentLength] = String(last - first + 1)
            return (HTTPResponse(status: .partialContent, headerFields: fields), data.subdata(in: Int(first)..<Int(last + 1)))
        }
    }
}
