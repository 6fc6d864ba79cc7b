@_spi(Generated) import ResgenRuntimeCore

/// A union of a JSON:API schema with members that have sparse twins (`sparseFieldsets: true`): it has a
/// ``Sparse`` twin too, an enum with a case per member holding the member's twin (or the member itself
/// when it has none), so a polymorphic collection can be read with sparse fieldsets, each member shaped
/// by its own type's fieldset.
///
/// ```swift
/// let items = try await client.fetch(Item.list(), fields: [Book.fieldset(.title), Film.fieldset(.minutes)])
/// if case .book(let book) = items[0] { book.title }      // Book.Sparse
/// ```
public protocol SparseFieldsetUnion: ResourceUnion {
    /// The union of the members' sparse twins, with the same ID (a ``ResourceUnionID``).
    associatedtype Sparse: ResourceUnion where Sparse.ID == ID
}

extension Client {
    /// Reads a polymorphic collection with sparse fieldsets per member type (`fields[books]=title`):
    /// each member decodes into its type's sparse twin.
    public func fetch<U: SparseFieldsetUnion>(_ path: ResourcePath<U, Op.List>, fields: Fieldsets, query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> [U.Sparse] {
        try await fetchDocument(path, fields: fields, query: query, headers: headers).data
    }

    /// Reads a polymorphic collection as a whole document with sparse fieldsets per member type.
    public func fetchDocument<U: SparseFieldsetUnion>(
        _ path: ResourcePath<U, Op.List>, fields: Fieldsets, query: [QueryItem] = [], headers: [HeaderField] = []
    ) async throws -> JSONAPIDocument<[U.Sparse]> {
        try await fetchSparseUnion(path, including: [], fields: fields, query: query, headers: headers)
    }

    /// Reads a polymorphic collection as a whole document with sparse fieldsets per member type and
    /// named include sets; included resources of restricted types are reached through
    /// `JSONAPIDocument.sparse(_:)`.
    public func fetchDocument<U: SparseFieldsetUnion & HasIncludes>(
        _ path: ResourcePath<U, Op.List>, fields: Fieldsets, including includes: U.Include..., query: [QueryItem] = [], headers: [HeaderField] = []
    ) async throws -> JSONAPIDocument<[U.Sparse]> {
        try await fetchSparseUnion(path, including: Self.paths(includes), fields: fields, query: query, headers: headers)
    }

    private func fetchSparseUnion<U: SparseFieldsetUnion>(
        _ path: ResourcePath<U, Op.List>, including includes: [IncludePath], fields: Fieldsets, query: [QueryItem], headers: [HeaderField]
    ) async throws -> JSONAPIDocument<[U.Sparse]> {
        try await fetchDocument(ResourcePath<U.Sparse, Op.List>(uncheckedComponents: path.components, query: path.query, acceptedIncludes: path.acceptedIncludes), including: includes, fields: fields, query: query, headers: headers)
    }
}
