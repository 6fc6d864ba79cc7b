import Foundation
import HTTPTypes

/// The request header fields a response varies on (`Vary`, RFC 9110 §12.5.5): a stored response is used
/// for a later request only when that request has the same values in these fields (RFC 9111 §4.1).
package struct VaryFields: Hashable, Sendable {
    /// The field names, lowercased, sorted, without duplicates.
    package var names: [String]
    /// `Vary: *`: the response varies on things outside the request's fields, so no stored copy ever
    /// matches a later request (and it is not worth storing).
    package var matchesNothing: Bool

    /// Reads every `Vary` field line of a response. Names that are no HTTP field name are ignored.
    package init(parsing lines: some Sequence<String>) {
        var names: Set<String> = []
        var star = false
        for line in lines {
            for item in line.split(separator: ",") {
                let name = item.trimmingCharacters(in: .whitespaces).lowercased()
                if name == "*" {
                    star = true
                } else if HTTPField.Name(name) != nil {
                    names.insert(name)
                }
            }
        }
        self.names = names.sorted()
        self.matchesNothing = star
    }

    /// The values `request` has in these fields (lines joined with ", ", nil for an absent field), in
    /// the order of ``names``: what a stored response records and a later request must repeat.
    package func values(in request: HTTPFields) -> [String?] {
        names.map { name in
            guard let fieldName = HTTPField.Name(name) else { return nil }
            let lines = request[values: fieldName]
            return lines.isEmpty ? nil : lines.joined(separator: ", ")
        }
    }

    /// The digests (``CacheKeyer``) of ``values(in:)``: what a stored response records, so that neither
    /// memory nor a cache file holds a value of a field the response varies on (`Authorization`,
    /// `X-Api-Key`…), while a later request with the same values still matches.
    package func digests(in request: HTTPFields, keyer: CacheKeyer) -> [String?] {
        values(in: request).map { $0.map(keyer.digest) }
    }
}
