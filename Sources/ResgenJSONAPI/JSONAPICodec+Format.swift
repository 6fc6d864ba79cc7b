import Foundation
import HTTPTypes
@_spi(Generated) import ResgenRuntimeCore

/// The JSON:API rules of the client's flows (``FormatCodec``).
extension JSONAPICodec: FormatCodec {
    /// `"data": null` is no resource.
    package func decodeRelated<T: Resource>(_ type: T.Type, from data: Data, context: ResponseContext) throws -> T? {
        try decodeDocument(T?.self, from: data, decoder: context.decoder, baseURL: context.url).data
    }

    /// A document without `data` (or with `"data": null`) has no primary data.
    package func writeReply(_ body: Data, decoder: JSONDecoder) -> (hasPrimaryData: Bool, meta: JSONValue?) {
        // A body that is not a JSON:API document goes to the codec, whose error names what is wrong.
        guard let document = try? decoder.decodeUsingTape(PrimaryDataProbe.self, from: body) else { return (true, nil) }
        return (document.hasData, document.meta)
    }

    /// Each attribute and relationship the resource object names (a patch replaces whole members, never
    /// parts of one), read back through the model (linkage becomes a relationship) in its plain form.
    package func sentMembers<R: Resource>(_ sent: Data, original: R, context: ResponseContext, encoder: JSONEncoder) throws -> [String: JSONValue]? {
        let names = Self.memberNames(of: try JSONValue(parsing: sent))
        let wire = try Self.overlay(sent, on: encodeBody(original, for: R.self, encoder: encoder))
        let readBack = try decodeResource(R.self, from: wire, context: context)
        guard case .object(let fields) = try JSONValue(parsing: encoder.encode(readBack)) else { return [:] }
        return fields.filter { names.contains($0.key) }
    }

    /// A JSON:API 1.0 server refuses a JSON:API media type with any parameter: say which.
    package func refusalDetail(_ status: HTTPResponse.Status, request: HTTPRequest) -> String? {
        MediaTypeRefusal.detail(status, request: request)
    }

    /// The attribute and relationship names of a JSON:API document's resource object.
    private static func memberNames(of document: JSONValue) -> Set<String> {
        var names: Set<String> = []
        for member in ["attributes", "relationships"] {
            if case .object(let fields)? = document["data"]?[member] { names.formUnion(fields.keys) }
        }
        return names
    }

    /// The JSON:API document `sent` laid over `base`: each attribute and relationship of `sent`'s
    /// resource object replaces `base`'s.
    private static func overlay(_ sent: Data, on base: Data) throws -> Data {
        let changes = try JSONValue(parsing: sent)
        guard case .object(var document) = try JSONValue(parsing: base), case .object(var object)? = document["data"] else { return sent }
        for member in ["attributes", "relationships"] {
            guard case .object(let fields)? = changes["data"]?[member] else { continue }
            var merged: [String: JSONValue] = [:]
            if case .object(let old)? = object[member] { merged = old }
            merged.merge(fields) { _, new in new }
            object[member] = .object(merged)
        }
        document["data"] = .object(object)
        return try JSONEncoder().encode(JSONValue.object(document))
    }

    /// A JSON:API resource's own `links` and `meta`, which its encoding leaves out, as `original` had them.
    package func keepExtras<R: Resource>(of original: R, in resource: inout R) {
        guard var copy = resource as? any JSONAPIResource, let old = original as? any JSONAPIResource else { return }
        copy.jsonAPI = old.jsonAPI
        if let typed = copy as? R { resource = typed }
    }
}
