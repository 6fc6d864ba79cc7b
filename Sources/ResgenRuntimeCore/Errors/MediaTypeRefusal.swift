import Foundation
import HTTPTypes

/// What a `406 Not Acceptable` or `415 Unsupported Media Type` answer means: its own
/// ``ClientError/Kind``, and, when the refused media type was JSON:API with parameters, a detail saying
/// which (the JSON:API codec's ``FormatCodec/refusalDetail(_:request:)``, `MediaTypeRefusal+JSONAPI.swift`).
///
/// JSON:API 1.0 servers must refuse a JSON:API media type with any parameter (415 for `Content-Type`, 406
/// for `Accept`), and 1.1 servers one with an extension or profile they lack; so an atomic request
/// (`ext="https://jsonapi.org/ext/atomic"`) to a server without the extension fails this way, and the
/// error should say that the extension, not the body, is what was refused.
package enum MediaTypeRefusal {
    /// The kind of error a non-2xx `status` is.
    package static func kind(_ status: HTTPResponse.Status) -> ClientError.Kind {
        switch status.code {
        case 406: .notAcceptable
        case 415: .unsupportedMediaType
        case 412: .preconditionFailed
        case 428: .preconditionRequired
        default: .unacceptableStatus
        }
    }
}
