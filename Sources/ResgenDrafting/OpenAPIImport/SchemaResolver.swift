import ResgenCore
import Foundation
import OpenAPIKit

/// A schema of the document with its `$ref`s followed and a nullable wrapper removed (`anyOf: [X, null]`,
/// as FastAPI writes optionals): what the importer maps, with where it is and the name of the
/// component it came from.
struct ResolvedSchema {
    var schema: OASchema
    /// The component (`#/components/schemas/<name>`) the last `$ref` led to; nil for an inline schema.
    var component: String?
    /// Where `schema` is in the document.
    var pointer: JSONPointer
    /// Whether `null` is allowed on the way (a nullable wrapper, `nullable: true`, `type: [T, "null"]`).
    var nullable: Bool
    /// The first description, default, readOnly and writeOnly met on the way (a `$ref`'s siblings and a
    /// wrapper's count, as FastAPI puts them on the `anyOf`).
    var description: String?
    var defaultValue: AnyCodable?
    var readOnly: Bool
    var writeOnly: Bool
}

/// Follows `$ref`s within the document (never outside it), reporting a cycle, a missing or an external
/// reference as a warning at its pointer.
struct SchemaResolver {
    let components: OpenAPI.Components

    /// `schema` (at `pointer`) resolved, or nil with a warning when a reference cannot be followed.
    func resolve(_ schema: OASchema, at pointer: JSONPointer, warnings: inout WarningLog) -> ResolvedSchema? {
        var current = schema
        var result = ResolvedSchema(
            schema: schema, component: nil, pointer: pointer, nullable: false, description: nil, defaultValue: nil,
            readOnly: false, writeOnly: false)
        var visited: [String] = []
        for _ in 0..<64 {
            result.nullable = result.nullable || current.nullable
            // A component's own description documents the component (an object's doc comment), not each use.
            if result.component == nil { result.description = result.description ?? current.description }
            result.defaultValue = result.defaultValue ?? current.defaultValue
            result.readOnly = result.readOnly || current.readOnly
            result.writeOnly = result.writeOnly || current.writeOnly
            switch current.value {
            case .reference(let reference, _):
                guard let name = reference.internalValue.flatMap(Self.componentName) else {
                    warnings.add(
                        result.pointer,
                        "the reference '\(reference.absoluteString)' is not to '#/components/schemas/…' of this document: not followed"
                    )
                    return nil
                }
                if visited.contains(name) {
                    warnings.add(
                        result.pointer,
                        "a $ref cycle (\((visited + [name]).joined(separator: " → "))) that never reaches a schema")
                    return nil
                }
                visited.append(name)
                guard let key = OpenAPI.ComponentKey(rawValue: name), let target = components.schemas[key] else {
                    warnings.add(
                        result.pointer, "the reference '\(reference.absoluteString)' names no schema of the document")
                    return nil
                }
                current = target
                result.component = name
                result.pointer = .component(name)
            case .any(let members, _), .one(let members, _):
                let others = members.indices.filter { !members[$0].isNull }
                guard others.count == 1, others.count < members.count else {
                    result.schema = current
                    return result
                }
                result.nullable = true
                let keyword: String
                if case .any = current.value { keyword = "anyOf" } else { keyword = "oneOf" }
                result.pointer = result.pointer / keyword / String(others[0])
                current = members[others[0]]
            case .all(let members, _) where members.count == 1:
                current = members[0]
                result.pointer = result.pointer / "allOf" / "0"
            default:
                result.schema = current
                return result
            }
        }
        warnings.add(pointer, "more than 64 nested references and wrappers: not followed")
        return nil
    }

    /// The component name of `#/components/schemas/<name>`, else nil.
    static func componentName(_ reference: JSONReference<OASchema>.InternalReference) -> String? {
        guard case .component(let name) = reference else {
            let raw = reference.rawValue
            let prefix = "#/components/schemas/"
            guard raw.hasPrefix(prefix) else { return nil }
            let name = String(raw.dropFirst(prefix.count))
            return name.contains("/")
                ? nil : name.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
        return name
    }

}

/// The warnings of one import, each once, in the order found.
struct WarningLog {
    private(set) var warnings: [OpenAPIImportWarning] = []
    private var seen: Set<OpenAPIImportWarning> = []

    mutating func add(_ pointer: JSONPointer, _ message: String) {
        let warning = OpenAPIImportWarning(pointer: pointer.description, message: TerminalSafe.text(message))
        if seen.insert(warning).inserted { warnings.append(warning) }
    }
}

/// OpenAPIKit's JSON Schema (ResgenCore's own `JSONSchema` is the schema language's, for editors).
typealias OASchema = OpenAPIKit.JSONSchema
