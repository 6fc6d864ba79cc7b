import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// The body of a JSON:API `PATCH`: only the attributes and relationships that changed.
///
/// Generated resources make one by comparing with the value as fetched — read-only attributes are never
/// part of it:
/// ```swift
/// var edited = article
/// edited.title = "New title"
/// try await client.patch(Article.patch(article.id), edited.changes(since: article))
/// // {"data": {"type": "articles", "id": "1", "attributes": {"title": "New title"}}}
/// ```
/// or build one field by field: `var changes = ResourceChanges<Article>(id: "1"); changes.set(.title, "Hi");
/// changes.set(.author, relationship: ToOne(id: "2"))`.
public struct ResourceChanges<R: JSONAPIResource>: Encodable, Sendable {
    /// The resource's id (absent for a create without a client-chosen id).
    public var id: R.ID?
    /// The changed attributes, in the order they were set.
    public private(set) var attributes: [(key: String, value: any Encodable & Sendable)] = []
    /// The changed relationships' linkage, in the order they were set.
    public private(set) var relationships: [(key: String, linkage: JSONAPILinkage)] = []

    /// Creates an empty set of changes.
    public init(id: R.ID?) {
        self.id = id
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { attributes.isEmpty && relationships.isEmpty }

    /// The wire names of the changed fields, attributes first.
    public var changedFields: [String] { attributes.map(\.key) + relationships.map(\.key) }

    /// Sets an attribute (replacing an earlier value of the same field). `nil` sends `null`.
    public mutating func set<Value: Encodable & Sendable>(_ field: R.Field, _ value: Value) {
        attributes.removeAll { $0.key == field.rawValue }
        attributes.append((field.rawValue, value))
    }

    /// Sets a to-one relationship; a `nil` relationship or id sends `null` (clears it).
    public mutating func set<Target: Resource>(_ field: R.Field, relationship: ToOne<Target>?) where Target.ID: JSONAPIIdentifier {
        setLinkage(field.rawValue, relationship.flatMap { JSONAPILinkage($0) } ?? .one(nil))
    }

    /// Sets a to-many relationship (the whole list); unknown ids or `nil` send an empty list.
    public mutating func set<Target: Resource>(_ field: R.Field, relationship: ToMany<Target>?) where Target.ID: JSONAPIIdentifier {
        setLinkage(field.rawValue, relationship.flatMap { JSONAPILinkage($0) } ?? .many([]))
    }

    // Generated `changes(since:)` calls these: one call per attribute or relationship compiles to less than
    // the comparison, branch and call it spelled before (`changes(since:)` of the N = 200 compile benchmark:
    // 97,600 → 48,400 LLVM IR instructions, 2.7% of the generated code).

    /// Sets `field` to `value` when it differs from `old`.
    @_spi(Generated) @inlinable
    public mutating func set<Value: Encodable & Sendable & Equatable>(_ field: R.Field, _ value: Value, since old: Value) {
        if value != old { set(field, value) }
    }

    /// Sets the optional attribute `field`, at `position` of the models' ``UnsentAttributes``, when it is
    /// known in the new value and either unknown in the old one or different.
    @_spi(Generated) @inlinable
    public mutating func set<Value: Encodable & Sendable & Equatable>(
        _ field: R.Field, _ value: Value, since old: Value, unsent: UnsentAttributes, oldUnsent: UnsentAttributes, position: Int
    ) {
        if unsent.changed(value, since: old, in: oldUnsent, position: position) { set(field, value) }
    }

    /// Sets a to-one relationship when its linkage is known and differs from `old`'s (see
    /// `JSONAPILinkageChange`).
    @_spi(Generated) @inlinable
    public mutating func set<Target: Resource>(_ field: R.Field, relationship: ToOne<Target>?, since old: ToOne<Target>?) where Target.ID: JSONAPIIdentifier {
        if JSONAPILinkageChange.toOne(relationship, since: old) { set(field, relationship: relationship) }
    }

    /// Sets a to-many relationship when its linkage is known and differs from `old`'s.
    @_spi(Generated) @inlinable
    public mutating func set<Target: Resource>(_ field: R.Field, relationship: ToMany<Target>?, since old: ToMany<Target>?) where Target.ID: JSONAPIIdentifier {
        if JSONAPILinkageChange.toMany(relationship, since: old) { set(field, relationship: relationship) }
    }

    // The same for relationships that are not optional, which most are: wrapping each argument in an
    // Optional at the call site was a fifth of generated `changes(since:)`.

    /// Sets a to-one relationship when its linkage is known and differs from `old`'s.
    @_spi(Generated) @inlinable
    public mutating func set<Target: Resource>(_ field: R.Field, relationship: ToOne<Target>, since old: ToOne<Target>) where Target.ID: JSONAPIIdentifier {
        if JSONAPILinkageChange.toOne(relationship, since: old) { set(field, relationship: relationship) }
    }

    /// Sets a to-many relationship when its linkage is known and differs from `old`'s.
    @_spi(Generated) @inlinable
    public mutating func set<Target: Resource>(_ field: R.Field, relationship: ToMany<Target>, since old: ToMany<Target>) where Target.ID: JSONAPIIdentifier {
        if JSONAPILinkageChange.toMany(relationship, since: old) { set(field, relationship: relationship) }
    }

    private mutating func setLinkage(_ key: String, _ linkage: JSONAPILinkage) {
        relationships.removeAll { $0.key == key }
        relationships.append((key, linkage))
    }

    /// A resource object with the changes: `type`, `id`, `attributes`, `relationships`.
    ///
    /// `attributes` is always written, `{}` when no attribute changed: fastapi-jsonapi refuses a `PATCH`
    /// without it (422), so a change of relationships alone (clearing an author) would not arrive.
    public func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: JSONAPIResourceKey.self)
        try object.encode(R.resourceType, forKey: .type)
        try object.encodeIfPresent(id?.wireString, forKey: .id)
        var attributeContainer = object.nestedContainer(keyedBy: JSONAPIMemberKey.self, forKey: .attributes)
        for (key, value) in attributes { try attributeContainer.encode(value, forKey: JSONAPIMemberKey(stringValue: key)) }
        if !relationships.isEmpty {
            var container = object.nestedContainer(keyedBy: JSONAPIMemberKey.self, forKey: .relationships)
            for (key, linkage) in relationships { try container.encode(linkage.document, forKey: JSONAPIMemberKey(stringValue: key)) }
        }
    }
}

/// One key of `sort=`: a field, ascending or descending (`-published-at`).
public struct JSONAPISort<Field: JSONAPIField>: Hashable, Sendable {
    /// The field.
    public var field: Field
    /// Whether the order is descending.
    public var descending: Bool

    /// Ascending by `field`.
    public static func ascending(_ field: Field) -> Self { Self(field: field, descending: false) }
    /// Descending by `field`.
    public static func descending(_ field: Field) -> Self { Self(field: field, descending: true) }

    /// `published-at` or `-published-at`.
    public var wireValue: String { (descending ? "-" : "") + field.rawValue }
}

/// Which page of a collection to read (`page[…]` query items).
public struct JSONAPIPageRequest: Hashable, Sendable {
    /// The `page[name]=value` pairs, in order.
    public var parameters: [QueryItem]

    /// Any `page[…]` parameters: `.init(["cursor": "abc"])`.
    public init(_ parameters: KeyValuePairs<String, String>) {
        self.parameters = parameters.map { QueryItem(name: "page[\($0.key)]", value: $0.value) }
    }

    /// Page-number pagination: `page[number]=2&page[size]=10`.
    public static func number(_ number: Int, size: Int? = nil) -> Self {
        var request = Self(["number": String(number)])
        if let size { request.parameters.append(QueryItem(name: "page[size]", value: String(size))) }
        return request
    }

    /// Offset pagination: `page[offset]=20&page[limit]=10`.
    public static func offset(_ offset: Int, limit: Int? = nil) -> Self {
        var request = Self(["offset": String(offset)])
        if let limit { request.parameters.append(QueryItem(name: "page[limit]", value: String(limit))) }
        return request
    }
}

extension JSONAPIResource {
    /// JSON:API query items for a read of this resource type, to pass as `query:` (names and values are
    /// percent-encoded by the client, brackets included):
    /// ```swift
    /// client.fetch(Article.list(), query: Article.query(sort: [.descending(.publishedAt)], filter: ["author": "1"], page: .number(2, size: 10)))
    /// // ?sort=-published-at&filter%5Bauthor%5D=1&page%5Bnumber%5D=2&page%5Bsize%5D=10
    /// ```
    ///
    /// - Parameters:
    ///   - fields: A sparse fieldset for this type (`fields[articles]=title,author`); decode the response
    ///     as `Sparse` (``Client/fetch(_:fields:query:headers:)->[R.Sparse]`` does).
    ///   - sort: Sort keys, most significant first.
    ///   - filter: `filter[name]=value` pairs (the server defines the names).
    ///   - page: Which page.
    public static func query(fields: [Field] = [], sort: [JSONAPISort<Field>] = [], filter: KeyValuePairs<String, String> = [:], page: JSONAPIPageRequest? = nil) -> [QueryItem] {
        var items: [QueryItem] = []
        if !fields.isEmpty { items.append(fieldsQuery(fields)) }
        if !sort.isEmpty { items.append(QueryItem(name: "sort", value: sort.map(\.wireValue).joined(separator: ","))) }
        items += filter.map { QueryItem(name: "filter[\($0.key)]", value: $0.value) }
        items += page?.parameters ?? []
        return items
    }

    /// `fields[type]=a,b`: the sparse fieldset of this type.
    public static func fieldsQuery(_ fields: [Field]) -> QueryItem {
        Fieldset.queryItem(resourceType: resourceType, fields: fieldNames(fields))
    }

    /// The wire names of `fields`, in order, without repeats.
    static func fieldNames(_ fields: [Field]) -> [String] {
        var seen = Set<String>()
        return fields.map(\.rawValue).filter { seen.insert($0).inserted }
    }
}

/// A member of a resource object's `attributes` or `relationships`, by its wire name: what
/// ``ResourceChanges`` and atomic operations write.
struct JSONAPIMemberKey: CodingKey {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}
