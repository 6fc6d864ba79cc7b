import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// Include strings in Halley's notation: dots nest, brackets mark to-many (`[contacts].website`).
enum IncludeString {
    /// The names of the steps and whether each was bracketed.
    package static func parse(_ include: String) throws -> [(name: String, bracketed: Bool)] {
        guard !include.isEmpty else { throw HALTraversalError.invalidInclude(include: include, reason: "it is empty") }
        return try include.split(separator: ".", omittingEmptySubsequences: false).map { part in
            var name = Substring(part)
            let bracketed = name.hasPrefix("[") && name.hasSuffix("]") && name.count >= 2
            if bracketed { name = name.dropFirst().dropLast() }
            guard !name.isEmpty, !name.utf8.contains(UInt8(ascii: "[")), !name.utf8.contains(UInt8(ascii: "]")) else {
                throw HALTraversalError.invalidInclude(include: include, reason: "'\(part)' is not a relation name or [relation name]")
            }
            return (String(name), bracketed)
        }
    }

    /// Include strings checked against the schema of `root`: each step names a relationship by wire key
    /// or link relation (CURIE or not); brackets on a to-one are an error, a to-many may omit them.
    package static func paths(_ includes: [String], root: any HALResource.Type) throws -> [IncludePath] {
        try includes.map { include in
            var type: any Resource.Type = root
            var steps: [IncludeStep] = []
            for (name, bracketed) in try parse(include) {
                let relations = (type as? any HALResource.Type)?.halRelations ?? []
                guard let relation = relations.first(where: { $0.key == name || $0.rel == name || Self.sameCURIE($0.rel, name) }) else {
                    throw HALTraversalError.unknownInclude(include: include, step: name, resource: String(describing: type), known: relations.map(\.key))
                }
                if bracketed && !relation.isToMany {
                    throw HALTraversalError.invalidInclude(include: include, reason: "'\(name)' is to-one; write it without brackets")
                }
                steps.append(IncludeStep(key: relation.key, rel: relation.rel, isToMany: relation.isToMany))
                type = relation.target
            }
            return IncludePath(steps: steps)
        }
    }

    /// `ea:orders` and `orders` name the same relation when the schema gives only the CURIE's reference.
    private static func sameCURIE(_ rel: String, _ name: String) -> Bool {
        guard let colon = rel.firstIndex(of: ":"), !rel.utf8.contains(UInt8(ascii: "/")) else { return false }
        return rel[rel.index(after: colon)...] == name
    }
}
