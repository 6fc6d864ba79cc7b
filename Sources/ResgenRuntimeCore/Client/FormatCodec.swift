import Foundation
import HTTPTypes

/// What the client asks of a wire format's codec beyond ``ResourceCodec``: the rules of a format that
/// the client's flows (writes, related resources, refusals) follow. A format module's codec adopts it;
/// the client asks `configuration.codec as? any FormatCodec` and otherwise does what plain JSON does,
/// so the client itself names no format.
package protocol FormatCodec: ResourceCodec {
    /// The resource a relationship's link leads to (``Client/fetchRelated(_:headers:)``); nil when the
    /// server says there is none.
    func decodeRelated<T: Resource>(_ type: T.Type, from data: Data, context: ResponseContext) throws -> T?

    /// Whether a write's non-empty `2xx` body carries primary data, and its top-level `meta`.
    func writeReply(_ body: Data, decoder: JSONDecoder) -> (hasPrimaryData: Bool, meta: JSONValue?)

    /// The members a write sent, in `R`'s plain `Codable` form, to lay over `original` (a resource the
    /// server has as sent); nil to take the sent body's top-level members as they are.
    func sentMembers<R: Resource>(_ sent: Data, original: R, context: ResponseContext, encoder: JSONEncoder) throws -> [String: JSONValue]?

    /// Carries over what `R`'s plain form leaves out (a resource's own links and `meta`) from `original`.
    func keepExtras<R: Resource>(of original: R, in resource: inout R)

    /// What a `406` or `415` answer to `request` means in the format's words; nil for nothing more.
    func refusalDetail(_ status: HTTPResponse.Status, request: HTTPRequest) -> String?

}
