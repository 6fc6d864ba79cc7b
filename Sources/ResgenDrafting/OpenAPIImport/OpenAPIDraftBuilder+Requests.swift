import ResgenCore
import Foundation
import OpenAPIKit

/// Operations that are no resource operation, as `requests:`: path parameters, query items and header
/// fields with their types, the JSON body's and the response's types.
extension OpenAPIDraftBuilder {
    mutating func request(_ endpoint: OpenAPIEndpoint) -> Draft.Request {
        let stem =
            endpoint.operation.operationId.map(DraftBuilder.stableTypeName)
            ?? DraftBuilder.stableTypeName(
                ([endpoint.method.rawValue.lowercased()] + endpoint.segments.filter { !OpenAPIEndpoint.isParameter($0) })
                    .joined(separator: "_"))
        let name = claimTypeName(stem.isEmpty ? "Request" : stem, suffix: "Request")
        var request = Draft.Request(
            name: name, comment: endpoint.pointer.description,
            description: endpoint.operation.summary ?? endpoint.operation.description,
            method: endpoint.methodName, path: endpoint.path)
        let body = requestBody(endpoint)
        let bodyKind: GeneratedNames.RequestBodyKind = body == nil ? .none : .json
        var members = NameAllocator()
        var path = endpoint.path
        for parameter in endpoint.parameters {
            let wire = parameter.parameter.name
            guard let (schema, pointer) = parameterSchema(parameter) else {
                warnings.add(parameter.pointer, "a parameter without a JSON schema: left out")
                continue
            }
            switch parameter.parameter.location {
            case .path:
                var attribute = self.attribute(
                    wire, schema: schema, pointer: pointer, required: true, owner: name,
                    kind: .requestParameter(bodyKind), members: &members)
                attribute.key = attribute.name  // a path parameter has no wire key: its placeholder is renamed
                path = path.replacingOccurrences(of: "{\(wire)}", with: "{\(attribute.name)}")
                request.parameters.append(attribute)
            case .query:
                if let style = parameter.parameter.schemaStyle, style != .form {
                    warnings.add(
                        parameter.pointer,
                        "the query parameter style '\(style.rawValue)' is not supported (form only): left out")
                    request.query.append(
                        Draft.Attribute(
                            name: DraftBuilder.stableMemberName(wire), key: wire,
                            comment: "style '\(style.rawValue)' is not supported (\(parameter.pointer))"))
                    continue
                }
                request.query.append(
                    attribute(
                        wire, schema: schema, pointer: pointer, required: parameter.parameter.required, owner: name,
                        kind: .requestParameter(bodyKind), members: &members))
            case .header where !Validator.isHeaderName(wire):
                warnings.add(parameter.pointer, "'\(wire)' is not an HTTP header name: left out")
            case .header:
                request.headers.append(
                    attribute(
                        wire, schema: schema, pointer: pointer, required: parameter.parameter.required, owner: name,
                        kind: .requestParameter(bodyKind), members: &members))
            case .cookie, .querystring:
                warnings.add(
                    parameter.pointer, "a \(parameter.parameter.location.rawValue) parameter: not supported, left out")
            }
        }
        // The path's placeholders and the path parameters must match: a placeholder the document declares
        // no parameter for is a String; a path parameter the path does not name is left out.
        let placeholders = Self.placeholders(in: path)
        for name in placeholders where !request.parameters.contains(where: { $0.name == name }) {
            warnings.add(
                endpoint.pointer, "the path names '{\(name)}', which no path parameter declares: drafted as a String")
            let claimed = members.claim(
                DraftBuilder.stableMemberName(name), suffix: "Value", normalize: DraftBuilder.stableMemberName
            ) { isAllowedMember($0, kind: .requestParameter(bodyKind)) }
            path = path.replacingOccurrences(of: "{\(name)}", with: "{\(claimed)}")
            request.parameters.append(
                Draft.Attribute(name: claimed, key: claimed, type: "String", comment: "declared by no path parameter"))
        }
        let named = Set(Self.placeholders(in: path))
        for parameter in request.parameters where !named.contains(parameter.name) {
            warnings.add(endpoint.pointer, "the path parameter '\(parameter.name)' is not in the path: left out")
        }
        request.parameters.removeAll { !named.contains($0.name) }
        // Only scalar parameters fit a path, a query item or a header field.
        for index in request.parameters.indices + [] where !isScalar(request.parameters[index].type) {
            unscalar(&request.parameters[index])
        }
        for index in request.query.indices where !isScalar(request.query[index].type, arrays: true) {
            unscalar(&request.query[index])
        }
        for index in request.headers.indices where !isScalar(request.headers[index].type) {
            unscalar(&request.headers[index])
        }
        if (try? PathTemplate.parse(path)) == nil {
            warnings.add(endpoint.pointer, "the path is no path template resgen reads: the request is left out")
            request.refusal = "its path is no path template resgen reads (\(endpoint.pointer))"
        } else if request.parameters.contains(where: { $0.type == nil }) {
            request.refusal = "a path parameter has no scalar type (\(endpoint.pointer))"
        }
        request.path = path
        if let body {
            switch spell(body, stem: DraftBuilder.stableTypeName(name + "Body")) {
            case .type(let spelling, _, _): request.body = spelling
            case .none(let reason):
                warnings.add(body.pointer, "the request body: \(reason)")
                request.bodyComment = "body left out: \(reason) (\(body.pointer))"
            }
        }
        if let empty = emptySuccessSchema(endpoint) {
            warnings.add(
                empty,
                "the response's schema is empty: it says nothing of the body, so the request has no response type")
            request.responseComment = "response left out: its schema is empty (\(empty))"
        } else if let response = successBody(endpoint) {
            if let resource = resourceResponse(response) {
                request.response = resource
            } else {
                switch spell(response, stem: DraftBuilder.stableTypeName(name + "Response")) {
                case .type(let spelling, _, _): request.response = spelling
                case .none(let reason):
                    warnings.add(response.pointer, "the response: \(reason)")
                    request.responseComment = "response left out: \(reason) (\(response.pointer))"
                }
            }
        }
        return request
    }

    /// A JSON:API document of one resource type drafted (`Article`, `[Article]`), else nil.
    private mutating func resourceResponse(_ response: ResolvedSchema) -> String? {
        guard format == .jsonapi, let data = documentData(response) else { return nil }
        let keys = DocumentReader.unique(data.members.filter(isResourceObject).compactMap { typeKey(of: $0)?.key })
        guard keys.count == 1, let name = resources[keys[0]]?.name else { return nil }
        return data.many ? "[\(name)]" : name
    }

    /// The `{name}` placeholders of a path template, in order.
    static func placeholders(in path: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in path {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                names.append(name)
                current = nil
            } else if current != nil {
                current?.append(character)
            }
        }
        return names
    }

    private func isScalar(_ type: String?, arrays: Bool = false) -> Bool {
        guard var type else { return true }
        if type.hasSuffix("?") { type.removeLast() }
        if arrays, type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") {
            type = String(type.dropFirst().dropLast())
        }
        return ["String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date", "URL", "UUID", "Decimal"]
            .contains(type) || enums.contains { $0.name == type }
    }

    private func unscalar(_ attribute: inout Draft.Attribute) {
        attribute.comment = "\(attribute.type ?? "") is not a scalar a parameter can carry"
        attribute.type = nil
    }
}
