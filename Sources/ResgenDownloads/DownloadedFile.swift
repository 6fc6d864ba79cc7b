import Foundation
import HTTPTypes

/// A finished download: what ``Client/download(_:to:headers:requiresAuth:maximumBytes:resumable:progress:)``
/// returns once the file is in place.
public struct DownloadedFile: Sendable {
    /// Where the file is: the destination the download was asked to write.
    public var fileURL: URL
    /// The head of the response whose body completed the file: `200 OK` for a whole body, `206 Partial
    /// Content` for a resumed one.
    public var response: HTTPResponse
    /// The URL the body came from, after redirects.
    public var url: URL
    /// The file's length in bytes.
    public var byteCount: Int64
    /// The bytes an earlier, interrupted download had left and this one kept: 0 when the body came
    /// whole.
    public var resumedFrom: Int64

    /// Creates a value.
    public init(fileURL: URL, response: HTTPResponse, url: URL, byteCount: Int64, resumedFrom: Int64) {
        self.fileURL = fileURL
        self.response = response
        self.url = url
        self.byteCount = byteCount
        self.resumedFrom = resumedFrom
    }
}
