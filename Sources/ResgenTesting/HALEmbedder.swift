import Foundation
@_spi(Testing) import ResgenRuntime

/// Writes a HAL resource's relationships: a resolved one as `_embedded` documents (recursively), an
/// unresolved one with a link as a `_links` entry, so traversal finds what a HAL server would offer.
struct HALEmbedder: RelationshipVisitor {
    let encoder: MockDocumentEncoder
    /// Link relation by relationship wire key (`orders` → `ea:orders`).
    let relations: [String: String]
    var embedded: [String: JSONValue] = [:]
    var links: [String: JSONValue] = [:]
    var error: (any Error)?

    mutating func visit<Target: Resource>(_ relationship: inout ToOne<Target>, key: String) {
        let rel = relations[key] ?? key
        if let target = relationship.resolved {
            record(rel) { try $0.halObject(target) }
        } else if let link = relationship.link {
            links[rel] = .object(["href": .string(link.absoluteString)])
        }
    }

    mutating func visit<Target: Resource>(_ relationship: inout ToMany<Target>, key: String) {
        let rel = relations[key] ?? key
        if let targets = relationship.resolved {
            record(rel) { encoder in .array(try targets.map { try encoder.halObject($0) }) }
        } else if let link = relationship.link {
            links[rel] = .object(["href": .string(link.absoluteString)])
        }
    }

    private mutating func record(_ rel: String, _ make: (MockDocumentEncoder) throws -> JSONValue) {
        do {
            embedded[rel] = try make(encoder)
        } catch {
            self.error = error
        }
    }
}
