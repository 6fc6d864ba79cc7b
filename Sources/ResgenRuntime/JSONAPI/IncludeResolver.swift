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
final class IncludeResolver<Primary: Resource> {
    /// A node of the include tree: the relationships to follow from here, by wire key, in order.
    final class Node {
        var keys: [String] = []
        var children: [String: Node] = [:]

        init(paths: [IncludePath]) {
            for path in paths { add(path.steps[...]) }
        }

        private init() {}

        private func add(_ steps: ArraySlice<IncludeStep>) {
            guard let first = steps.first else { return }
            let child: Node
            if let existing = children[first.key] {
                child = existing
            } else {
                child = Node()
                children[first.key] = child
                keys.append(first.key)
            }
            child.add(steps.dropFirst())
        }
    }

    /// The included resources, by type.
    private let included: IncludedResources
    /// The primary data: targets too (JSON:API does not repeat primary resources in `included`).
    private let primary: [Primary]
    /// The resources of one type and where each id is among them (ids map to positions, so the index
    /// never copies the resources themselves).
    private final class Index<T: Resource> {
        let items: [T]
        let positions: [T.ID: Int]

        init(items: [T], positions: [T.ID: Int]) {
            self.items = items
            self.positions = positions
        }

        subscript(id: T.ID) -> T? { positions[id].map { items[$0] } }
    }

    /// An ``Index`` per target type, built on first use.
    private var indices: [ObjectIdentifier: AnyObject] = [:]
    /// Targets resolved along a node (each node has one target type), an ``Index`` per node.
    private var memo: [ObjectIdentifier: AnyObject] = [:]

    init(included: IncludedResources, primary: [Primary]) {
        self.included = included
        self.primary = primary
    }

    private func index<T: Resource>(_ type: T.Type) -> Index<T> {
        if let index = indices[ObjectIdentifier(T.self)] { return unsafeDowncast(index, to: Index<T>.self) }
        var items = included.items(T.self)
        if Primary.self == T.self, let same = primary as? [T] { items = same + items }
        var positions: [T.ID: Int] = [:]
        positions.reserveCapacity(items.count)
        for (position, resource) in items.enumerated() where positions[resource.id] == nil { positions[resource.id] = position }
        let index = Index(items: items, positions: positions)
        indices[ObjectIdentifier(T.self)] = index
        return index
    }

    /// `value` with its relationships resolved along `node`.
    func resolve<T: Resource>(_ value: T, along node: Node) -> T {
        var copy = value
        resolve(&copy, along: node)
        return copy
    }

    /// Resolves the relationships of `value` along `node`, in place.
    func resolve<T: Resource>(_ value: inout T, along node: Node) {
        guard !node.keys.isEmpty else { return }
        var visitor = Visitor(resolver: self)
        for key in node.keys {
            visitor.child = node.children[key]
            value.visitRelationship(key, with: &visitor)
        }
    }

    /// Every target of type `T`, resolved along `node` (leaf nodes: as decoded).
    private func targets<T: Resource>(_ type: T.Type, along node: Node) -> Index<T> {
        let index = index(T.self)
        guard !node.keys.isEmpty else { return index }
        let key = ObjectIdentifier(node)
        if let done = memo[key] { return unsafeDowncast(done, to: Index<T>.self) }
        let resolved = Index(items: index.items.map { resolve($0, along: node) }, positions: index.positions)
        memo[key] = resolved
        return resolved
    }

    struct Visitor: RelationshipVisitor {
        let resolver: IncludeResolver
        /// The node of the relationship being visited.
        var child: Node?

        mutating func visit<Target: Resource>(_ relationship: inout ToOne<Target>, key: String) {
            guard let child, let id = relationship.id,
                let target = resolver.targets(Target.self, along: child)[id]
            else { return }
            relationship.resolved = target
        }

        mutating func visit<Target: Resource>(_ relationship: inout ToMany<Target>, key: String) {
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
