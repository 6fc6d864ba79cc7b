import ResgenCore
import OpenAPIKit

/// One operation of the document, its parameters (the path item's and its own, references followed)
/// and its pointer (`#/paths/~1articles/get`).
struct OpenAPIEndpoint {
    struct Parameter {
        var parameter: OpenAPI.Parameter
        var pointer: JSONPointer
    }

    var path: String
    var method: OpenAPI.HttpMethod
    var operation: OpenAPI.Operation
    var pointer: JSONPointer
    var parameters: [Parameter]

    /// The method as the schema spells it (`GET`).
    var methodName: String { method.rawValue.uppercased() }

    /// The path's segments (no empty ones) and whether it ends in `/`.
    var segments: [String] { path.split(separator: "/").map(String.init) }
    var trailingSlash: Bool { path.count > 1 && path.hasSuffix("/") }

    /// Whether `segment` is a path template parameter (`{id}`).
    static func isParameter(_ segment: String) -> Bool { segment.hasPrefix("{") && segment.hasSuffix("}") }

    /// Every operation of `document`, in document order; a path item or parameter `$ref` that does not
    /// resolve is a warning and is skipped.
    static func all(in document: OpenAPI.Document, warnings: inout WarningLog) -> [OpenAPIEndpoint] {
        var result: [OpenAPIEndpoint] = []
        for (path, item) in document.paths {
            let itemPointer = JSONPointer.root / "paths" / path.rawValue
            guard let pathItem = try? document.components.lookup(item) else {
                warnings.add(itemPointer, "the path item's reference does not resolve: its operations are left out")
                continue
            }
            let shared = parameters(
                pathItem.parameters, at: itemPointer / "parameters", document: document, warnings: &warnings)
            for endpoint in pathItem.endpoints {
                let pointer = itemPointer / endpoint.method.rawValue.lowercased()
                var own = parameters(
                    endpoint.operation.parameters, at: pointer / "parameters", document: document, warnings: &warnings)
                // An operation's parameter overrides the path item's of the same name and location.
                for parameter in shared
                where !own.contains(where: {
                    $0.parameter.name == parameter.parameter.name
                        && $0.parameter.location == parameter.parameter.location
                }) {
                    own.append(parameter)
                }
                result.append(
                    OpenAPIEndpoint(
                        path: path.components.isEmpty
                            ? "/" : "/" + path.components.joined(separator: "/") + (path.trailingSlash ? "/" : ""),
                        method: endpoint.method, operation: endpoint.operation, pointer: pointer, parameters: own))
            }
        }
        return result
    }

    private static func parameters(
        _ array: OpenAPI.Parameter.Array, at pointer: JSONPointer, document: OpenAPI.Document,
        warnings: inout WarningLog
    ) -> [Parameter] {
        array.enumerated().compactMap { index, either in
            guard let parameter = try? document.components.lookup(either) else {
                warnings.add(pointer / String(index), "the parameter's reference does not resolve: left out")
                return nil
            }
            return Parameter(parameter: parameter, pointer: pointer / String(index))
        }
    }
}
