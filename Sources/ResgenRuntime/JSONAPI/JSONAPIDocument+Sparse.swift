/// Targets of a relationship whose type had a sparse fieldset (``Fieldsets``).
///
/// A `ToOne<Person>` holds a `Person`, and a `Person` cannot decode from a resource object that lacks
/// its required fields, so resolution never puts a `Person.Sparse` there: the relationship keeps its
/// identifier, and the document, which holds every included resource, answers for it.
extension JSONAPIDocument {
    /// The included sparse twin of the target of `relationship`; nil when the relationship is absent or
    /// null or its target is not included as a sparse resource.
    ///
    /// ```swift
    /// document.sparse(article.author)?.name       // Person.Sparse, with fields[people]=name
    /// ```
    ///
    /// The twin is as the server sent it: its own relationships are identifiers.
    public func sparse<T: SparseFieldsetResource>(_ relationship: ToOne<T>?) -> T.Sparse? {
        guard let id = relationship?.id else { return nil }
        return store.item(T.Sparse.self, id: id)
    }

    /// The included sparse twins of the members of `relationship`, in its order; nil when its members
    /// are unknown or not all of them are included (as resolution does: a partial list would lie by
    /// omission).
    public func sparse<T: SparseFieldsetResource>(_ relationship: ToMany<T>?) -> [T.Sparse]? {
        guard let ids = relationship?.ids else { return nil }
        var targets: [T.Sparse] = []
        targets.reserveCapacity(ids.count)
        for id in ids {
            guard let target = store.item(T.Sparse.self, id: id) else { return nil }
            targets.append(target)
        }
        return targets
    }
}
