import Foundation
import HTTPTypes

/// What a `406 Not Acceptable` or `415 Unsupported Media Type` answer means: its own
/// ``ClientError/Kind``, and, when the refused media type was JSON:API with parameters, a detail saying
/// which.
///
/// JSON:API 1.0 servers must refuse a JSON:API media type with any parameter (415 for `Content-Type`, 406
/// for `Accept`), and 1.1 servers one with an extension or profile they lack; so an atomic request
/// (`ext="https://jsonapi.org/ext/atomic"`) to a server without the extension fails this way, and the
/// error should say that the extension, not the body, is what was refused.
enum MediaTypeRefusal {
    /// The kind of error a non-2xx `status` is.
    static func kind(_ status: HTTPResponse.Status) -> ClientError.Kind {
        switch status.code {
        case 406: .notAcceptable
        case 415: .unsupportedMediaType
        default: .unacceptableStatus
        }
    }

    /// For a 406 or 415 to a request whose `Accept` (406) or `Content-Type` (415) is a JSON:API media
    /// type with parameters: a sentence naming them. Nil otherwise.
    static func detail(_ status: HTTPResponse.Status, request: HTTPRequest) -> String? {
        let field: HTTPField.Name
        switch status.code {
        case 406: field = .accept
        case 415: field = .contentType
        default: return nil
        }
        guard let value = request.headerFields[field] else { return nil }
        let parameters = jsonAPIParameters(value)
        guard !parameters.isEmpty else { return nil }
        let named = parameters.joined(separator: "; ")
        let header = field == .accept ? "Accept" : "Content-Type"
        return "the server refused the JSON:API media type with \(named) (\(header)): it does not support that extension or profile; "
            + "a JSON:API 1.0 server refuses every media type parameter"
    }

    /// The parameters (`ext="…"`, `profile="…"`) of the JSON:API media types in a header value, read
    /// as quoted strings (a `,` or `;` inside a quoted URI list does not split it).
    static func jsonAPIParameters(_ value: String) -> [String] {
        MediaTypeHeader.parse(value).filter(\.isJSONAPI).flatMap(\.writtenParameters)
    }
}
