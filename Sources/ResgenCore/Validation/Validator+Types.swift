/// Type spellings and attribute declarations.
extension Validator {
    /// Where a type appears, which decides what it may be.
    enum TypeUse {
        /// A resource or object attribute: anything but `File`.
        case attribute
        /// A request body or response: anything but `File`.
        case payload
        /// A path parameter, header or form field: one scalar value.
        case parameter
        /// A query item: a scalar or an array of scalars.
        case query
        /// A multipart part: a scalar or `File`.
        case multipart
        /// A resource id.
        case identifier
    }

    /// Resolves a type spelling, reporting syntax errors and unknown names (with a did-you-mean).
    func resolveType(_ spelling: Located<String>, use: TypeUse) -> TypeRef? {
        let parsed: TypeSpelling
        do {
            parsed = try TypeSpelling.parse(spelling.value)
        } catch {
            diagnostics.emit(.error("invalid type '\(spelling.value)': \(error.message)", at: spelling.location))
            return nil
        }
        guard let type = resolve(parsed, in: spelling) else { return nil }
        let fits: Bool
        let expectation: String
        switch use {
        case .attribute, .payload:
            fits = !type.containsFile
            expectation = "'File' is only allowed for multipart parts"
        case .parameter:
            fits = type.isParameterValue
            expectation = "a path parameter, header or form field is one value: a built-in scalar (not Data) or an enum"
        case .query:
            fits = type.isQueryValue
            expectation = "a query item is a built-in scalar (not Data), an enum, or an array of them"
        case .multipart:
            fits = type.isParameterValue || type.unwrapped == .file
            expectation = "a multipart part is 'File', a built-in scalar (not Data) or an enum"
        case .identifier:
            fits = BuiltinType.identifierTypes.map(TypeRef.builtin).contains(type)
            expectation = "an id is String, Int, Int32, Int64 or UUID"
        }
        guard fits else {
            diagnostics.emit(.error("type '\(spelling.value)' is not allowed here; \(expectation)", at: spelling.location))
            return nil
        }
        return type
    }

    private func resolve(_ spelling: TypeSpelling, in source: Located<String>) -> TypeRef? {
        switch spelling {
        case .optional(let wrapped):
            guard let inner = resolve(wrapped, in: source) else { return nil }
            if inner.isOptional {
                diagnostics.emit(.error("invalid type '\(source.value)': a type is optional once ('T?'), not '\(source.value)'", at: source.location))
                return nil
            }
            return .optional(inner)
        case .array(let element):
            return resolve(element, in: source).map { .array($0) }
        case .dictionary(let key, let value):
            guard case .named("String", _) = key else {
                var at = source.location
                if case .named(_, let offset) = key { at = source.location(atOffset: offset) }
                diagnostics.emit(.error("invalid type '\(source.value)': dictionary keys must be 'String' (JSON object keys)", at: at))
                return nil
            }
            return resolve(value, in: source).map { .dictionary($0) }
        case .named(let name, let offset):
            if let builtin = BuiltinType(rawValue: name) { return .builtin(builtin) }
            if name == "File" { return .file }
            switch symbols[name] {
            case .resource, .union: return .resource(swiftTypeName(name))
            case .object: return .object(swiftTypeName(name))
            case .enumeration: return .enumeration(swiftTypeName(name))
            case .request:
                diagnostics.emit(.error("'\(name)' is a request, not a type", at: source.location(atOffset: offset)))
                return nil
            case nil:
                let candidates = BuiltinType.allCases.map(\.rawValue) + symbols.keys.filter { if case .request = symbols[$0] { false } else { true } }.sorted()
                let hint = Suggestion.hint(for: name, in: candidates)
                diagnostics.emit(.error("unknown type '\(name)'\(hint)", at: source.location(atOffset: offset)))
                return nil
            }
        }
    }

    /// Validates attributes (or parameters) into properties, claiming their Swift names in `scope`.
    ///
    /// - Parameter takenWireKeys: Wire keys generated code already maps next to these attributes, with
    ///   the coding-keys enum it maps them in (``GeneratedNames/wireKeys``).
    func validateAttributes(
        _ decls: [AttributeDecl], keyPath: String, use: TypeUse = .attribute, scope: inout NameScope, takenWireKeys: [String: String] = [:]
    ) -> [PropertyInfo] {
        var wireKeys: [String: SourceLocation] = [:]
        var result: [PropertyInfo] = []
        for decl in decls {
            let name = decl.name
            let swiftName = SwiftNaming.memberName(name.value)
            if SwiftNaming.reservedMemberNames.contains(swiftName) {
                diagnostics.emit(.error("'\(name.value)' cannot be a Swift property name; rename it and set 'key: \(name.value)' to keep the wire name", at: name.location))
                continue
            }
            guard scope.claim(swiftName, for: name.value, at: name.location, diagnostics: diagnostics) else { continue }
            let wireKey = decl.key?.value ?? name.value
            if let first = wireKeys[wireKey] {
                diagnostics.emit(.error("wire key '\(wireKey)' is used twice in '\(keyPath)'", at: decl.key?.location ?? name.location, notes: [.note("first used here", at: first)]))
                continue
            }
            wireKeys[wireKey] = decl.key?.location ?? name.location
            if let codingKeys = takenWireKeys[wireKey] {
                reportTakenWireKey(wireKey, of: "attribute '\(name.value)'" + (scope.owner.map { " of '\($0)'" } ?? ""), in: codingKeys, at: decl.key?.location ?? name.location)
                continue
            }
            let spelling = decl.type ?? (decl.fixedValue != nil ? Located("String", at: name.location) : nil)
            guard let spelling, let type = resolveType(spelling, use: use) else { continue }
            var property = PropertyInfo(
                name: name.value, swiftName: swiftName, wireKey: wireKey, type: type, description: decl.description,
                defaultValue: nil, readOnly: decl.readOnly, fixedValue: decl.fixedValue?.value, keyPath: "\(keyPath).\(name.value)")
            if let node = decl.defaultValue {
                guard let value = defaultValue(node, for: type, spelling: spelling.value) else { continue }
                property.defaultValue = value
            }
            if decl.writeOnly {
                guard writeOnlyFits(decl, use: use) else { continue }
                property.writeOnly = true
            }
            if let node = decl.dateFormat {
                guard let format = attributeDateFormat(node, for: type, spelling: spelling.value, use: use) else { continue }
                property.dateFormat = format
            }
            result.append(property)
        }
        return result
    }

    /// Whether `writeOnly: true` may stand on `decl`: on an attribute that is not also read-only.
    private func writeOnlyFits(_ decl: AttributeDecl, use: TypeUse) -> Bool {
        let location = decl.writeOnlyLocation ?? decl.name.location
        guard use == .attribute else {
            diagnostics.emit(.error("'writeOnly' applies to attributes, not to '\(decl.name.value)'; a request parameter is always sent", at: location))
            return false
        }
        guard !decl.readOnly else {
            diagnostics.emit(.error("attribute '\(decl.name.value)' cannot be both 'readOnly' and 'writeOnly'; the server sets a read-only attribute and never returns a write-only one", at: location))
            return false
        }
        return true
    }

    /// Checks `dateFormat:` (a format name, `{ pattern: … }`, or a list of them) and that it stands on
    /// a `Date` or `Date?`. A request parameter takes it too (a `Date` there is otherwise ISO 8601).
    private func attributeDateFormat(_ node: RawNode, for type: TypeRef, spelling: String, use: TypeUse) -> AttributeDateFormat? {
        guard type.unwrapped == .builtin(.date) else {
            let what = use == .attribute ? "attribute" : "parameter"
            diagnostics.emit(.error("'dateFormat' applies to a 'Date' or 'Date?' \(what), not to '\(spelling)'", at: node.location))
            return nil
        }
        guard let elements = node.elements else { return singleDateFormat(node) }
        // Every element is checked, so a list reports all its mistakes at once.
        let formats = elements.map(singleDateFormat)
        guard !formats.contains(where: { $0 == nil }) else { return nil }
        let checked = formats.compactMap { $0 }
        guard let first = checked.first else {
            diagnostics.emit(.error("'dateFormat' lists no format; name one or more (the first is the one written)", at: node.location))
            return nil
        }
        if let other = zip(elements, checked).first(where: { $0.1.isNumeric != first.isNumeric }) {
            diagnostics.emit(.error("the formats of one 'dateFormat' list must all be numbers or all strings: a date on the wire is one or the other", at: other.0.location))
            return nil
        }
        if checked.count == 1 { return first }
        return .anyOf(checked)
    }

    /// One format of `dateFormat:`: a name or `{ pattern: … }`.
    private func singleDateFormat(_ node: RawNode) -> AttributeDateFormat? {
        if let name = node.scalar {
            if name == "date" { return .date }
            if let format = DateFormat(rawValue: name) { return .api(format) }
            let hint = Suggestion.hint(for: name, in: AttributeDateFormat.names)
            let fallback = hint.isEmpty ? "; write a custom pattern as '{ pattern: dd.MM.yyyy }'" : hint
            diagnostics.emit(.error("unknown dateFormat '\(name)'\(fallback)", at: node.location))
            return nil
        }
        guard var reader = MappingReader(node, shape: .datePattern, context: "dateFormat", diagnostics: diagnostics) else { return nil }
        defer { reader.finish() }
        guard let pattern = reader.string("pattern"), !pattern.value.isEmpty else {
            diagnostics.emit(.error("'dateFormat' is a format name (\(AttributeDateFormat.names.map { "'\($0)'" }.joined(separator: ", "))) or '{ pattern: … }' with a non-empty pattern", at: node.location))
            return nil
        }
        return .pattern(pattern.value)
    }

    /// Reports a wire key that generated code already maps in the coding-keys enum `codingKeys`;
    /// `member` says whose key it is ("attribute 'a'").
    func reportTakenWireKey(_ wireKey: String, of member: String, in codingKeys: String, at location: SourceLocation) {
        diagnostics.emit(.error("\(member) has wire key '\(wireKey)', which generated code already maps in '\(codingKeys)'; set another 'key'", at: location))
    }

    /// Checks a `default:` node against `type`.
    func defaultValue(_ node: RawNode, for type: TypeRef, spelling: String) -> DefaultValue? {
        func mismatch(_ why: String = "") -> DefaultValue? {
            let shown = node.scalar.map { "'\($0)'" } ?? node.kindDescription
            diagnostics.emit(.error("default value \(shown) does not fit type '\(spelling)'\(why)", at: node.location))
            return nil
        }
        if node.isNull { return type.isOptional ? .null : mismatch("; only an optional type defaults to null") }
        let quoted = "; the quotes make it a string, write it without them"
        switch type.unwrapped {
        case .array: return node.elements?.isEmpty == true ? .emptyArray : mismatch("; an array default is '[]'")
        case .dictionary: return node.entries?.isEmpty == true ? .emptyDictionary : mismatch("; a dictionary default is '{}'")
        case .enumeration(let name):
            guard let text = node.scalar else { return mismatch() }
            guard let decl = enumDecl(named: name), let value = decl.values.first(where: { $0.value.value == text }) else {
                let values = enumDecl(named: name)?.values.map(\.value.value) ?? []
                return mismatch(Suggestion.closest(to: text, in: values).map { "; did you mean '\($0)'?" } ?? "; it is not one of the enum's values")
            }
            return .enumCase(SwiftNaming.memberName((value.caseName ?? value.value).value))
        case .builtin(let builtin):
            guard case .scalar(let text, let plain) = node.kind else { return mismatch() }
            switch builtin {
            case .string: return .string(text)
            case .bool:
                if plain, text == "true" || text == "false" { return .bool(text == "true") }
                if plain, ScalarReader.yaml11Booleans.contains(text) {
                    let meant = ["yes", "y", "on"].contains(text.lowercased()) ? "true" : "false"
                    diagnostics.emit(.error("'\(text)' is a YAML 1.1 boolean, which resgen does not accept for a 'Bool' default; write '\(meant)'", at: node.location))
                    return nil
                }
                return mismatch(!plain && (text == "true" || text == "false") ? quoted : "")
            case .int, .int32, .int64:
                // The literal must fit the type, or the user's build fails on an overflowing literal.
                let fits = builtin == .int32 ? Int32(text) != nil : Int64(text) != nil
                if fits { return plain ? .integer(text) : mismatch(quoted) }
                return mismatch(Int64(text) != nil || text.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" }) ? "; it is out of the type's range" : "")
            case .double, .float, .decimal:
                guard Double(text) != nil, !text.contains(where: \.isLetter) else { return mismatch() }
                // Finite in the type; a Decimal's integer literal goes through Int, its fraction through Double.
                let fits = switch builtin {
                case .float: Float(text)?.isFinite == true
                case .decimal: text.contains(".") ? Double(text)?.isFinite == true : Int64(text) != nil
                default: Double(text)?.isFinite == true
                }
                guard fits else { return mismatch("; it is out of the type's range") }
                return plain ? .number(text) : mismatch(quoted)
            case .url: return URLSyntax.isURL(text) ? .url(text) : mismatch()
            case .uuid: return URLSyntax.isUUID(text) ? .uuid(text) : mismatch()
            case .date, .data: return mismatch("; defaults are not supported for \(builtin.rawValue)")
            }
        default:
            return mismatch("; defaults are supported for scalars, enums, '[]' and '{}'")
        }
    }

    /// The enum declaration whose Swift name is `swiftName`.
    private func enumDecl(named swiftName: String) -> EnumDecl? {
        enumDeclarations.first { swiftTypeName($0.name.value) == swiftName }
    }
}

extension TypeRef {
    /// Whether `File` appears anywhere in the type.
    var containsFile: Bool {
        switch self {
        case .file: true
        case .optional(let inner), .array(let inner), .dictionary(let inner): inner.containsFile
        default: false
        }
    }
}
