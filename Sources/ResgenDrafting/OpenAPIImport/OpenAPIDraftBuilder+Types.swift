import ResgenCore
import Foundation
import OpenAPIKit

/// JSON Schemas to the schema language's types: scalars by `type` and `format`, string enums, nested
/// objects (named after their component), arrays and dictionaries; optional unless required and not
/// nullable. What has no type there (`oneOf` without a discriminator, a free-form object) is left out
/// with the reason, and a warning at its pointer.
extension OpenAPIDraftBuilder {
    /// A type spelling, or why none fits.
    enum Spelled {
        case type(String, dateFormat: String?, note: String?)
        case none(String)
    }

    /// The attribute `wireKey` of `owner` (a resource, an object, a request's parameters).
    mutating func attribute(
        _ wireKey: String, schema: OASchema, pointer: JSONPointer, required: Bool, owner: String,
        kind: GeneratedNames.MemberKind,
        members: inout NameAllocator
    ) -> Draft.Attribute {
        let name = members.claim(
            DraftBuilder.stableMemberName(wireKey), suffix: "Value", normalize: DraftBuilder.stableMemberName
        ) { isAllowedMember($0, kind: kind) }
        let isModelMember = kind == .resourceAttribute || kind == .objectMember
        if (isModelMember && wireKey == "id") || reserved.wireKeys[kind]?[wireKey] != nil {
            return Draft.Attribute(
                name: name, key: wireKey,
                comment: "the wire key '\(wireKey)' is one generated code maps itself (\(pointer))")
        }
        guard let resolved = resolver.resolve(schema, at: pointer, warnings: &warnings) else {
            return Draft.Attribute(name: name, key: wireKey, comment: "its schema cannot be resolved (\(pointer))")
        }
        var attribute = Draft.Attribute(name: name, key: wireKey, comment: nil)
        attribute.description = resolved.description
        switch spell(resolved, stem: DraftBuilder.stableTypeName(owner + SwiftNaming.typeName(wireKey))) {
        case .none(let reason):
            warnings.add(resolved.pointer, reason)
            attribute.comment = "\(reason) (\(resolved.pointer))"
            return attribute
        case .type(let spelling, _, _) where objectsBeingBuilt.contains(spelling):
            // A struct cannot hold itself (`next: Node?` in `Node`); an array of itself is fine.
            let reason = "a $ref cycle: '\(spelling)' would contain itself (use an array or a relationship)"
            warnings.add(pointer, reason)
            attribute.comment = "\(reason) (\(pointer))"
            return attribute
        case .type(let spelling, let dateFormat, let note):
            let optional = !required || resolved.nullable
            attribute.type = spelling + (optional ? "?" : "")
            attribute.dateFormat = dateFormat
            attribute.comment = note
        }
        if resolved.readOnly, resolved.writeOnly {
            warnings.add(resolved.pointer, "both readOnly and writeOnly: neither is kept")
        } else {
            attribute.readOnly = resolved.readOnly
            attribute.writeOnly = resolved.writeOnly
        }
        if let value = resolved.defaultValue, let type = attribute.type {
            attribute.defaultValue = defaultText(value.value, type: type)
            if attribute.defaultValue == nil {
                attribute.comment = [
                    attribute.comment,
                    "its default \(String(describing: value.value)) is not written: it does not fit \(type)",
                ].compactMap { $0 }.joined(separator: "; ")
            }
        }
        return attribute
    }

    /// Whether `name` can be an enum case as written: `unknown` is the catch-all's (`id` is fine here).
    func isAllowedCase(_ name: String) -> Bool {
        SwiftNaming.memberName(name) == name && SwiftNaming.isIdentifier(name) && !SwiftNaming.reservedMemberNames.contains(name)
            && reserved.reason(forMember: name, kind: .enumCase) == nil && name != "unknown"
    }

    func isAllowedMember(_ name: String, kind: GeneratedNames.MemberKind) -> Bool {
        SwiftNaming.memberName(name) == name && SwiftNaming.isIdentifier(name)
            && !SwiftNaming.reservedMemberNames.contains(name) && name != "id"
            && reserved.reason(forMember: name, kind: kind) == nil
    }

    /// The type of `resolved`; new objects and enums are named after their component, else `stem`.
    mutating func spell(_ resolved: ResolvedSchema, stem: String) -> Spelled {
        switch resolved.schema.value {
        case .boolean:
            return .type("Bool", dateFormat: nil, note: nil)
        case .integer(let core, _):
            switch core.format {
            case .int32: return .type("Int32", dateFormat: nil, note: nil)
            case .int64: return .type("Int64", dateFormat: nil, note: nil)
            default: return .type("Int", dateFormat: nil, note: nil)
            }
        case .number(let core, _):
            return .type(core.format == .float ? "Float" : "Double", dateFormat: nil, note: nil)
        case .string(let core, _):
            if let values = core.allowedValues {
                let strings = values.compactMap { $0.value as? String }
                if strings.count == values.count, strings.count >= 2 {
                    return enumType(strings, resolved: resolved, stem: stem)
                }
                if strings.count == 1 {
                    return .type("String", dateFormat: nil, note: "always '\(TerminalSafe.text(strings[0]))'")
                }
            }
            switch core.formatString?.lowercased() {
            case "date-time": return .type("Date", dateFormat: nil, note: nil)
            case "date": return .type("Date", dateFormat: "date", note: nil)
            case "uri", "url": return .type("URL", dateFormat: nil, note: nil)
            case "uuid": return .type("UUID", dateFormat: nil, note: nil)
            default: return .type("String", dateFormat: nil, note: nil)
            }
        case .object(_, let context):
            if !context.properties.isEmpty { return object(resolved, stem: stem) }
            if case .b(let values)? = context.additionalProperties,
                let value = resolver.resolve(values, at: resolved.pointer / "additionalProperties", warnings: &warnings)
            {
                switch spell(value, stem: DraftBuilder.stableTypeName(stem + "Value")) {
                case .type(let spelling, let dateFormat, _) where dateFormat == nil:
                    return .type("[String: \(spelling + (value.nullable ? "?" : ""))]", dateFormat: nil, note: nil)
                case .type: return .none("a dictionary of calendar dates: dateFormat applies to single dates only")
                case .none(let reason): return .none("a dictionary whose values are " + reason)
                }
            }
            return .none("a free-form object: no type of the schema language fits")
        case .array(_, let context):
            guard let items = context.items,
                let item = resolver.resolve(items, at: resolved.pointer / "items", warnings: &warnings)
            else {
                return .none("an array without 'items': the element type is unknown")
            }
            switch spell(item, stem: DraftBuilder.stableTypeName(Inflection.singular(stem))) {
            case .type(let spelling, let dateFormat, _):
                guard dateFormat == nil else {
                    return .none("an array of calendar dates: dateFormat applies to single dates only")
                }
                return .type("[\(spelling + (item.nullable ? "?" : ""))]", dateFormat: nil, note: nil)
            case .none(let reason):
                return .none("an array whose elements are " + reason)
            }
        case .all(let members, _):
            return members.isEmpty ? .none("an empty allOf") : object(resolved, stem: stem)
        case .one(_, let core), .any(_, let core):
            let keyword: String
            if case .one = resolved.schema.value { keyword = "oneOf" } else { keyword = "anyOf" }
            if core.discriminator != nil {
                return .none("\(keyword) with a discriminator: plain JSON unions are not in the schema language")
            }
            return .none("\(keyword) without a discriminator: no one type fits")
        case .null:
            return .none("always null: the type cannot be seen")
        case .not:
            return .none("a 'not' schema: no type fits")
        case .fragment, .reference:
            return .none("a schema without a type")
        }
    }

    /// A value object for an object schema (the members of an `allOf` merged).
    private mutating func object(_ resolved: ResolvedSchema, stem: String) -> Spelled {
        if let component = resolved.component, let known = componentTypes[component] {
            return .type(known, dateFormat: nil, note: nil)
        }
        let name = claimTypeName(resolved.component.map(DraftBuilder.stableTypeName) ?? stem, suffix: "Object")
        if let component = resolved.component { componentTypes[component] = name }
        var members = NameAllocator()
        let required = requiredProperties(of: resolved)
        var attributes: [Draft.Attribute] = []
        objectsBeingBuilt.append(name)
        defer { objectsBeingBuilt.removeLast() }
        // HAL's `_links` and `_embedded` are the format's, never members.
        for property in properties(of: resolved)
        where format != .hal || (property.name != "_links" && property.name != "_embedded") {
            attributes.append(
                attribute(
                    property.name, schema: property.schema, pointer: property.pointer,
                    required: required.contains(property.name), owner: name, kind: .objectMember, members: &members))
        }
        guard attributes.contains(where: { $0.type != nil }) else {
            if let component = resolved.component { componentTypes[component] = nil }
            return .none("an object with no member of a known type")
        }
        objects.append(
            Draft.Object(
                name: name, comment: "\(resolved.pointer)", attributes: attributes,
                description: resolved.schema.description ?? resolved.description))
        return .type(name, dateFormat: nil, note: nil)
    }

    /// The required property names of an object schema (of every member of an `allOf`).
    func requiredProperties(of resolved: ResolvedSchema) -> Set<String> {
        Set(properties(of: resolved).filter { $0.schema.required }.map(\.name))
    }

    private mutating func enumType(_ values: [String], resolved: ResolvedSchema, stem: String) -> Spelled {
        if let component = resolved.component, let known = componentTypes[component] {
            return .type(known, dateFormat: nil, note: nil)
        }
        let name = claimTypeName(resolved.component.map(DraftBuilder.stableTypeName) ?? stem, suffix: "Enum")
        if let component = resolved.component { componentTypes[component] = name }
        var item = Draft.Enum(
            name: name, comment: "\(resolved.pointer)", values: DocumentReader.unique(values),
            description: resolved.schema.description ?? resolved.description)
        // A value whose case name another value already takes, or that is not allowed, is named explicitly.
        var cases = NameAllocator()
        for value in item.values {
            let derived = DraftBuilder.stableMemberName(value)
            let claimed = cases.claim(derived, suffix: "Value", normalize: DraftBuilder.stableMemberName) {
                isAllowedCase($0)
            }
            if claimed != derived { item.caseNames[value] = claimed }
        }
        enums.append(item)
        return .type(name, dateFormat: nil, note: nil)
    }

    /// A free type name from `stem`.
    mutating func claimTypeName(_ stem: String, suffix: String) -> String {
        let reserved = reserved
        return typeNames.claim(stem, suffix: suffix, normalize: DraftBuilder.stableTypeName) {
            DraftBuilder.isAllowedTypeName($0, reserved: reserved)
        }
    }

    /// `value` as YAML text when it fits `type` (a scalar, an enum's value, `[]`, `{}`, `null`), else nil.
    func defaultText(_ value: Any, type: String) -> String? {
        let base = type.hasSuffix("?") ? String(type.dropLast()) : type
        if value is NSNull || String(describing: value) == "nil" { return type.hasSuffix("?") ? "null" : nil }
        switch base {
        case "Bool": return (value as? Bool).map { $0 ? "true" : "false" }
        case "Int", "Int32", "Int64":
            if let int = value as? Int { return String(int) }
            if let double = value as? Double, double == double.rounded(), abs(double) < 1e15 {
                return String(Int(double))
            }
            return nil
        case "Double", "Float":
            if let int = value as? Int { return String(int) }
            return (value as? Double).map { String($0) }
        case "String", "URL", "UUID":
            return (value as? String).map(YAMLText.quoted)
        default:
            if base.hasPrefix("[") {
                if let array = value as? [Any], array.isEmpty { return base.contains(":") ? nil : "[]" }
                if let object = value as? [String: Any], object.isEmpty, base.contains(":") { return "{}" }
                return nil
            }
            if let item = enums.first(where: { $0.name == base }), let string = value as? String,
                item.values.contains(string)
            {
                return YAMLText.quoted(string)
            }
            return nil
        }
    }
}
