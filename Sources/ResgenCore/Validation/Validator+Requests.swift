/// Free-form requests: method, path template and its parameters, query, headers, body, response.
extension Validator {
    func validateRequest(_ decl: RequestDecl) -> RequestInfo {
        let name = decl.name.value
        let keyPath = "requests.\(name)"
        var info = RequestInfo(
            name: swiftTypeName(name), method: "GET", path: [], pathParameters: [], query: [], headers: [], body: nil,
            response: nil, requiresAuth: decl.requiresAuth, description: decl.description)
        if let method = decl.method {
            let upper = method.value.uppercased()
            if HTTPMethods.all.contains(upper) {
                info.method = upper
            } else {
                let hint = Suggestion.closest(to: upper, in: HTTPMethods.all).map { "did you mean '\($0)'?" } ?? "use one of \(HTTPMethods.all.joined(separator: ", "))"
                diagnostics.emit(.error("unknown HTTP method '\(method.value)'; \(hint)", at: method.location))
            }
        } else {
            diagnostics.emit(.error("request '\(name)' needs a 'method'", at: decl.name.location))
        }

        var members = NameScope("parameter", of: name)
        reserveGeneratedMembers(.requestParameter(Self.bodyKind(decl.body)), in: &members)

        if let path = decl.path {
            (info.path, info.pathParameters) = validatePath(path, declared: decl.parameters, keyPath: keyPath, members: &members)
        } else {
            diagnostics.emit(.error("request '\(name)' needs a 'path'", at: decl.name.location))
        }
        info.query = validateAttributes(decl.query, keyPath: keyPath + ".query", use: .query, scope: &members)
        for item in decl.query {
            guard let join = item.join, let index = info.query.firstIndex(where: { $0.name == item.name.value }) else { continue }
            guard case .array = info.query[index].type.unwrapped else {
                diagnostics.emit(.error("'join' of query item '\(item.name.value)' of request '\(name)' applies to several values; make the type a list or leave 'join' out", at: join.location))
                info.query.remove(at: index)
                continue
            }
            info.query[index].joinsWithComma = join.value == "comma"
        }
        info.headers = validateAttributes(decl.headers, keyPath: keyPath + ".headers", use: .parameter, scope: &members)
        for header in decl.headers {
            if let join = header.join { diagnostics.emit(.error("'join' applies to query items, not to header '\(header.name.value)' of request '\(name)'", at: join.location)) }
        }
        for header in info.headers where !Self.isHeaderName(header.wireKey) {
            diagnostics.emit(.error("'\(header.wireKey)' is not a valid HTTP header name", at: decl.headers.first { $0.name.value == header.name }.map { $0.key?.location ?? $0.name.location }))
        }
        switch decl.body {
        case .json(let spelling):
            if let type = resolveType(spelling, use: .payload) { info.body = .json(type) }
        case .form(let fields):
            info.body = .form(validateAttributes(fields, keyPath: keyPath + ".body.form", use: .parameter, scope: &members))
        case .multipart(let parts):
            info.body = .multipart(validateAttributes(parts, keyPath: keyPath + ".body.multipart", use: .multipart, scope: &members))
        case .raw(let contentType):
            if !contentType.value.contains("/") {
                diagnostics.emit(.error("a raw body names its content type, e.g. 'raw: application/octet-stream'; found '\(contentType.value)'", at: contentType.location))
            }
            info.body = .raw(contentType: contentType.value)
        case nil:
            break
        }
        if info.body != nil, info.method == "GET" || info.method == "HEAD" {
            diagnostics.emit(.warning("a \(info.method) request with a body; many servers and proxies drop it", at: decl.bodyLocation))
        }
        if let response = decl.response, response.value != "none" {
            info.response = resolveType(response, use: .payload)
        }
        validateRequestIncludes(decl, into: &info)  // Validator+RequestIncludes.swift
        return info
    }

    /// Splits the path template and types its parameters: from `parameters:` when declared there, else
    /// `String` (or `Int` when the default is an integer).
    private func validatePath(_ path: Located<String>, declared: [AttributeDecl], keyPath: String, members: inout NameScope) -> ([PathPiece], [PropertyInfo]) {
        let template: PathTemplate
        do {
            template = try PathTemplate.parse(path.value)
        } catch {
            diagnostics.emit(.error("invalid path '\(path.value)': \(error.message)", at: path.location(atOffset: error.offset)))
            return ([], [])
        }
        if !path.value.hasPrefix("/") {
            diagnostics.emit(.error("a request path starts with '/' (it is appended to the base URL), found '\(path.value)'", at: path.location))
        }
        var pieces: [PathPiece] = []
        var parameters: [PropertyInfo] = []
        var used = Set<String>()
        // Declared parameters already named in a did-you-mean, so a typo is reported once.
        var suggested = Set<String>()
        for piece in template.pieces {
            switch piece {
            case .literal(let text):
                pieces.append(.literal(text))
            case .parameter(let name, let defaultText, let offset):
                let at = path.location(atOffset: offset)
                guard used.insert(name).inserted else {
                    diagnostics.emit(.error("path parameter '{\(name)}' appears twice in '\(path.value)'", at: at))
                    continue
                }
                let declaration = declared.first { $0.name.value == name }
                // With `parameters` given, every parameter must be declared there — except one with an
                // inline default (`{page=1}`), which declares itself.
                if declaration == nil, !declared.isEmpty, defaultText == nil {
                    let closest = Suggestion.closest(to: name, in: declared.map(\.name.value))
                    if let closest { suggested.insert(closest) }
                    diagnostics.emit(.error("path parameter '{\(name)}' has no matching argument in 'parameters'\(closest.map { "; did you mean '\($0)'?" } ?? "")", at: at))
                    continue
                }
                var decl = declaration ?? AttributeDecl(name: Located(name, at: at))
                if decl.type == nil {
                    let isInteger = defaultText.map { Int64($0) != nil } ?? false
                    decl.type = Located(isInteger ? "Int" : "String", at: at)
                }
                if let defaultText {
                    if decl.defaultValue != nil {
                        diagnostics.emit(.error("path parameter '{\(name)}' has a default in the path and in 'parameters'; keep one", at: at))
                        continue
                    }
                    decl.defaultValue = RawNode(.scalar(defaultText, plain: !(decl.type?.value == "String")), at: at)
                }
                let validated = validateAttributes([decl], keyPath: keyPath + ".parameters", use: .parameter, scope: &members)
                guard let parameter = validated.first else { continue }
                if parameter.type.isOptional {
                    diagnostics.emit(.error("path parameter '{\(name)}' cannot be optional; a path segment always has a value", at: decl.type?.location ?? at))
                    continue
                }
                parameters.append(parameter)
                pieces.append(.parameter(parameter.swiftName))
            }
        }
        for declaration in declared where !used.contains(declaration.name.value) && !suggested.contains(declaration.name.value) {
            diagnostics.emit(.error("parameter '\(declaration.name.value)' does not appear in path '\(path.value)'; path parameters are written '{\(declaration.name.value)}'", at: declaration.name.location))
        }
        return (pieces, parameters)
    }

    /// The kind of body a request declares, which decides the members generated code gives its type.
    static func bodyKind(_ body: RequestDecl.Body?) -> GeneratedNames.RequestBodyKind {
        switch body {
        case nil: .none
        case .json: .json
        case .form: .form
        case .multipart: .multipart
        case .raw: .raw
        }
    }

    /// RFC 9110 token characters.
    package static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
