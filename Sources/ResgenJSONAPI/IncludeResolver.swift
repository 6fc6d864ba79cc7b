@_spi(Generated) @_spi(Testing) import ResgenRuntimeCore

/// Fills relationships from `included` (and the primary data), by (type, id), along the requested
/// include paths.
///
/// Resolution follows the paths, which are finite, so a cycle in the data (an article's author whose
/// articles include the article) cannot loop: `author.articles` resolves the articles one level and
/// stops there. A target that is not in the document stays an identifier. A resolved resource is
/// resolved further only along the rest of its path; results are memoized per (resource, rest of
/// path), so a person included once and referenced by 5,000 comments is resolved once.
///
/// Lookups are typed: the first time a relationship to `T` is resolved, the resources of `T`'s type
/// are gathered once into a `[T.ID: T]` dictionary (no boxing of ids, no cast per lookup).
package final class IncludeResolver<Primary: Resource> {
    /// What to resolve, from the primary resources outwards.
    private let tree: IncludeTree
    /// The included resources, by type.
    private let included: IncludedResources
    /// The primary data: targets too (JSON:API does not repeat primary resources in `included`).
    private let primary: [Primary]
    /// The resources of one type and where each id is among them (ids map to positions, so the index
    /// never copies the resources themselves).
    private final class Index<T: Resource> {
        let items: [T]
        let positions: [T.ID: Int]
        /// Each item's storage for to-one relationships, made when first referenced and shared by every
        /// reference after that (``ToOne/resolve(sharing:)``).
        private var storages: [ResolvedStorage<T>?] = []

        init(items: [T], positions: [T.ID: Int]) {
            self.items = items
            self.positions = positions
        }

        subscript(id: T.ID) -> T? { positions[id].map { items[$0] } }

        /// The shared storage of the item `id`, if there is one.
        func storage(id: T.ID) -> ResolvedStorage<T>? {
            guard let position = positions[id] else { return nil }
            if storages.isEmpty { storages = Array(repeating: nil, count: items.count) }
            if let storage = storages[position] { return storage }
            let storage = ResolvedStorage(items[position])
            storages[position] = storage
            return storage
        }
    }

    /// An ``Index`` per target type, built on first use.
    private var indices: [ObjectIdentifier: AnyObject] = [:]
    /// Targets resolved along a node (each node has one target type), an ``Index`` per node, by the
    /// node's ``IncludeTree/number``.
    private var memo: [Int: AnyObject] = [:]

    package init(included: IncludedResources, primary: [Primary], includes tree: IncludeTree) {
        self.included = included
        self.primary = primary
        self.tree = tree
    }

    /// Resolves every resource of `primary` in place along `tree`.
    ///
    /// The resolver keeps the primary resources as targets only when one may be a target
    /// (``primaryMayBeTarget(_:along:)``): kept, the array is shared while it is resolved in place, so
    /// its first change copies it whole (10,000 loans: ~1.5 MiB more at the peak).
    package static func resolveAll(_ primary: inout [Primary], included: IncludedResources, includes tree: IncludeTree) {
        guard let first = primary.first else { return }
        let targets = primaryMayBeTarget(first, along: tree) ? primary : []
        let resolver = IncludeResolver(included: included, primary: targets, includes: tree)
        for index in primary.indices { resolver.resolve(&primary[index]) }
    }

    /// Whether a relationship along `tree` may lead to a primary resource, judged from the target types of
    /// `sample`'s relationships: false only when the tree is one level deep, every relationship it names was
    /// visited on `sample`, and none targets the primary type (or a union of it). Anything it cannot see
    /// (a deeper path, a union's member's relationships, an absent optional relationship) counts as maybe.
    package static func primaryMayBeTarget(_ sample: Primary, along tree: IncludeTree) -> Bool {
        if Primary.self is any ResourceUnion.Type { return true }  // a member's relationships are not seen
        if tree.children.contains(where: { !$0.node.children.isEmpty }) { return true }
        var probe = TargetTypeProbe()
        var sample = sample
        for child in tree.children { sample.visitRelationship(child.step.key, with: &probe) }
        return probe.mayBePrimary || probe.visited < tree.children.count
    }

    /// Records what the relationships it visits target (without touching them).
    private struct TargetTypeProbe: RelationshipVisitor {
        var visited = 0
        var mayBePrimary = false

        mutating func visit<Target: Resource>(_ relationship: inout ToOne<Target>, key: String) { note(Target.self) }
        mutating func visit<Target: Resource>(_ relationship: inout ToMany<Target>, key: String) { note(Target.self) }

        private mutating func note<Target: Resource>(_ type: Target.Type) {
            visited += 1
            if IncludeResolver.primaryMayBe(Target.self) { mayBePrimary = true }
        }
    }

    /// Whether primary resources can be targets of type `T` (``primaryItems(_:)`` can find any): `T` is the
    /// primary type, a union with it as a member, or the primary type is a union (whose members `T` may be
    /// or share).
    private static func primaryMayBe<T: Resource>(_ type: T.Type) -> Bool {
        if T.self == Primary.self || Primary.self is any ResourceUnion.Type { return true }
        guard let union = T.self as? any ResourceUnion.Type else { return false }
        return union.memberTypes.contains { $0 == Primary.self }
    }

    private func index<T: Resource>(_ type: T.Type) -> Index<T> {
        if let index = indices[ObjectIdentifier(T.self)] { return unsafeDowncast(index, to: Index<T>.self) }
        // Primary resources are targets too (JSON:API does not repeat them in `included`): as they are, as
        // members of a union of primary data, or as the union a target is.
        let primary = primaryItems(T.self)
        let items = primary.isEmpty ? included.items(T.self) : primary + included.items(T.self)
        // The first of equal ids wins: written last to last-but-one, one dictionary write per item. This code
        // runs unspecialized (generic over the API's types, in another module), where `enumerated()` looked up
        // the metadata of its `(offset, element)` tuple and of that tuple's Optional for every element: three
        // times the cost of the dictionary itself (16 M instructions of the JSON:API benchmark's 273 M).
        var positions: [T.ID: Int] = [:]
        positions.reserveCapacity(items.count)
        var position = items.count
        while position > 0 {
            position -= 1
            positions[items[position].id] = position
        }
        let index = Index(items: items, positions: positions)
        indices[ObjectIdentifier(T.self)] = index
        return index
    }

    /// The primary resources that are of type `T`: all of them when `T` is their type; those of a member
    /// type when the primary data is a union; each as a union's value when `T` is a union.
    private func primaryItems<T: Resource>(_ type: T.Type) -> [T] {
        guard Self.primaryMayBe(T.self) else { return [] }
        if Primary.self == T.self, let same = primary as? [T] { return same }
        if let union = T.self as? any ResourceUnion.Type {
            return primary.compactMap { union.init(member: ($0 as? any ResourceUnion)?.member ?? $0) as? T }
        }
        guard Primary.self is any ResourceUnion.Type else { return [] }
        return primary.compactMap { ($0 as? any ResourceUnion)?.member as? T }
    }

    /// `value` (a primary resource) with its relationships resolved along the tree.
    package func resolve(_ value: Primary) -> Primary {
        var copy = value
        resolve(&copy, along: tree)
        return copy
    }

    /// Resolves the relationships of `value` (a primary resource) along the tree, in place.
    package func resolve(_ value: inout Primary) {
        resolve(&value, along: tree)
    }

    /// Resolves the relationships of `value` along `node`, in place.
    private func resolve<T: Resource>(_ value: inout T, along node: IncludeTree) {
        guard !node.children.isEmpty else { return }
        var visitor = Visitor(resolver: self)
        for child in node.children {
            visitor.child = child.node
            value.visitRelationship(child.step.key, with: &visitor)
        }
    }

    /// Every target of type `T`, resolved along `node` (leaf nodes: as decoded).
    private func targets<T: Resource>(_ type: T.Type, along node: IncludeTree) -> Index<T> {
        let index = index(T.self)
        guard !node.children.isEmpty else { return index }
        if let done = memo[node.number] { return unsafeDowncast(done, to: Index<T>.self) }
        let resolved = Index(items: index.items.map { item in
            var copy = item
            resolve(&copy, along: node)
            return copy
        }, positions: index.positions)
        memo[node.number] = resolved
        return resolved
    }

    package struct Visitor: RelationshipVisitor {
        package let resolver: IncludeResolver
        /// The node of the relationship being visited.
        package var child: IncludeTree?

        package mutating func visit<Target: Resource>(_ relationship: inout ToOne<Target>, key: String) {
            guard let child, let id = relationship.id,
                let storage = resolver.targets(Target.self, along: child).storage(id: id)
            else { return }
            relationship.resolve(sharing: storage)
        }

        package mutating func visit<Target: Resource>(_ relationship: inout ToMany<Target>, key: String) {
            guard let child, let ids = relationship.ids else { return }
            let targets = resolver.targets(Target.self, along: child)
            var resolved: [Target] = []
            resolved.reserveCapacity(ids.count)
            for id in ids {
                // All or nothing: a partly included list stays ids only, so `resolved` never lies by omission.
                guard let target = targets[id] else { return }
                resolved.append(target)
            }
            relationship.resolved = resolved
        }
    }
}
