import Foundation
import HTTPTypes
import ResgenRuntime

/// One answer of a JSON:API server read without models: its status and its document (nil for an empty
/// body, as a 204 has).
struct RawJSONAPIAnswer: Sendable {
    var status: Int
    var document: JSONValue?
}

extension Client {
    /// The JSON:API media type the raw requests send and accept.
    static let jsonapiMediaType = "application/vnd.api+json"

    /// Sends `method` to `path` on the base URL with `body` as a JSON:API document, and returns the status
    /// and document of any answer, 2xx or not: the polymorphic server's tests read its raw JSON, as there
    /// are no typed polymorphic models yet.
    ///
    /// `[` and `]` in `path` (`fields[books]`) are percent-encoded.
    func jsonapi(_ method: HTTPMethod, _ path: String, body: JSONValue? = nil) async throws -> RawJSONAPIAnswer {
        try await jsonapi(method, path, bytes: try body.map { try JSONEncoder().encode($0) })
    }

    /// Sends `method` to `path` with `json`, a JSON:API document as text; see the other overload.
    func jsonapi(_ method: HTTPMethod, _ path: String, json: String) async throws -> RawJSONAPIAnswer {
        try await jsonapi(method, path, bytes: Data(json.utf8))
    }

    private func jsonapi(_ method: HTTPMethod, _ path: String, bytes: Data?) async throws -> RawJSONAPIAnswer {
        let encoded = path.replacingOccurrences(of: "[", with: "%5B").replacingOccurrences(of: "]", with: "%5D")
        guard let url = URL(string: baseURL.absoluteString + encoded) else { throw RawJSONAPIError(description: "no URL for \(path)") }
        let requestBody: RequestBody = bytes.map { .raw($0, contentType: Self.jsonapiMediaType) } ?? .none
        do {
            let raw = try await request(method, url, body: requestBody, accept: Self.jsonapiMediaType)
            return RawJSONAPIAnswer(status: raw.response.status.code, document: raw.body.isEmpty ? nil : try JSONValue(parsing: raw.body))
        } catch let error as ClientError {
            guard let status = error.status else { throw error }
            let text = error.bodyExcerpt ?? ""
            guard text.utf8.count <= ClientError.bodyExcerptLimit else { throw RawJSONAPIError(description: "the error body of \(path) was cut") }
            return RawJSONAPIAnswer(status: status.code, document: text.isEmpty ? nil : try? JSONValue(parsing: Data(text.utf8)))
        }
    }
}

struct RawJSONAPIError: Error, CustomStringConvertible {
    let description: String
}

/// Reading JSON:API documents as `JSONValue` in tests.
extension JSONValue {
    /// The elements, when this is an array.
    var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The number as an `Int`, when this is a whole number.
    var int: Int? {
        if case .number(let number) = self, let whole = Int(exactly: number) { return whole }
        return nil
    }

    /// The member names, sorted, when this is an object.
    var keys: [String]? {
        if case .object(let object) = self { return object.keys.sorted() }
        return nil
    }

    /// `"films/2"` for a resource object or identifier `{"type": "films", "id": "2", …}`.
    var typeAndID: String? {
        guard let type = self["type"]?.stringValue, let id = self["id"]?.stringValue else { return nil }
        return "\(type)/\(id)"
    }

    /// The `typeAndID` of each element, when this is an array of resource objects or identifiers.
    var typesAndIDs: [String]? {
        array?.compactMap(\.typeAndID)
    }

    /// The resource object of `included` (or of an array of them) whose type and id are `typeAndID`.
    func resource(_ typeAndID: String) -> JSONValue? {
        array?.first { $0.typeAndID == typeAndID }
    }
}
