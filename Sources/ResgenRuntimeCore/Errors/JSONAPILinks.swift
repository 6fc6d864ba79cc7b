import Foundation

/// A JSON:API `links` object; `null` members (a last page's `next`) are absent here.
public struct JSONAPILinks: Codable, Hashable, Sendable {
    /// The links by name.
    public var links: [String: JSONAPILink]

    /// Creates links.
    public init(_ links: [String: JSONAPILink] = [:]) {
        self.links = links
    }

    /// The link called `name`.
    public subscript(name: String) -> JSONAPILink? { links[name] }

    public init(from decoder: any Decoder) throws {
        let values = try decoder.singleValueContainer().decode([String: JSONAPILink?].self)
        self.links = values.compactMapValues { $0 }
    }

    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(links)
    }
}
