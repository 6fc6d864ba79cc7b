import Foundation
import HTTPTypes
@_spi(Generated) import ResgenRuntimeCore

extension MediaTypeRefusal {
    /// For a 406 or 415 to a request whose `Accept` (406) or `Content-Type` (415) is a JSON:API media
    /// type with parameters: a sentence naming them. Nil otherwise.
    package static func detail(_ status: HTTPResponse.Status, request: HTTPRequest) -> String? {
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
    package static func jsonAPIParameters(_ value: String) -> [String] {
        MediaTypeHeader.parse(value).filter(\.isJSONAPI).flatMap(\.writtenParameters)
    }
}
