import Foundation

/// Include paths merged into a tree — the one include model of the runtime, for both wire formats and
/// for typed and untyped (HAL strings) includes alike: `[contacts]`, `[contacts].website` and `website`
/// become `contacts → website` and `website`.
///
/// HAL traversal walks it to decide which links to follow; JSON:API resolution walks it to decide which
/// relationships to fill from `included`. Children keep the order of first mention. `Testing` SPI:
/// ResgenTesting walks it to write a mocked document's `included` as a server would.
@_spi(Testing) public struct IncludeTree: Sendable {
    /// One relationship below a node, and the tree of what to include from its targets.
    public struct Child: Sendable {
        /// The relationship.
        public var step: IncludeStep
        /// What to include from its targets.
        public var node: IncludeTree
    }

    /// The path from the root, in Halley's notation (`[contacts].website`), for reports.
    package private(set) var path = ""
    /// The path in wire keys, dotted (`contacts.website`): the key of ``HALTraversalOptions/query``.
    package private(set) var keyPath = ""
    /// This node's position in a depth-first walk of the whole tree (the root is 0): a cheap identity
    /// for memoizing work per node.
    package private(set) var number = 0
    /// The relationships to include from here, in order.
    public private(set) var children: [Child] = []

    /// An empty tree: nothing to include.
    package init() {}

    /// The tree of typed include paths.
    public init(_ paths: [IncludePath]) {
        for path in paths { insert(path.steps[...]) }
        renumber()
    }

    /// The child for the relationship with wire key `key`.
    package func child(_ key: String) -> Child? { children.first { $0.step.key == key } }

    package mutating func insert(_ steps: ArraySlice<IncludeStep>) {
        guard let step = steps.first else { return }
        if let index = children.firstIndex(where: { $0.step.key == step.key }) {
            // An untyped step is to-many when any include brackets it; typed steps always agree.
            children[index].step.isToMany = children[index].step.isToMany || step.isToMany
            children[index].node.insert(steps.dropFirst())
        } else {
            var node = IncludeTree()
            let text = step.isToMany ? "[\(step.rel)]" : step.rel
            node.path = path.isEmpty ? text : path + "." + text
            node.keyPath = keyPath.isEmpty ? step.key : keyPath + "." + step.key
            node.insert(steps.dropFirst())
            children.append(Child(step: step, node: node))
        }
    }

    /// Numbers the nodes depth-first from `first`; returns the next free number.
    @discardableResult
    package mutating func renumber(from first: Int = 0) -> Int {
        number = first
        var next = first + 1
        for index in children.indices { next = children[index].node.renumber(from: next) }
        return next
    }
}
