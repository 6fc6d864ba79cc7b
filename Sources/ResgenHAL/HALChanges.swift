import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// The body of a HAL `PATCH`: only the properties and relationships that changed.
///
/// Generated HAL resources make one by comparing with the value as fetched (read-only attributes are
/// never part of it; relationships only where the schema says how the server takes them, `write:`):
/// ```swift
/// var edited = talk
/// edited.title = "New title"
/// edited.venue = ToOne(id: 2)
/// try await client.patch(Talk.patch(talk.id), edited.changes(since: talk))
/// // {"title": "New title", "_links": {"venue": {"href": "https://api.example.com/venues/2"}}}
/// ```
/// or build one property by property: `var changes = HALChanges<Talk>(); changes.set("title", "Hi")`.
public struct HALChanges<R: HALResource>: Encodable, Sendable {
    /// The changed top-level properties by wire name, in the order they were set.
    public private(set) var properties: [(key: String, value: any Encodable & Sendable)] = []
    /// The changed relationships written as links, by relation.
    private var links = HALWriteLinks()

    /// No changes.
    public init() {}

    /// Whether nothing changed.
    public var isEmpty: Bool { properties.isEmpty && links.isEmpty }

    /// The wire names of the changed properties, then the relations of the changed links (`_links.venue`).
    public var changedKeys: [String] { properties.map(\.key) + links.entries.map { "_links.\($0.rel)" } }

    /// Sets the top-level property `key` (replacing an earlier value of it). `nil` sends `null`.
    public mutating func set<Value: Encodable & Sendable>(_ key: String, _ value: Value) {
        properties.removeAll { $0.key == key }
        properties.append((key, value))
    }

    /// Sets `key` to `value` when it differs from `old`: what generated `changes(since:)` calls per attribute
    /// (one call compiles to less than the comparison, branch and call it spelled before).
    @_spi(Generated) @inlinable
    public mutating func set<Value: Encodable & Sendable & Equatable>(_ key: String, _ value: Value, since old: Value) {
        if value != old { set(key, value) }
    }

    /// Sets the optional attribute `key`, at `position` of the models' ``UnsentAttributes``, when it is known
    /// in the new value and either unknown in the old one or different.
    @_spi(Generated) @inlinable
    public mutating func set<Value: Encodable & Sendable & Equatable>(
        _ key: String, _ value: Value, since old: Value, unsent: UnsentAttributes, oldUnsent: UnsentAttributes, position: Int
    ) {
        if unsent.changed(value, since: old, in: oldUnsent, position: position) { set(key, value) }
    }

    /// Sets a relationship written as the property `key` (a URI or id); nil sets nothing.
    @_spi(Generated) public mutating func set(_ key: String, relationship value: HALRelationshipValue?) {
        guard let value else { return }
        set(key, value)
    }

    /// Sets a relationship written as the link `rel` of `_links`; nil sets nothing.
    @_spi(Generated) public mutating func set(link rel: String, _ value: HALRelationshipValue?) {
        links.add(rel, value)
    }

    /// The properties at the top level, and `_links` when a relationship written as a link changed.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: HALKey.self)
        for (key, value) in properties { try container.encode(value, forKey: HALKey(key)) }
        if !links.isEmpty { try container.encode(links, forKey: HALKey("_links")) }
    }
}
