import Foundation
@_spi(Testing) import ResgenRuntime

/// The `included` member of a JSON:API document being written: each related resource that is resolved
/// in the model along a requested include path, once, and none that is primary data. The paths are the
/// runtime's own include model (`IncludeTree`, `Testing` SPI), walked as the client's resolution does.
struct IncludedResources {
    private(set) var objects: [JSONValue] = []
    private var seen: Set<String> = []

    init<R: Resource>(primary: [R]) {
        for value in primary { seen.insert(Self.key(value)) }
    }

    static func key<R: Resource>(_ value: R) -> String { "\(R.resourceType)\u{0}\(value.id)" }

    /// Adds the targets of `value`'s relationships along the tree's paths, recursively.
    mutating func collect<R: Resource>(from value: R, along tree: IncludeTree, encoder: MockDocumentEncoder) throws {
        for child in tree.children {
            var visitor = Visitor(included: self, node: child.node, encoder: encoder)
            var copy = value
            copy.visitRelationship(child.step.key, with: &visitor)
            if let error = visitor.error { throw error }
            self = visitor.included
        }
    }

    mutating func add<T: Resource>(_ target: T, node: IncludeTree, encoder: MockDocumentEncoder) throws {
        if seen.insert(Self.key(target)).inserted { objects.append(try encoder.jsonAPIObject(target)) }
        try collect(from: target, along: node, encoder: encoder)
    }

    /// Hands each resolved target of one relationship to ``add(_:node:encoder:)``.
    struct Visitor: RelationshipVisitor {
        var included: IncludedResources
        let node: IncludeTree
        let encoder: MockDocumentEncoder
        var error: (any Error)?

        mutating func visit<Target: Resource>(_ relationship: inout ToOne<Target>, key: String) {
            guard let target = relationship.resolved else { return }
            add([target])
        }

        mutating func visit<Target: Resource>(_ relationship: inout ToMany<Target>, key: String) {
            add(relationship.resolved ?? [])
        }

        private mutating func add<Target: Resource>(_ targets: [Target]) {
            do {
                for target in targets { try included.add(target, node: node, encoder: encoder) }
            } catch {
                self.error = error
            }
        }
    }

    /// The tree of wire-key include paths (`[["author", "posts"]]`); cardinality does not matter here.
    static func tree(_ paths: [[String]]) -> IncludeTree {
        IncludeTree(paths.map { IncludePath(steps: $0.map { IncludeStep(key: $0, isToMany: false) }) })
    }
}
