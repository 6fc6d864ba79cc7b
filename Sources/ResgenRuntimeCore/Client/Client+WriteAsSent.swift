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
        if let codec = configuration.codec as? any FormatCodec, let members = try codec.sentMembers(sent, original: original, context: context, encoder: encoder) {
            changes = members
        } else {
            guard case .object(let fields) = try JSONValue(parsing: sent) else { return original }
            changes = fields
        }
        plain.merge(changes) { _, new in new }
        var resource = try decoder.decode(R.self, from: JSONEncoder().encode(JSONValue.object(plain)))
        (configuration.codec as? any FormatCodec)?.keepExtras(of: original, in: &resource)
        return resource
    }
}
