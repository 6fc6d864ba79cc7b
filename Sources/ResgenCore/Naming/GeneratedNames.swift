import Foundation

/// The names a schema cannot give its types and members, because generated code already uses them —
/// derived from what generated code actually is, never kept by hand.
///
/// Sources:
/// - **The templates a run renders with** (user overrides included), through the real translator and
///   renderer: a fixed *probe* schema (`GeneratedNames+Probe.swift`) whose own names all contain
///   `probe` is rendered for the API's wire format, and ``SwiftDeclarationScanner`` reads the output.
///   Every other capitalized identifier there is a type generated code names (Swift's, Foundation's,
///   ResgenRuntime's, or one it declares itself such as `Include`); a schema type of that name would
///   hide it. Every member that a generated type declares next to a probe member is one that the
///   schema's members of that kind cannot take (`id`, `links`, `knownCases`, `halLinks`).
/// - **ResgenRuntime's public declarations** (``RuntimeSymbols``, generated from its symbol graph):
///   the protocols the generated types conform to, with those of the standard library they refine.
///   Their associated types (`ID`, `Parent`) resolve inside every conforming type, and their instance
///   properties (`hashValue`, `id`) clash with a stored property of the same name.
///
/// Only what breaks is reserved: a resource may be called `Page` or `Client`, since generated code
/// never names those runtime types; a property may be called `encode` or `show`, since a method of
/// the same base name does not clash with it. `HostileNamesCompileTests` typechecks that.
package struct GeneratedNames: Sendable {
    /// Why a name is taken, for the diagnostic.
    package enum Reason: Hashable, Sendable {
        /// Generated code names ResgenRuntime's type of that name.
        case runtimeType
        /// Generated code names Swift's or Foundation's type of that name.
        case swiftType
        /// Generated code declares a type of that name inside generated types.
        case generatedType
        /// An associated type of a protocol that generated types conform to.
        case associatedType(protocol: String)
        /// Generated code declares a member of that name in the same type.
        case generatedMember
        /// A protocol the generated type conforms to requires or provides a property of that name.
        case protocolProperty(protocol: String)

        /// Words for a diagnostic: "generated code uses ResgenRuntime's 'ToOne'".
        func explanation(for name: String) -> String {
            switch self {
            case .runtimeType: "generated code uses ResgenRuntime's '\(name)'"
            case .swiftType: "generated code uses Swift's or Foundation's '\(name)'"
            case .generatedType: "generated code declares its own '\(name)' inside generated types"
            case .associatedType(let owner): "generated types conform to '\(owner)', whose associated type '\(name)' it would hide"
            case .generatedMember: "generated code declares its own '\(name)' in the same type"
            case .protocolProperty(let owner): "'\(owner)', which the generated type conforms to, has a property '\(name)'"
            }
        }
    }

    /// The kinds of schema names that become members of generated types.
    package enum MemberKind: Hashable, Sendable {
        /// Attributes of a resource.
        case resourceAttribute
        /// Relationships of a resource.
        case resourceRelationship
        /// Attributes of an object.
        case objectMember
        /// Enum values (cases).
        case enumCase
        /// Include sets (cases of `Include`).
        case includeSet
        /// Links (cases of `Link`).
        case link
        /// Parameters (path, query, headers, form fields, parts) of a request with this kind of body.
        case requestParameter(RequestBodyKind)
    }

    /// A request's body, which decides the members its type gets.
    package enum RequestBodyKind: Hashable, Sendable, CaseIterable {
        case none, json, form, multipart, raw
    }

    /// Type names a schema cannot declare.
    package var typeNames: [String: Reason] = [:]
    /// Member names per kind of schema name.
    var memberNames: [MemberKind: [String: Reason]] = [:]
    /// Wire keys per kind of schema name that generated code already maps in the same coding keys
    /// (`_links` in HAL's `HALCodingKeys`, `id`), with the name of that enum: a raw value twice does not
    /// compile.
    package var wireKeys: [MemberKind: [String: String]] = [:]

    /// Why `name` cannot be a member of kind `kind`, or nil when it can.
    package func reason(forMember name: String, kind: MemberKind) -> Reason? {
        memberNames[kind]?[name]
    }

    /// Reads the names off the scanned probe output.
    init(scanning code: SwiftDeclarationScanner) {
        // Sorted, so which protocol or enum a reason names does not depend on dictionary order.
        let scopes = code.types.values.sorted { $0.name < $1.name }
        let declaredTypes = Set(scopes.flatMap { scope in scope.members.filter { $0.kind == .type }.map(\.name) })
        let notTypes = code.genericParameters.union(code.importedModules)
        for identifier in code.identifiers where !Probe.isProbeName(identifier) && !notTypes.contains(identifier) {
            guard let first = identifier.unicodeScalars.first, first.properties.isUppercase else { continue }
            typeNames[identifier] =
                declaredTypes.contains(identifier) ? .generatedType : RuntimeSymbols.typeNames.contains(identifier) ? .runtimeType : .swiftType
        }
        for scope in scopes {
            for (owner, protocolInfo) in Self.protocols(conformedBy: scope.conformances) {
                for name in protocolInfo.associatedTypes where typeNames[name] == nil { typeNames[name] = .associatedType(protocol: owner) }
            }
        }
        for (kind, marker, scopeName) in Probe.markers {
            var reserved: [String: Reason] = [:]
            for scope in scopes where scopeName.map({ scope.name == $0 }) ?? true {
                let markerKinds = Set(scope.members.filter { $0.name == marker }.map(\.kind))
                guard !markerKinds.isEmpty else { continue }
                for member in scope.members where !Probe.isProbeName(member.name) && markerKinds.contains(member.kind) {
                    if member.kind == .instanceProperty || member.kind == .typeMember { reserved[member.name] = .generatedMember }
                }
                // An enum with raw type String whose cases the markers are: its other raw values.
                if markerKinds.contains(.typeMember), scope.conformances.first == "String" {
                    let codingKeys = String(scope.name.split(separator: ".").last ?? "")
                    for member in scope.members where member.kind == .typeMember && !Probe.isProbeName(member.name) {
                        let wireKey = member.rawValue ?? member.name
                        if wireKeys[kind]?[wireKey] == nil { wireKeys[kind, default: [:]][wireKey] = codingKeys }
                    }
                }
                guard markerKinds.contains(.instanceProperty) else { continue }
                for (owner, protocolInfo) in Self.protocols(conformedBy: scope.conformances) {
                    for name in protocolInfo.instanceProperties where reserved[name] == nil { reserved[name] = .protocolProperty(protocol: owner) }
                }
            }
            memberNames[kind, default: [:]].merge(reserved) { first, _ in first }
        }
    }

    /// Every protocol in ``RuntimeSymbols`` that a type with these conformances conforms to, with
    /// the ones they refine, by name; in a stable order.
    static func protocols(conformedBy conformances: [String]) -> [(String, RuntimeProtocol)] {
        var seen: Set<String> = []
        var result: [(String, RuntimeProtocol)] = []
        var pending = conformances
        while let name = pending.first {
            pending.removeFirst()
            guard seen.insert(name).inserted, let info = RuntimeSymbols.protocols[name] else { continue }
            result.append((name, info))
            pending += info.refines
        }
        return result
    }

    /// Creates an empty set of names.
    init() {}
}
