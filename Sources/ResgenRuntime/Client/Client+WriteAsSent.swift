import Foundation
import HTTPTypes

/// The resource after a write the server answered without one (`204 No Content`, or no primary data):
/// JSON:API says the server then has the resource as sent (a create with a client-chosen id, a replace)
/// or as it was with the sent fields applied (a patch).
extension Client {
    /// The resource `sent` stands for: `value` itself when it is an `R`; else the sent body read back as
    /// `R`, merged into `original` first when there is one.
    ///
    /// - Throws: ``ClientError`` of kind `.decoding` when the body is not a whole resource (a create
    ///   without an id, a patch of a few fields without `original`), saying so.
    func resourceAsSent<R: Resource>(
        _ type: R.Type, _ value: some Encodable & Sendable, sent: Data, merging original: R?, method: HTTPMethod, reply: WriteReply
    ) throws -> R {
        if original == nil, let value = value as? R { return value }
        let codec = configuration.codec
        let context = ResponseContext(decoder: decoder, url: reply.url, response: .init(status: reply.status, headerFields: reply.headers))
        do {
            if let original { return try merging(sent, into: original, context: context) }
            return try codec.decodeResource(R.self, from: sent, context: context)
        } catch {
            let path = (error as? DecodingError)?.pathDescription
            throw ClientError(
                kind: .decoding, request: summary(method, reply.url), status: reply.status, headers: reply.headers, body: reply.body, codingPath: path,
                detail: "the server answered \(reply.status.code) without the resource, which means it has it as sent, but what was sent is not a "
                    + "whole '\(R.resourceType)' (\((error as? DecodingError)?.debugSummary ?? "\(error)")); "
                    + "pass the resource as it was (patch(_:_:merging:)) or read the answer with client.write",
                underlying: error)
        }
    }

    /// `original` with the fields `sent` names replaced by the sent values: each attribute and
    /// relationship a JSON:API resource object names (a patch replaces whole members, never parts of one),
    /// or each top-level member for other codecs. The merge is done on the models' plain `Codable` form,
    /// which holds everything a decoded value has (read-only attributes, resolved targets, links), so what
    /// the changes do not name stays as `original` has it.
    private func merging<R: Resource>(_ sent: Data, into original: R, context: ResponseContext) throws -> R {
        guard case .object(var plain) = try JSONValue(parsing: encoder.encode(original)) else { return original }
        let changes: [String: JSONValue]
        if let codec = configuration.codec as? JSONAPICodec {
            // The sent members, read back through the model (linkage becomes a relationship) in its plain form.
            let names = Self.memberNames(of: try JSONValue(parsing: sent))
            let wire = try Self.overlay(sent, on: codec.encodeBody(original, for: R.self, encoder: encoder))
            let readBack = try codec.decodeResource(R.self, from: wire, context: context)
            guard case .object(let fields) = try JSONValue(parsing: encoder.encode(readBack)) else { return original }
            changes = fields.filter { names.contains($0.key) }
        } else {
            guard case .object(let fields) = try JSONValue(parsing: sent) else { return original }
            changes = fields
        }
        plain.merge(changes) { _, new in new }
        var resource = try decoder.decode(R.self, from: JSONEncoder().encode(JSONValue.object(plain)))
        Self.keepExtras(of: original, in: &resource)
        return resource
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
    private static func keepExtras<R: Resource>(of original: R, in resource: inout R) {
        guard var copy = resource as? any JSONAPIResource, let old = original as? any JSONAPIResource else { return }
        copy.jsonAPI = old.jsonAPI
        if let typed = copy as? R { resource = typed }
    }
}
