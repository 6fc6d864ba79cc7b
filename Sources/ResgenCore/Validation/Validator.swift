/// Stage 3: ``Schema`` → ``ResourceModel``, or diagnostics.
///
/// This is where a schema error is raised: unknown names (with a did-you-mean), duplicates and
/// names that clash after renaming, include paths that do not follow relationships, parent cycles,
/// path parameters without an argument, defaults that do not fit their type. It reports every error
/// it finds and still returns a model (with the broken parts left out), so one run shows them all;
/// the pipeline stops afterwards if any error was emitted.
package final class Validator {
    let diagnostics: any DiagnosticCollector
    /// Every declared type, by the name the schema uses for it.
    var symbols: [String: Symbol] = [:]
    /// Resource declarations by name, for relationship and parent lookups.
    var resourceDecls: [String: ResourceDecl] = [:]
    /// The declared types by their Swift names (one each: `declareTypes` refuses a second), made once the
    /// types are declared, for the checks of nested names (Validator+Paths.swift).
    lazy var symbolsBySwiftName: [String: (name: String, symbol: Symbol)] = Dictionary(
        symbols.map { (swiftTypeName($0.key), (name: $0.key, symbol: $0.value)) }, uniquingKeysWith: { first, _ in first })
    /// Every path of the API by its place, for `pathConflicts` (Validator+Paths.swift), made once.
    lazy var pathPlaces: [PathPlace: [PathCandidate]] = makePathPlaces()
    /// Union declarations by name, inline ones (`toOne: [Book, Film]`) included under their generated
    /// names, in declaration order (``unionOrder``).
    var unionDecls: [String: UnionDecl] = [:]
    var unionOrder: [String] = []
    /// The generated union name of each inline polymorphic relationship, by owner and relationship name.
    var inlineUnionNames: [InlineUnionKey: String] = [:]
    /// An inline union's owner and relationship (a pair, not a joined string: names may hold dots).
    struct InlineUnionKey: Hashable {
        var owner: String
        var relationship: String
    }
    /// Where each inline union is declared, as a key path for remarks, by union name.
    var inlineUnionKeyPaths: [String: String] = [:]
    /// Enum declarations, for checking defaults.
    var enumDeclarations: [EnumDecl] = []
    /// The API's wire format, once known.
    var format: WireFormat = .jsonapi
    /// `api.relationshipWrites`: how a HAL server takes relationships unless one says otherwise.
    var relationshipWritesDefault: HALWriteDecl?
    /// The names generated code uses in a wire format, with the templates the schema will be rendered
    /// with: ``Pipeline`` derives them by rendering the probe (`Probe/`), which runs this validator, so
    /// they come in from above. Nil validates without reserving them (only the probe does that).
    let generatedNamesForFormat: (@Sendable (WireFormat) -> GeneratedNames)?
    /// The names generated code uses, for the API's format (see ``GeneratedNames``).
    var generatedNames = GeneratedNames()

    /// What a declared type name refers to.
    enum Symbol {
        case resource(SourceLocation), object(SourceLocation), enumeration(SourceLocation), request(SourceLocation), union(SourceLocation)

        var location: SourceLocation {
            switch self {
            case .resource(let l), .object(let l), .enumeration(let l), .request(let l), .union(let l): l
            }
        }

        var kindName: String {
            switch self {
            case .resource: "a resource"
            case .object: "an object"
            case .enumeration: "an enum"
            case .request: "a request"
            case .union: "a union"
            }
        }
    }

    init(diagnostics: any DiagnosticCollector, generatedNames: (@Sendable (WireFormat) -> GeneratedNames)?) {
        self.diagnostics = diagnostics
        self.generatedNamesForFormat = generatedNames
    }

    func validate(_ schema: Schema) -> ResourceModel {
        let api = validateAPI(schema)
        relationshipWritesDefault = validateRelationshipWritesDefault(schema.api)  // Validator+HALWrites.swift
        if let generatedNamesForFormat { generatedNames = generatedNamesForFormat(format) }
        if let name = schema.api?.name { checkTypeName(name, kind: "API name") }
        declareTypes(schema)
        let enums = schema.enums.compactMap(validateEnum).sorted { $0.name < $1.name }
        let objects = schema.objects.map(validateObject).sorted { $0.name < $1.name }
        var resources = schema.resources.map(validateResource)
        checkParentCycles(schema.resources)
        checkContainmentCycles(schema, resources: resources, objects: objects)
        for index in resources.indices {
            resources[index].includeSets = validateIncludes(schema.resources[index])
            validateAcceptedIncludes(schema.resources[index], into: &resources[index])  // Validator+AcceptedIncludes.swift
        }
        let unions = unionOrder.compactMap { unionDecls[$0] }.compactMap(validateUnion).sorted { $0.name < $1.name }
        let requests = schema.requests.map(validateRequest).sorted { $0.name < $1.name }
        var model = ResourceModel(api: api, resources: resources.sorted { $0.name < $1.name }, objects: objects, enums: enums, requests: requests, unions: unions)
        model.entry = validateEntry(schema)  // Validator+Entry.swift
        return model
    }

    // MARK: api

    private func validateAPI(_ schema: Schema) -> APIInfo {
        var info = APIInfo(name: "API", format: .jsonapi, baseURL: nil, description: nil, dateFormat: .iso8601)
        for extra in schema.extraAPIs {
            diagnostics.emit(.error("an API has one 'api' block", at: extra, notes: schema.api.map { [.note("first 'api' block here", at: $0.location)] } ?? []))
        }
        guard let api = schema.api else {
            let location = schema.files.first.map { SourceLocation(file: $0, line: 1, column: 1) }
            diagnostics.emit(.error("the schema has no 'api' block; add 'api: { name: MyAPI, format: jsonapi }'", at: location))
            return info
        }
        info.description = api.description
        if let name = api.name {
            info.name = SwiftNaming.typeName(name.value)
        } else {
            diagnostics.emit(.error("'api' needs a 'name' (the namespace of the generated code)", at: api.location))
        }
        if let format = api.format {
            if let value = WireFormat(rawValue: format.value) {
                info.format = value
                self.format = value
            } else {
                let hint = Suggestion.closest(to: format.value, in: WireFormat.allCases.map(\.rawValue)).map { "did you mean '\($0)'?" }
                diagnostics.emit(.error("unknown format '\(format.value)'; \(hint ?? "use 'jsonapi' or 'hal'")", at: format.location))
            }
        } else {
            diagnostics.emit(.error("'api' needs a 'format': 'jsonapi' or 'hal'", at: api.location))
        }
        if let baseURL = api.baseURL {
            if URLSyntax.isAbsoluteHTTPURL(baseURL.value) {
                info.baseURL = baseURL.value
            } else {
                diagnostics.emit(.error("'baseURL' must be an absolute http or https URL, found '\(baseURL.value)'", at: baseURL.location))
            }
        }
        if let dateFormat = api.dateFormat {
            if let value = DateFormat(rawValue: dateFormat.value) {
                info.dateFormat = value
            } else {
                let hint = Suggestion.hint(for: dateFormat.value, in: DateFormat.allCases.map(\.rawValue))
                diagnostics.emit(.error("unknown dateFormat '\(dateFormat.value)'\(hint)", at: dateFormat.location))
            }
        }
        return info
    }

    // MARK: type names

    /// Registers every resource, object, enum and request name, reporting duplicates and names Swift
    /// or the runtime reserve.
    private func declareTypes(_ schema: Schema) {
        var scope = NameScope("type name", fix: "rename one of them")
        if let api = schema.api, let name = api.name {
            _ = scope.claim(SwiftNaming.typeName(name.value), for: name.value, at: name.location, diagnostics: diagnostics)
        }
        func declare(_ name: Located<String>, _ symbol: Symbol) {
            let swiftName = SwiftNaming.typeName(name.value)
            guard checkTypeName(name, kind: symbol.kindName.split(separator: " ").last.map(String.init) ?? "type") else { return }
            guard scope.claim(swiftName, for: name.value, at: name.location, diagnostics: diagnostics) else { return }
            symbols[name.value] = symbol
        }
        for resource in schema.resources {
            declare(resource.name, .resource(resource.name.location))
            // The first declaration wins; a later duplicate was reported by `declare`.
            if resourceDecls[resource.name.value] == nil { resourceDecls[resource.name.value] = resource }
        }
        for object in schema.objects { declare(object.name, .object(object.name.location)) }
        for decl in schema.enums { declare(decl.name, .enumeration(decl.name.location)) }
        enumDeclarations = schema.enums
        for request in schema.requests { declare(request.name, .request(request.name.location)) }
        for union in schema.unions {
            declare(union.name, .union(union.name.location))
            if unionDecls[union.name.value] == nil, symbols[union.name.value] != nil {
                unionDecls[union.name.value] = union
                unionOrder.append(union.name.value)
            }
        }
        // An inline polymorphic relationship (`toOne: [Book, Film]`) declares the union `<Owner><Name>`.
        for resource in schema.resources where format != .hal {  // hal: an error at the relationship
            for relationship in resource.relationships where !relationship.targets.isEmpty {
                let name = SwiftNaming.typeName(resource.name.value) + SwiftNaming.typeName(relationship.name.value)
                let located = Located(name, at: relationship.name.location, isVerbatim: false)
                guard symbols[name] == nil else {
                    diagnostics.emit(.error("the polymorphic relationship '\(relationship.name.value)' of '\(resource.name.value)' declares the union '\(name)', a name that is already taken; declare the union under 'unions:' with another name and use it as the target", at: relationship.name.location, notes: symbols[name].map { [.note("'\(name)' declared here", at: $0.location)] } ?? []))
                    continue
                }
                declare(located, .union(relationship.name.location))
                guard symbols[name] != nil else { continue }
                var union = UnionDecl(name: located)
                union.members = relationship.targets
                union.membersLocation = relationship.target?.location
                union.description = "What the polymorphic relationship `\(relationship.name.value)` of ``\(SwiftNaming.typeName(resource.name.value))`` points to."
                unionDecls[name] = union
                unionOrder.append(name)
                inlineUnionNames[InlineUnionKey(owner: resource.name.value, relationship: relationship.name.value)] = name
                inlineUnionKeyPaths[name] = "resources.\(resource.name.value).relationships.\(relationship.name.value)"
            }
        }
    }

    /// The Swift type name of a declared type.
    func swiftTypeName(_ name: String) -> String { SwiftNaming.typeName(name) }

    /// Reports a schema type name that cannot be a Swift type name in generated code; returns whether
    /// it can. `kind` names what is declared (`resource`, `API name`) for the message.
    @discardableResult
    func checkTypeName(_ name: Located<String>, kind: String) -> Bool {
        let swiftName = SwiftNaming.typeName(name.value)
        let why: String
        if swiftName == "_" {
            why = "it has no letter or digit to make a Swift name of"
        } else if SwiftNaming.keywords.contains(swiftName) || SwiftNaming.reservedMemberNames.contains(swiftName) {
            why = "'\(swiftName)' is a Swift keyword"
        } else if BuiltinType(rawValue: swiftName) != nil || swiftName == "File" {
            why = "'\(swiftName)' is a built-in type of the schema language"
        } else if let reason = generatedNames.typeNames[swiftName] {
            why = reason.explanation(for: swiftName)
        } else {
            return true
        }
        let becomes = swiftName == name.value || swiftName == "_" ? "" : " (Swift name '\(swiftName)')"
        diagnostics.emit(.error("\(kind) '\(name.value)'\(becomes) cannot be declared: \(why); rename it", at: name.location))
        return false
    }

    /// Marks every member name that generated code takes in types of this kind as taken in `scope`.
    func reserveGeneratedMembers(_ kind: GeneratedNames.MemberKind, in scope: inout NameScope) {
        for (name, reason) in (generatedNames.memberNames[kind] ?? [:]).sorted(by: { $0.key < $1.key }) {
            scope.reserve(name, as: reason.explanation(for: name))
        }
    }

    // MARK: objects and enums

    private func validateObject(_ decl: ObjectDecl) -> ObjectInfo {
        var scope = NameScope("attribute", of: decl.name.value)
        reserveGeneratedMembers(.objectMember, in: &scope)
        let keyPath = "objects.\(decl.name.value)"
        let attributes = validateAttributes(decl.attributes, keyPath: keyPath + ".attributes", scope: &scope)
        return ObjectInfo(name: swiftTypeName(decl.name.value), description: decl.description, attributes: attributes)
    }

    func validateEnum(_ decl: EnumDecl) -> EnumInfo? {
        var scope = NameScope("case", of: decl.name.value, fix: "name the case explicitly: '- otherName: value'")
        reserveGeneratedMembers(.enumCase, in: &scope)
        var values: [String: SourceLocation] = [:]
        var cases: [EnumInfo.Case] = []
        if decl.values.isEmpty {
            diagnostics.emit(.error("enum '\(decl.name.value)' has no values", at: decl.name.location))
        }
        for value in decl.values {
            if let first = values[value.value.value] {
                diagnostics.emit(.error("duplicate value '\(value.value.value)' in enum '\(decl.name.value)'", at: value.value.location, notes: [.note("first listed here", at: first)]))
                continue
            }
            values[value.value.value] = value.value.location
            let source = value.caseName ?? value.value
            let swiftName = SwiftNaming.memberName(source.value)
            if SwiftNaming.reservedMemberNames.contains(swiftName) {
                diagnostics.emit(.error("enum value '\(source.value)' would become the case name '\(swiftName)', which Swift reserves; name the case: '- otherName: \(value.value.value)'", at: source.location))
                continue
            }
            guard scope.claim(swiftName, for: source.value, at: source.location, diagnostics: diagnostics) else { continue }
            cases.append(.init(swiftName: swiftName, value: value.value.value))
        }
        return EnumInfo(name: swiftTypeName(decl.name.value), description: decl.description, cases: cases)
    }
}
