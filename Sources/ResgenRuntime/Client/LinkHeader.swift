import Foundation

/// RFC 8288 `Link` header parsing, for plain-JSON pagination (`<…?page=2>; rel="next"`).
enum LinkHeader {
    /// The target of each relation in `value`, resolved against `base`.
    static func relations(_ value: String, base: URL) -> [String: URL] {
        var result: [String: URL] = [:]
        for link in value.split(separator: ",") {
            let parts = link.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">"),
                let url = URL(string: String(target.dropFirst().dropLast()), relativeTo: base)?.absoluteURL
            else { continue }
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("rel=") {
                let rels = parameter.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                for rel in rels.split(separator: " ") where result[String(rel)] == nil { result[String(rel)] = url }
            }
        }
        return result
    }
}
