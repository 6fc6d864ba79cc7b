import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// A JSON:API document's `data` (present and not `null`?) and `meta`, read without decoding the data.
struct PrimaryDataProbe: Decodable {
    var hasData: Bool
    package var meta: JSONValue?

    private enum Keys: String, CodingKey { case data, meta }

    package init(from decoder: any Decoder) throws {
        let document = try decoder.container(keyedBy: Keys.self)
        hasData = try document.contains(.data) && !document.decodeNil(forKey: .data)
        meta = try document.decodeIfPresent(JSONValue.self, forKey: .meta)
    }
}
