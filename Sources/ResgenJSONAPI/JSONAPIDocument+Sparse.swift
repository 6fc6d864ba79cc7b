@_spi(Generated) import ResgenRuntimeCore

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

/// Sparse fieldsets through a polymorphic relationship apply per member type: `fields[books]=title`
/// shapes the books, `fields[films]=minutes` the films. Each target is the sparse twin of its own member
/// type (`Book.Sparse`), so these answer `any Resource`: cast to the twin of the member the id names.
extension JSONAPIDocument {
    /// The included sparse twin of the target of a polymorphic `relationship`
    /// (`document.sparse(loan.item) as? Book.Sparse`); nil when the relationship is absent or null, its
    /// member type has no sparse twin, or the target is not included as one.
    public func sparse<U: ResourceUnion>(_ relationship: ToOne<U>?) -> (any Resource)? {
        guard let id = relationship?.id else { return nil }
        return sparseMember(U.self, id)
    }

    /// The included sparse twins of the members of a polymorphic `relationship`, in its order; nil unless
    /// every member is included as the sparse twin of its type.
    public func sparse<U: ResourceUnion>(_ relationship: ToMany<U>?) -> [any Resource]? {
        guard let ids = relationship?.ids else { return nil }
        var targets: [any Resource] = []
        targets.reserveCapacity(ids.count)
        for id in ids {
            guard let target = sparseMember(U.self, id) else { return nil }
            targets.append(target)
        }
        return targets
    }

    /// The sparse twin of the member `id` names, from `included`.
    private func sparseMember<U: ResourceUnion>(_ union: U.Type, _ id: U.ID) -> (any Resource)? {
        func lookup<Member: SparseFieldsetResource>(_ type: Member.Type) -> (any Resource)? {
            guard let memberID = Member.ID(wireString: id.wireString) else { return nil }
            return store.item(Member.Sparse.self, id: memberID)
        }
        guard let member = U.memberType(named: id.resourceType) as? any SparseFieldsetResource.Type else { return nil }
        return lookup(member)
    }
}
