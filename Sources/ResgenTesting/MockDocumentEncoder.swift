import Foundation
import HTTPTypes
@_spi(Testing) import ResgenRuntime

/// Writes models as a server of the API's wire format would send them, with the runtime's own coding
/// (the generated models' JSON:API and plain `Codable` forms), so a test's model and the client's
/// decoding meet on the wire exactly as they would against a server.
///
/// Read-only attributes, which the generated request encoders leave out, are taken from the model's
/// plain form, so a mocked response carries every attribute.
public struct MockDocumentEncoder: Sendable {
    /// HAL, JSON:API, or `nil` for plain JSON.
    public var format: WireFormat?
    /// How dates are written.
    public var dateFormat: DateFormat

    /// Creates an encoder.
    public init(format: WireFormat?, dateFormat: DateFormat = .iso8601) {
        self.format = format
        self.dateFormat = dateFormat
    }

    /// The media type of documents: `application/vnd.api+json`, `application/hal+json` or `application/json`.
    public var mediaType: String {
        switch format {
        case .jsonapi?: JSONAPICodec.mediaType
        case .hal?: HALCodec.mediaType
        default: "application/json"
        }
    }

    /// A response head with `Content-Type` (the document media type unless given).
    public func response(_ status: HTTPResponse.Status, contentType: String? = nil) -> HTTPResponse {
        var fields = HTTPFields()
        fields[.contentType] = contentType ?? mediaType
        return HTTPResponse(status: status, headerFields: fields)
    }

    // MARK: Documents

    /// One resource as a document; `includes` are JSON:API include paths (ignored by HAL, which embeds
    /// every resolved relationship, and by plain JSON).
    public func document<R: Resource>(for value: R, includes: [[String]]) throws -> Data {
        switch format {
        case .jsonapi?:
            var included = IncludedResources(primary: [value])
            try included.collect(from: value, along: IncludedResources.tree(includes), encoder: self)
            return try encode(Self.jsonAPIDocument(data: try jsonAPIObject(value), included: included.objects))
        case .hal?: return try encode(try halObject(value))
        default: return try plainEncoder().encode(value)
        }
    }

    /// A collection as a document (see ``document(for:includes:)-(R,_)``).
    public func document<R: Resource>(for values: [R], includes: [[String]]) throws -> Data {
        switch format {
        case .jsonapi?:
            var included = IncludedResources(primary: values)
            let tree = IncludedResources.tree(includes)
            for value in values { try included.collect(from: value, along: tree, encoder: self) }
            return try encode(Self.jsonAPIDocument(data: .array(try values.map(jsonAPIObject)), included: included.objects))
        case .hal?:
            return try encode(.object(["_embedded": .object([R.resourceType: .array(try values.map(halObject))])]))
        default: return try plainEncoder().encode(values)
        }
    }

    /// A server error document: JSON:API `errors` or an RFC 9457 problem document.
    public func errorDocument(status: HTTPResponse.Status, title: String?, detail: String?, code: String?) throws -> (String, Data) {
        if format == .jsonapi {
            var object: [String: JSONValue] = ["status": .string(String(status.code))]
            if let title { object["title"] = .string(title) }
            if let detail { object["detail"] = .string(detail) }
            if let code { object["code"] = .string(code) }
            return (JSONAPICodec.mediaType, try encode(.object(["errors": .array([.object(object)])])))
        }
        let problem = ProblemDetails(type: code, title: title, status: status.code, detail: detail)
        return ("application/problem+json", try plainEncoder().encode(problem))
    }

    static func jsonAPIDocument(data: JSONValue, included: [JSONValue]) -> JSONValue {
        included.isEmpty ? .object(["data": data]) : .object(["data": data, "included": .array(included)])
    }

    // MARK: Resource objects

    /// The JSON:API resource object of `value` (type, id, attributes, relationship linkage), with the
    /// read-only attributes of its plain form added.
    func jsonAPIObject(_ value: some Resource) throws -> JSONValue {
        let written = try jsonValue(value, format: .jsonapi)
        guard case .object(var object) = written else { return written }
        var attributes: [String: JSONValue] = [:]
        if case .object(let sent)? = object["attributes"] { attributes = sent }
        for (key, attribute) in try plainMembers(value) where key != "id" && attributes[key] == nil { attributes[key] = attribute }
        object["attributes"] = .object(attributes)
        return .object(object)
    }

    /// The HAL document of `value`: attributes at the top level, `_links` (the value's own and those of
    /// unresolved relationships), `_embedded` for resolved relationships, recursively.
    func halObject<R: Resource>(_ value: R) throws -> JSONValue {
        var object = try plainMembers(value)
        var links: [String: JSONValue] = [:]
        if let resource = value as? any HALResource, !resource.links.isEmpty,
            case .object(let own) = try JSONValue(parsing: try plainEncoder().encode(resource.links))
        {
            links = own
        }
        var embedder = HALEmbedder(encoder: self, relations: Self.halRelations(R.self))
        var copy = value
        copy.visitRelationships(with: &embedder)
        if let error = embedder.error { throw error }
        links.merge(embedder.links) { own, _ in own }
        if !links.isEmpty { object["_links"] = .object(links) }
        if !embedder.embedded.isEmpty { object["_embedded"] = .object(embedder.embedded) }
        return .object(object)
    }

    static func halRelations<R: Resource>(_ type: R.Type) -> [String: String] {
        guard let hal = type as? any HALResource.Type else { return [:] }
        return Dictionary(hal.halRelations.map { ($0.key, $0.rel) }, uniquingKeysWith: { first, _ in first })
    }

    /// The plain form's members other than the relationships: `id` and every attribute, read-only ones
    /// included.
    func plainMembers<R: Resource>(_ value: R) throws -> [String: JSONValue] {
        guard case .object(let object) = try jsonValue(value, format: nil) else { return [:] }
        let relationships = Set(R.relationshipKeys)
        return object.filter { !relationships.contains($0.key) }
    }

    // MARK: Coding

    func plainEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = dateFormat.encodingStrategy
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    func jsonValue(_ value: some Encodable, format: WireFormat?) throws -> JSONValue {
        let encoder = plainEncoder()
        if let format { encoder.userInfo[.resgenWireFormat] = format }
        return try JSONValue(parsing: encoder.encode(value))
    }

    func encode(_ value: JSONValue) throws -> Data {
        try plainEncoder().encode(value)
    }
}
