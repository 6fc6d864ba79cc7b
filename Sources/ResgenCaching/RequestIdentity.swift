import Foundation
import HTTPTypes

/// Who a request was made for, as the cache compares it: the digest of every header field the caller
/// and its middlewares set, except the few known not to identify anyone.
///
/// Credentials travel in many fields: `Authorization`, `Cookie`, but as often `X-Api-Key`,
/// `X-Auth-Token`, a tenant id, or a field a middleware of the app's own adds. A list of credential
/// fields misses some of them, and a response stored for one caller is then served to another. So the
/// rule is the other way round: every field counts, and only the ones on
/// ``HTTPCache/defaultNonIdentifyingFieldNames`` (content negotiation, cache directives, tracing) and
/// the ones an app adds to it are left out. Two requests have the same identity only when every other
/// field has the same value; a request with none is anonymous (nil).
///
/// The identity is a keyed hash (``CacheKeyer``), so the cache's index and its files hold no value of
/// any field.
package enum RequestIdentity {
    /// The identity of a request with `fields`, leaving out `nonIdentifying` (lowercased names); nil when
    /// no other field is set.
    package static func of(_ fields: HTTPFields, nonIdentifying: Set<String>, keyer: CacheKeyer) -> String? {
        var lines: [String] = []
        for field in fields where !nonIdentifying.contains(field.name.canonicalName) {
            lines.append(field.name.canonicalName + ":" + field.value)
        }
        guard !lines.isEmpty else { return nil }
        // Sorted, so the order middlewares set fields in does not matter; joined with a byte no field
        // value may hold, so no two lists join to the same text.
        return keyer.digest(lines.sorted().joined(separator: "\n"))
    }
}
