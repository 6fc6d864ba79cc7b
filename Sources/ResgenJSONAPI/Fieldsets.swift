@_spi(Generated) import ResgenRuntimeCore

/// Sparse fieldsets for several resource types in one read: the primary type's and those of included
/// types, each written with its own type's fields.
///
/// ```swift
/// let document = try await client.fetchDocument(Article.list(),
///     fields: [Article.fieldset(.title, .author), Person.fieldset(.name)], including: .author)
/// // ?include=author&fields[articles]=title,author&fields[people]=name
/// for article in document.data {                      // Article.Sparse
///     document.sparse(article.author)?.name           // Person.Sparse, from `included`
/// }
/// ```
///
/// A resource of a restricted type decodes into its ``SparseFieldsetResource/Sparse`` twin (every field
/// optional), wherever it is in the document: the server leaves out what was not asked for, so the full
/// model could not decode. Types without a fieldset come whole, as without `fields`.
public struct Fieldsets: Hashable, Sendable, ExpressibleByArrayLiteral {
    /// One fieldset per type, in the order first given; a type given twice gets the fields of both.
    public private(set) var fieldsets: [Fieldset] = []

    /// Fieldsets for the types of `fieldsets`.
    public init(_ fieldsets: [Fieldset]) {
        for fieldset in fieldsets { add(fieldset) }
    }

    public init(arrayLiteral elements: Fieldset...) {
        self.init(elements)
    }

    private mutating func add(_ fieldset: Fieldset) {
        guard let index = fieldsets.firstIndex(where: { $0.resourceType == fieldset.resourceType }) else {
            fieldsets.append(fieldset)
            return
        }
        let merged = fieldsets[index].fields + fieldset.fields.filter { !fieldsets[index].fields.contains($0) }
        fieldsets[index] = Fieldset(resourceType: fieldset.resourceType, fields: merged, sparse: fieldset.sparse)
    }

    /// `fields[type]=a,b`, one item per type.
    public var queryItems: [QueryItem] {
        fieldsets.map(\.queryItem)
    }

    /// The sparse twin of each restricted type, by JSON:API `type`: what `included` decodes them into.
    var sparseTypes: [String: any Resource.Type] {
        Dictionary(fieldsets.map { ($0.resourceType, $0.sparse) }, uniquingKeysWith: { first, _ in first })
    }
}
