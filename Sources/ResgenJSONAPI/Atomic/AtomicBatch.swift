import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// The operations of one JSON:API atomic request (the extension `https://jsonapi.org/ext/atomic`),
/// in order: the server runs all of them or none.
///
/// ```swift
/// let (author, book) = try await client.atomic { batch in
///     let author = batch.add(Author.create(), Author.New(name: "Iain M. Banks"))
///     let book = batch.add(Book.create(), Book.New(title: "Consider Phlebas", published: "1987-04-23"),
///                          relationships: [.set(\.author, to: author)])   // by lid: the author has no id yet
///     batch.update(changes)                                             // a ResourceChanges<Book>
///     batch.replace(\Book.genres, of: 3, with: [1, 2])
///     batch.remove(Book.self, 4)
///     return (author, book)                                             // typed results, in order
/// }
/// ```
///
/// Each builder checks the resource's capabilities as the client's calls do (`add` needs a create path,
/// `update` ``IsPatchable``, `remove` ``IsDeletable``). A key path that is not a relationship makes the
/// whole batch fail before anything is sent.
public struct AtomicBatch: Sendable {
    /// The operations, in order.
    var operations: [AtomicOperation] = []
    /// How each operation's result decodes (nil: the operation has no typed result).
    var results: [AtomicResultDecoder?] = []
    /// The first problem found while building, reported when the batch is sent.
    var problem: String?

    /// An empty batch.
    public init() {}

    /// The number of operations.
    public var count: Int { operations.count }

    // MARK: resources

    /// Creates a resource: `{"op": "add", "data": {…, "lid": …}}`. Later operations of the batch name it by
    /// the returned reference (its `lid`).
    ///
    /// - Parameters:
    ///   - path: The collection, e.g. `Book.create()`: only a resource whose schema allows `create` has one.
    ///   - value: What to create, e.g. a `Book.New`.
    ///   - relationships: Relationships set over the value's own, e.g. to resources of this batch.
    /// - Returns: The new resource, to refer to it and to read its result.
    @discardableResult
    public mutating func add<R: JSONAPIResource>(
        _ path: ResourcePath<R, Op.Create>, _ value: some Encodable & Sendable, relationships: [AtomicRelationship<R>] = []
    ) -> AtomicRef<R> {
        let index = operations.count
        let lid = "resgen-\(index)"
        let object = AtomicResourceObject(value: value, lid: lid, relationships: checked(relationships))
        append(AtomicOperation(op: .add, ref: nil, data: .resource(object)), result: AtomicResultDecoder(R.self))
        return AtomicRef(id: nil, lid: lid, operation: index)
    }

    /// Updates a resource with the changes (its id from `changes.id`): `{"op": "update", "data": …}`.
    @discardableResult
    public mutating func update<R: JSONAPIResource & IsPatchable>(
        _ changes: ResourceChanges<R>, relationships: [AtomicRelationship<R>] = []
    ) -> AtomicRef<R> {
        let target = changes.id.map { AtomicRef<R>.id($0) } ?? AtomicRef(id: nil, lid: nil, operation: nil)
        return update(target, changes, relationships: relationships)
    }

    /// Updates a resource, existing or created earlier in this batch, with the changes.
    @discardableResult
    public mutating func update<R: JSONAPIResource & IsPatchable>(
        _ target: AtomicRef<R>, _ changes: ResourceChanges<R>, relationships: [AtomicRelationship<R>] = []
    ) -> AtomicRef<R> {
        let index = operations.count
        if target.id == nil, target.lid == nil { note("an update of '\(R.resourceType)' needs an id") }
        var changes = changes
        changes.id = target.id.flatMap { R.ID(wireString: $0) }
        let object = AtomicResourceObject(value: changes, lid: target.id == nil ? target.lid : nil, relationships: checked(relationships))
        append(AtomicOperation(op: .update, ref: nil, data: .resource(object)), result: AtomicResultDecoder(R.self))
        return AtomicRef(id: target.id, lid: target.lid, operation: index)
    }

    /// Deletes a resource: `{"op": "remove", "ref": {"type": …, "id": …}}`.
    ///
    /// - Parameters:
    ///   - type: The resource type, e.g. `Book.self`: only a resource whose schema allows `delete`.
    ///   - target: The resource, e.g. `4`, `.id(id)` or one created earlier in the batch.
    public mutating func remove<R: JSONAPIResource & IsDeletable>(_ type: R.Type, _ target: AtomicRef<R>) {
        append(AtomicOperation(op: .remove, ref: target.identifier, data: .none), result: nil)
    }

    // MARK: relationships

    /// Sets a to-one relationship: `{"op": "update", "ref": {…, "relationship": "author"}, "data": …}`.
    public mutating func replace<R: JSONAPIResource, T>(_ relationship: KeyPath<R, ToOne<T>>, of target: AtomicRef<R>, with value: AtomicRef<T>) {
        relationshipOperation(.update, R.relationshipKey(for: relationship), of: target, .one(value.identifier))
    }

    /// Sets (or with `nil` clears) an optional to-one relationship.
    public mutating func replace<R: JSONAPIResource, T>(_ relationship: KeyPath<R, ToOne<T>?>, of target: AtomicRef<R>, with value: AtomicRef<T>?) {
        relationshipOperation(.update, R.relationshipKey(for: relationship), of: target, .one(value?.identifier))
    }

    /// Replaces a to-many relationship's members.
    public mutating func replace<R: JSONAPIResource, T>(_ relationship: KeyPath<R, ToMany<T>>, of target: AtomicRef<R>, with members: [AtomicRef<T>]) {
        relationshipOperation(.update, R.relationshipKey(for: relationship), of: target, .many(members.map(\.identifier)))
    }

    /// Adds members to a to-many relationship: `{"op": "add", "ref": {…, "relationship": "genres"}, …}`.
    public mutating func add<R: JSONAPIResource, T>(_ members: [AtomicRef<T>], to relationship: KeyPath<R, ToMany<T>>, of target: AtomicRef<R>) {
        relationshipOperation(.add, R.relationshipKey(for: relationship), of: target, .many(members.map(\.identifier)))
    }

    /// Removes members from a to-many relationship.
    public mutating func remove<R: JSONAPIResource, T>(_ members: [AtomicRef<T>], from relationship: KeyPath<R, ToMany<T>>, of target: AtomicRef<R>) {
        relationshipOperation(.remove, R.relationshipKey(for: relationship), of: target, .many(members.map(\.identifier)))
    }

    // MARK: plumbing

    private mutating func relationshipOperation<R: JSONAPIResource>(_ code: AtomicOperation.Code, _ key: String?, of target: AtomicRef<R>, _ linkage: AtomicLinkage) {
        guard let key else {
            note("a key path given for a relationship of '\(R.resourceType)' is not one of its relationships")
            return
        }
        var ref = target.identifier
        ref.relationship = key
        append(AtomicOperation(op: code, ref: ref, data: .linkage(linkage)), result: nil)
    }

    private mutating func checked<R: JSONAPIResource>(_ relationships: [AtomicRelationship<R>]) -> [(key: String, linkage: AtomicLinkage)] {
        relationships.compactMap { relationship in
            guard let key = relationship.key else {
                note("a key path given for a relationship of '\(R.resourceType)' is not one of its relationships")
                return nil
            }
            return (key, relationship.linkage)
        }
    }

    private mutating func append(_ operation: AtomicOperation, result: AtomicResultDecoder?) {
        operations.append(operation)
        results.append(result)
    }

    private mutating func note(_ problem: String) {
        if self.problem == nil { self.problem = "operation \(operations.count): \(problem)" }
    }
}
