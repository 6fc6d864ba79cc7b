import Foundation
@_spi(Testing) import ResgenRuntime

/// The `included` member of a JSON:API document being written: each related resource that is resolved
/// in the model along a requested include path, once, and none that is primary data.
struct IncludedResources {
    private(set) var objects: [JSONValue] = []
    private var seen: Set<String> = []

    init<R: Resource>(primary: [R]) {
        for value in primary { seen.insert(Self.key(value)) }
    }

    static func key<R: Resource>(_ value: R) -> String { "\(R.resourceType)\u{0}\(value.id)" }

    /// Adds the targets of `value`'s relationships along `paths` (each a list of wire keys), recursively.
    mutating func collect<R: Resource>(from value: R, along paths: [[String]], encoder: MockDocumentEncoder) throws {
        var firstKeys: [String] = []
        for path in paths where !path.isEmpty && !firstKeys.contains(path[0]) { firstKeys.append(path[0]) }
        for key in firstKeys {
            let rest = paths.filter { $0.first == key }.map { Array($0.dropFirst()) }.filter { !$0.isEmpty }
            var visitor = Visitor(included: self, rest: rest, encoder: encoder)
            var copy = value
            copy.visitRelationship(key, with: &visitor)
            if let error = visitor.error { throw error }
            self = visitor.included
        }
    }

    mutating func add<T: Resource>(_ target: T, rest: [[String]], encoder: MockDocumentEncoder) throws {
        if seen.insert(Self.key(target)).inserted { objects.append(try encoder.jsonAPIObject(target)) }
        try collect(from: target, along: rest, encoder: encoder)
    }

    /// Hands each resolved target of one relationship to ``add(_:rest:encoder:)``.
    struct Visitor: RelationshipVisitor {
        var included: IncludedResources
        let rest: [[String]]
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
                for target in targets { try included.add(target, rest: rest, encoder: encoder) }
            } catch {
                self.error = error
            }
        }
    }
}
