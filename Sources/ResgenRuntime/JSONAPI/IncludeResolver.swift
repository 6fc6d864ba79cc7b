/// Fills relationships from `included`, by (type, id), along the requested include paths.
///
/// Resolution follows the paths, which are finite, so a cycle in the data (an article's author whose
/// articles include the article) cannot loop: `author.articles` resolves the articles one level and
/// stops there. A target that is not in `included` stays an identifier. A resolved resource is
/// resolved further only along the rest of its path; results are memoized per (resource, rest of
/// path), so a person included once and referenced by 5,000 comments is resolved once.
struct IncludeResolver {
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

    struct Key: Hashable {
        var type: String
        var id: AnyHashable
    }

    private struct MemoKey: Hashable {
        var key: Key
        var node: ObjectIdentifier
    }

    /// The included resources by (type, id).
    let index: [Key: any Resource]
    private final class Memo { var values: [MemoKey: any Resource] = [:] }
    private let memo = Memo()

    init(included: [any Resource]) {
        var index: [Key: any Resource] = [:]
        index.reserveCapacity(included.count)
        for resource in included where index[Self.key(of: resource)] == nil { index[Self.key(of: resource)] = resource }
        self.index = index
    }

    private static func key(of resource: some Resource) -> Key {
        Key(type: type(of: resource).resourceType, id: AnyHashable(resource.id))
    }

    /// `value` with its relationships resolved along `node`.
    func resolve<T: Resource>(_ value: T, along node: Node) -> T {
        guard !node.keys.isEmpty else { return value }
        var copy = value
        var visitor = Visitor(resolver: self, node: node)
        for key in node.keys { copy.visitRelationship(key, with: &visitor) }
        return copy
    }

    /// The included resource `T` with `id`, resolved along `node`; nil when not included.
    func target<T: Resource>(_ type: T.Type, id: T.ID, along node: Node) -> T? {
        let key = Key(type: T.resourceType, id: AnyHashable(id))
        guard let found = index[key] as? T else { return nil }
        guard !node.keys.isEmpty else { return found }
        let memoKey = MemoKey(key: key, node: ObjectIdentifier(node))
        if let done = memo.values[memoKey] as? T { return done }
        let resolved = resolve(found, along: node)
        memo.values[memoKey] = resolved
        return resolved
    }

    struct Visitor: RelationshipVisitor {
        let resolver: IncludeResolver
        let node: Node

        mutating func visit<Target: Resource>(_ relationship: inout ToOne<Target>, key: String) {
            guard let child = node.children[key], let id = relationship.id,
                let target = resolver.target(Target.self, id: id, along: child)
            else { return }
            relationship.resolved = target
        }

        mutating func visit<Target: Resource>(_ relationship: inout ToMany<Target>, key: String) {
            guard let child = node.children[key], let ids = relationship.ids else { return }
            var targets: [Target] = []
            targets.reserveCapacity(ids.count)
            for id in ids {
                // All or nothing: a partly included list stays ids only, so `resolved` never lies by omission.
                guard let target = resolver.target(Target.self, id: id, along: child) else { return }
                targets.append(target)
            }
            relationship.resolved = targets
        }
    }
}
