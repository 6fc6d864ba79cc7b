/// Stage 2: ``RawNode`` documents (one per schema file) → ``Schema``.
///
/// Reads every key the schema language defines into plain values with locations, reporting wrong
/// shapes (a list where a mapping belongs, a YAML 1.1 boolean, …) as errors and unknown keys as
/// warnings. It resolves nothing: whether a type or relationship target exists is the
/// ``Validator``'s business, so this stage stays a simple walk over the tree.
struct SchemaDecoder {
    let diagnostics: any DiagnosticCollector

    /// Merges the declarations of all `documents` (files of one API, in path order).
    func decode(_ documents: [RawNode]) -> Schema {
        var schema = Schema()
        for document in documents {
            schema.files.append(document.location.file)
            guard var top = MappingReader(document, shape: .file, context: "schema file", diagnostics: diagnostics) else { continue }
            if let api = top.value("api") {
                if schema.api == nil { schema.api = decodeAPI(api) } else { schema.extraAPIs.append(api.location) }
            }
            forEachEntry(top.value("resources"), context: "resources") { schema.resources.append(decodeResource($0)) }
            forEachEntry(top.value("objects"), context: "objects") { schema.objects.append(decodeObject($0)) }
            forEachEntry(top.value("enums"), context: "enums") { schema.enums.append(decodeEnum($0)) }
            forEachEntry(top.value("requests"), context: "requests") { schema.requests.append(decodeRequest($0)) }
            forEachEntry(top.value("unions"), context: "unions") { schema.unions.append(decodeUnion($0)) }
            if let node = top.value("entry"), let entry = decodeEntry(node) {  // SchemaDecoder+Entry.swift
                if schema.entry == nil { schema.entry = entry } else { schema.extraEntries.append(entry.location) }
            }
            _ = top.value("$schema")  // for editors only (`resgen json-schema`)
            top.finish()
        }
        return schema
    }

    /// Calls `body` for each entry of the mapping `node` (absent or null means none).
    func forEachEntry(_ node: RawNode?, context: String, _ body: (RawNode.Entry) -> Void) {
        guard let node, let entries = MappingReader.entries(of: node, context: context, diagnostics: diagnostics) else { return }
        entries.forEach(body)
    }

    func name(_ entry: RawNode.Entry) -> Located<String> { Located(entry.key, at: entry.keyLocation) }

    // MARK: api

    private func decodeAPI(_ node: RawNode) -> APIDecl? {
        guard var reader = MappingReader(node, shape: .api, context: "api", diagnostics: diagnostics) else { return nil }
        let api = APIDecl(
            name: reader.string("name"),
            format: reader.string("format"),
            baseURL: reader.string("baseURL"),
            description: reader.string("description")?.value,
            dateFormat: reader.string("dateFormat"),
            location: node.location,
            relationshipWrites: decodeHALWrite(reader.value("relationshipWrites"), context: "api.relationshipWrites", allowsProperty: false)
        )
        reader.finish()
        return api
    }

    // MARK: resources

    private func decodeResource(_ entry: RawNode.Entry) -> ResourceDecl {
        let context = "resources.\(entry.key)"
        var resource = ResourceDecl(name: name(entry))
        guard var reader = MappingReader(entry.value, shape: .resource, context: context, diagnostics: diagnostics) else { return resource }
        resource.type = reader.string("type")
        resource.path = reader.string("path")
        resource.parent = reader.string("parent")
        resource.id = reader.string("id")
        resource.description = reader.string("description")?.value
        resource.clientID = reader.bool("clientID") ?? false
        resource.sparseFieldsets = reader.bool("sparseFieldsets") ?? false
        resource.sparseFieldsetsLocation = reader.keyLocation("sparseFieldsets")
        resource.meta = reader.string("meta")
        resource.documentMeta = reader.string("documentMeta")
        if let operations = reader.strings("operations") {
            resource.operations = operations
            resource.operationsLocation = reader.keyLocation("operations")
        }
        resource.attributes = decodeAttributes(reader.value("attributes"), context: context + ".attributes")
        forEachEntry(reader.value("relationships"), context: context + ".relationships") {
            if let relationship = decodeRelationship($0, context: context + ".relationships.\($0.key)") {
                resource.relationships.append(relationship)
            }
        }
        forEachEntry(reader.value("includes"), context: context + ".includes") {
            let paths = ScalarReader.strings($0.value, what: "include set '\($0.key)'", diagnostics: diagnostics) ?? []
            resource.includes.append(IncludeSetDecl(name: name($0), paths: paths))
        }
        forEachEntry(reader.value("links"), context: context + ".links") { resource.links.append(decodeLink($0, context: context + ".links.\($0.key)")) }
        resource.acceptsIncludes = reader.strings("acceptsIncludes")
        forEachEntry(reader.value("paths"), context: context + ".paths") { resource.paths.append(decodePath($0, context: context + ".paths.\($0.key)")) }  // SchemaDecoder+Paths.swift
        resource.pagination = decodePagination(reader.value("pagination"), keyLocation: reader.keyLocation("pagination"), context: context + ".pagination")  // SchemaDecoder+Pagination.swift
        resource.list = decodeListParameters(reader.value("list"), keyLocation: reader.keyLocation("list"), context: context + ".list")  // SchemaDecoder+ListParameters.swift
        reader.finish()
        return resource
    }

    /// A relationship's `linkage:`, `always` or `whenIncluded`; an error with a suggestion otherwise.
    private func decodeLinkage(_ text: Located<String>) -> Located<RelationshipDecl.Linkage>? {
        guard let linkage = RelationshipDecl.Linkage(rawValue: text.value) else {
            let choices = RelationshipDecl.Linkage.allCases.map(\.rawValue)
            let hint = Suggestion.hint(for: text.value, in: choices)
            diagnostics.emit(.error("unknown linkage '\(text.value)'\(hint.isEmpty ? "; use \(choices.map { "'\($0)'" }.joined(separator: " or "))" : hint)", at: text.location))
            return nil
        }
        return Located(linkage, at: text.location)
    }

    private func decodeRelationship(_ entry: RawNode.Entry, context: String) -> RelationshipDecl? {
        guard var reader = MappingReader(entry.value, shape: .relationship, context: context, diagnostics: diagnostics) else { return nil }
        let toOne = reader.value("toOne").flatMap { relationshipTargets($0, what: "'toOne'") }
        let toMany = reader.value("toMany").flatMap { relationshipTargets($0, what: "'toMany'") }
        let targets = toOne ?? toMany
        var relationship = RelationshipDecl(name: name(entry), target: targets?.target, isToMany: toOne == nil && toMany != nil, isOptional: false)
        relationship.targets = targets?.list ?? []
        relationship.key = reader.string("key")
        relationship.rel = reader.string("rel")
        relationship.description = reader.string("description")?.value
        relationship.meta = reader.string("meta")
        relationship.isOptional = reader.bool("optional") ?? false
        relationship.write = decodeHALWrite(reader.value("write"), context: context + ".write", allowsProperty: true)
        relationship.linkage = reader.string("linkage").flatMap { decodeLinkage($0) }
        if toOne != nil, let toMany {
            diagnostics.emit(.error("relationship '\(entry.key)' has both 'toOne' and 'toMany'; keep one", at: toMany.target.location))
        } else if toOne == nil, toMany == nil {
            diagnostics.emit(.error("relationship '\(entry.key)' needs 'toOne' or 'toMany' naming its target resource", at: entry.keyLocation))
        }
        if let target = relationship.target, target.value.hasSuffix("?") {
            relationship.target = Located(String(target.value.dropLast()), at: target.location)
            relationship.isOptional = true
        }
        reader.finish()
        return relationship
    }

    /// The target of `toOne:`/`toMany:`: one name (`target`), or a list of names (`list`, a polymorphic
    /// relationship; `target` is its first element, for locations). Null counts as absent.
    private func relationshipTargets(_ node: RawNode, what: String) -> (target: Located<String>, list: [Located<String>])? {
        guard !node.isNull else { return nil }
        if node.elements != nil {
            guard let names = ScalarReader.strings(node, what: what, diagnostics: diagnostics) else { return nil }
            guard let first = names.first else {
                diagnostics.emit(.error("\(what) lists no target resources", at: node.location))
                return nil
            }
            return (Located(first.value, at: node.location), names)
        }
        return ScalarReader.string(node, what: what, diagnostics: diagnostics).map { ($0, []) }
    }

    // MARK: unions

    private func decodeUnion(_ entry: RawNode.Entry) -> UnionDecl {
        let context = "unions.\(entry.key)"
        var union = UnionDecl(name: name(entry))
        guard var reader = MappingReader(entry.value, shape: .union, context: context, diagnostics: diagnostics) else { return union }
        union.membersLocation = reader.keyLocation("members")
        union.members = reader.strings("members") ?? []
        union.type = reader.string("type")
        union.path = reader.string("path")
        union.description = reader.string("description")?.value
        if let operations = reader.strings("operations") {
            union.operations = operations
            union.operationsLocation = reader.keyLocation("operations")
        }
        forEachEntry(reader.value("includes"), context: context + ".includes") {
            let paths = ScalarReader.strings($0.value, what: "include set '\($0.key)'", diagnostics: diagnostics) ?? []
            union.includes.append(IncludeSetDecl(name: name($0), paths: paths))
        }
        if let node = reader.value("discriminator"), !node.isNull {
            union.discriminatorLocation = node.location
            union.discriminator = decodeDiscriminator(node, context: context + ".discriminator")
        }
        reader.finish()
        return union
    }

    private func decodeDiscriminator(_ node: RawNode, context: String) -> UnionDecl.Discriminator? {
        if node.scalar != nil {
            guard let text = ScalarReader.string(node, what: "'discriminator'", diagnostics: diagnostics) else { return nil }
            switch text.value {
            case "selfLink": return .selfLink
            case "embeddedKey": return .embeddedKey
            default:
                diagnostics.emit(.error("unknown discriminator '\(text.value)'; use 'selfLink', 'embeddedKey' or '{ property: <name> }'", at: text.location))
                return nil
            }
        }
        guard var reader = MappingReader(node, shape: .discriminator, context: context, diagnostics: diagnostics) else { return nil }
        defer { reader.finish() }
        // Every key is read before `property` is judged, so `values` is checked (and not reported as
        // unread) when `property` is missing.
        let property = reader.string("property")
        var values: [UnionDecl.PropertyValue] = []
        forEachEntry(reader.value("values"), context: context + ".values") { entry in
            if let value = ScalarReader.string(entry.value, what: "the value of member '\(entry.key)'", diagnostics: diagnostics) {
                values.append(UnionDecl.PropertyValue(member: name(entry), value: value))
            }
        }
        guard let property else {
            diagnostics.emit(.error("'\(context)' needs 'property': the property that names each member's type", at: node.location))
            return nil
        }
        return .property(property, values: values)
    }

    func decodeLink(_ entry: RawNode.Entry, context: String) -> LinkDecl {
        var link = LinkDecl(name: name(entry), rel: nil, templated: false, description: nil)
        if entry.value.scalar != nil {
            link.rel = ScalarReader.string(entry.value, what: "link '\(entry.key)'", diagnostics: diagnostics)
            return link
        }
        guard var reader = MappingReader(entry.value, shape: .link, context: context, diagnostics: diagnostics) else { return link }
        link.rel = reader.string("rel")
        link.templated = reader.bool("templated") ?? false
        link.description = reader.string("description")?.value
        reader.finish()
        return link
    }

    // MARK: attributes

    /// Reads an `attributes:` (or `query:`, `headers:`, `parameters:`, form) mapping.
    ///
    /// - Parameter allowsFixedValue: Whether `value:` (a constant instead of a parameter) is allowed.
    private func decodeAttributes(_ node: RawNode?, context: String, allowsFixedValue: Bool = false) -> [AttributeDecl] {
        var result: [AttributeDecl] = []
        forEachEntry(node, context: context) { entry in
            var attribute = AttributeDecl(name: name(entry))
            if entry.value.scalar != nil || entry.value.isNull {
                attribute.type = ScalarReader.string(entry.value, what: "the type of '\(entry.key)'", diagnostics: diagnostics)
            } else if var reader = MappingReader(entry.value, shape: allowsFixedValue ? .fixableParameter : .attribute, context: "\(context).\(entry.key)", diagnostics: diagnostics) {
                attribute.type = reader.string("type")
                attribute.key = reader.string("key")
                attribute.description = reader.string("description")?.value
                attribute.defaultValue = reader.value("default")
                attribute.readOnly = reader.bool("readOnly") ?? false
                attribute.writeOnly = reader.bool("writeOnly") ?? false
                attribute.writeOnlyLocation = reader.keyLocation("writeOnly")
                attribute.dateFormat = reader.value("dateFormat")
                if allowsFixedValue {
                    attribute.fixedValue = reader.string("value")
                    attribute.join = reader.string("join")
                }
                if attribute.type == nil, attribute.fixedValue == nil {
                    diagnostics.emit(.error("'\(context).\(entry.key)' needs a 'type'", at: entry.keyLocation))
                }
                reader.finish()
            }
            result.append(attribute)
        }
        return result
    }

    // MARK: objects and enums

    private func decodeObject(_ entry: RawNode.Entry) -> ObjectDecl {
        var object = ObjectDecl(name: name(entry))
        guard var reader = MappingReader(entry.value, shape: .object, context: "objects.\(entry.key)", diagnostics: diagnostics) else { return object }
        object.description = reader.string("description")?.value
        object.attributes = decodeAttributes(reader.value("attributes"), context: "objects.\(entry.key).attributes")
        reader.finish()
        return object
    }

    private func decodeEnum(_ entry: RawNode.Entry) -> EnumDecl {
        var decl = EnumDecl(name: name(entry))
        let context = "enums.\(entry.key)"
        guard var reader = MappingReader(entry.value, shape: .enumeration, context: context, diagnostics: diagnostics) else { return decl }
        decl.description = reader.string("description")?.value
        if let values = reader.value("values") {
            if let elements = values.elements {
                for element in elements {
                    if let pairs = element.entries {
                        // `- caseName: wire-value` names the Swift case explicitly.
                        guard pairs.count == 1, let pair = pairs.first else {
                            diagnostics.emit(.error("an enum value mapping names one case: '- caseName: value'", at: element.location))
                            continue
                        }
                        if let value = ScalarReader.string(pair.value, what: "enum value '\(pair.key)'", diagnostics: diagnostics) {
                            decl.values.append(.init(caseName: Located(pair.key, at: pair.keyLocation), value: value))
                        }
                    } else if let value = ScalarReader.string(element, what: "an enum value", diagnostics: diagnostics) {
                        decl.values.append(.init(caseName: nil, value: value))
                    }
                }
            } else {
                diagnostics.emit(.error("expected a list for '\(context).values', found \(values.kindDescription)", at: values.location))
            }
        } else {
            diagnostics.emit(.error("enum '\(entry.key)' needs 'values'", at: entry.keyLocation))
        }
        reader.finish()
        return decl
    }

    // MARK: requests

    private func decodeRequest(_ entry: RawNode.Entry) -> RequestDecl {
        var request = RequestDecl(name: name(entry))
        let context = "requests.\(entry.key)"
        guard var reader = MappingReader(entry.value, shape: .request, context: context, diagnostics: diagnostics) else { return request }
        request.method = reader.string("method")
        request.path = reader.string("path")
        request.description = reader.string("description")?.value
        request.parameters = decodeAttributes(reader.value("parameters"), context: context + ".parameters")
        request.query = decodeAttributes(reader.value("query"), context: context + ".query", allowsFixedValue: true)
        request.headers = decodeAttributes(reader.value("headers"), context: context + ".headers", allowsFixedValue: true)
        request.response = reader.string("response")
        if let auth = reader.string("auth") {
            switch RequestDecl.Auth(rawValue: auth.value) {
            case .required: request.requiresAuth = true
            case .none?: request.requiresAuth = false
            case nil:
                diagnostics.emit(.error("unknown auth '\(auth.value)'; use 'required' or 'none'", at: auth.location))
            }
        }
        if let body = reader.value("body") {
            request.bodyLocation = body.location
            request.body = decodeBody(body, context: context + ".body")
        }
        forEachEntry(reader.value("includes"), context: context + ".includes") {
            let paths = ScalarReader.strings($0.value, what: "include set '\($0.key)'", diagnostics: diagnostics) ?? []
            request.includes.append(IncludeSetDecl(name: name($0), paths: paths))
        }
        reader.finish()
        return request
    }

    private func decodeBody(_ node: RawNode, context: String) -> RequestDecl.Body? {
        if node.scalar != nil {
            return ScalarReader.string(node, what: "'body'", diagnostics: diagnostics).map { .json($0) }
        }
        guard var reader = MappingReader(node, shape: .requestBody, context: context, diagnostics: diagnostics) else { return nil }
        defer { reader.finish() }
        // Every kind is asked for (so none is reported as unknown); exactly one must be there.
        let kinds = SchemaMapping.requestBody.keyNames.filter { reader.value($0) != nil }
        guard kinds.count == 1, let kind = kinds.first else {
            let message = kinds.isEmpty ? "a request body is one of 'json', 'form', 'multipart' or 'raw'" : "a request body has exactly one of 'json', 'form', 'multipart' or 'raw'"
            diagnostics.emit(.error(message, at: node.location))
            return nil
        }
        switch kind {
        case "json": return reader.string("json").map { .json($0) }
        case "raw": return reader.string("raw").map { .raw($0) }
        case "form": return .form(decodeAttributes(reader.value("form"), context: context + ".form"))
        default: return .multipart(decodeAttributes(reader.value("multipart"), context: context + ".multipart"))
        }
    }
}
