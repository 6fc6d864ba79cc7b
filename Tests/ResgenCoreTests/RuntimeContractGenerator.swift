import Foundation
@testable import ResgenCore

/// Derives the contract between generated code and the runtime (`Sources/ResgenCore/Naming/RuntimeContract.swift`)
/// from what generated code is and what the runtime modules' symbol graphs declare, and finds where
/// the two disagree. See `RuntimeContractTests`.
///
/// Generated code is read as the probe's output (``GeneratedNames/Probe``: every feature of the
/// default templates, through the real Translator, both wire formats; `GeneratedNamesTests` keeps it
/// complete) and the committed generated sources (``generatedSourceFolders``). Names are tokens
/// (``SwiftDeclarationScanner/tokens(_:)``), not resolved declarations: a member is matched by its base
/// name, so the check is as precise as names are distinct, which the runtime's `Generated` names are.
enum RuntimeContractGenerator {
    /// The modules generated code is written against (`@_spi(Generated) import …`). When the runtime
    /// changes, list them here (`Tests/Tools/structure_report.py` reads the recorded list).
    static let runtimeModules = ["ResgenRuntimeCore", "ResgenHAL", "ResgenJSONAPI"]

    /// Modules besides the runtime's whose names generated code may use: the standard library and what
    /// `import Foundation` brings (on Linux, Foundation re-exports the Essentials module; modules the
    /// toolchain does not have are skipped).
    static let platformModules = ["Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization"]

    /// Committed generated sources, relative to the package root: the reference goldens and the
    /// integration package's checked-in client.
    static let generatedSourceFolders = ["Tests/ResgenReferenceTests/Resources/ReferenceSources", "IntegrationTest/Sources/ForumClient/Generated"]

    /// Words that are Swift syntax, not declarations in any module.
    static let keywords: Set<String> = ["Self", "Type", "Protocol", "self", "init", "super", "Any", "AnyObject"]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What the check finds.
    struct Result {
        /// Runtime types generated code names.
        var types: Set<String> = []
        /// Runtime members generated code names that neither Swift, Foundation nor generated code
        /// declares: `Type.member` where generated code qualifies it with a runtime type, `.member` otherwise.
        var members: Set<String> = []
        /// The runtime's `Generated` SPI declarations (those not inside another SPI declaration), as
        /// `Module: Type.member(labels:)`, with whether generated code uses each.
        var spi: [String: Bool] = [:]
        /// Names generated code uses that nothing declares: a runtime rename the templates or the
        /// Translator did not follow. `name → where`.
        var unresolved: [String: String] = [:]
        /// The runtime modules' top-level type names.
        var runtimeTypes: Set<String> = []
        /// Whether a runtime module declares a member of this base name (`.member`), or one of this
        /// type or a protocol it conforms to (`Type.member`).
        var runtimeDeclares: @Sendable (String) -> Bool = { _ in false }
    }

    /// The runtime's graphs, the platform's, and generated code (probe output and committed sources).
    static func check() async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var runtime: [SymbolGraphSet] = []
        for module in runtimeModules { runtime.append(try await SymbolGraphSet.extract(module, into: directory, minimumAccessLevel: "internal")) }
        var platform: [SymbolGraphSet] = []
        for module in platformModules {
            // Swift and Foundation must be there; the others only where the toolchain has them.
            do { platform.append(try await SymbolGraphSet.extract(module, into: directory)) } catch where module.hasPrefix("Foundation") && module != "Foundation" { continue }
        }
        var probe: [String] = []
        for format in WireFormat.allCases {
            guard let code = GeneratedNames.Probe.render(templates: .defaults, format: format) else { throw Failure(description: "the probe does not render for \(format)") }
            probe.append(code)
        }
        return derive(runtime: runtime, platform: platform, probe: probe, committed: try committedSources())
    }

    /// The committed generated sources' texts, by path.
    static func committedSources() throws -> [(path: String, text: String)] {
        var sources: [(String, String)] = []
        for folder in generatedSourceFolders {
            let root = packageRoot.appendingPathComponent(folder)
            guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { throw Failure(description: "\(folder) is missing") }
            for case let url as URL in enumerator where url.pathExtension == "swift" {
                sources.append((folder + "/" + url.path.dropFirst(root.path.count + 1), try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return sources.sorted { $0.0 < $1.0 }
    }

    static func derive(runtime: [SymbolGraphSet], platform: [SymbolGraphSet], probe: [String], committed: [(path: String, text: String)]) -> Result {
        var result = Result()
        let runtimeTypes = runtime.reduce(into: Set<String>()) { $0.formUnion($1.typeNames) }
        let runtimeNames = runtime.reduce(into: Set<String>()) { $0.formUnion($1.baseNames) }
        let platformNames = platform.reduce(into: Set<String>()) { $0.formUnion($1.baseNames) }
        // Members of each runtime type, and of the protocols it conforms to (any module's).
        var membersByType: [String: Set<String>] = [:]
        for graph in runtime + platform {
            for symbol in graph.symbols.values where symbol.pathComponents.count > 1 {
                membersByType[symbol.pathComponents[symbol.pathComponents.count - 2], default: []].insert(symbol.baseName)
            }
        }
        var conformances: [String: Set<String>] = [:]
        for graph in runtime {
            let names = { (id: String) in (runtime + platform).lazy.compactMap { $0.symbols[id]?.baseName }.first }
            conformances.merge(graph.conformances(names: names)) { $0.union($1) }
        }
        let conformed = conformances
        let members = membersByType
        @Sendable func isMember(_ member: String, of type: String) -> Bool {
            ([type] + (conformed[type] ?? [])).contains { members[$0]?.contains(member) ?? false }
        }
        result.runtimeTypes = runtimeTypes
        result.runtimeDeclares = { name in
            guard let dot = name.firstIndex(of: ".") else { return runtimeTypes.contains(name) }
            let member = String(name[name.index(after: dot)...])
            return dot == name.startIndex ? runtimeNames.contains(member) : isMember(member, of: String(name[..<dot]))
        }

        // Names and uses in generated code.
        var identifiers: Set<String> = []
        // The files of one generated API declare names for each other: one folder, one API.
        var declaredByFolder: [String: Set<String>] = [:]
        for (path, text) in committed { declaredByFolder[Self.folder(of: path), default: []].formUnion(declarations(in: text)) }
        let probeDeclared = probe.map(declarations(in:))
        let texts = probe.indices.map { ("the probe's generated code", probe[$0], probeDeclared[$0]) }
            + committed.map { ($0.path, $0.text, declaredByFolder[Self.folder(of: $0.path)] ?? []) }
        for (place, text, declared) in texts {
            let tokens = SwiftDeclarationScanner.tokens(text)
            for (index, token) in tokens.enumerated() {
                guard case .identifier(let name) = token else { continue }
                identifiers.insert(name)
                guard !declared.contains(name), !keywords.contains(name), !GeneratedNames.Probe.isProbeName(name) else { continue }
                // `@_spi(Generated)`: the SPI's name.
                if index > 1, tokens[index - 2] == .identifier("_spi") { continue }
                let afterDot = index > 0 && tokens[index - 1] == .symbol(UInt8(ascii: "."))
                let qualifier: String? = {
                    guard afterDot, index > 1, case .identifier(let owner) = tokens[index - 2], runtimeTypes.contains(owner), !declared.contains(owner) else { return nil }
                    return owner
                }()
                if let first = name.unicodeScalars.first, first.properties.isUppercase, !afterDot {
                    if runtimeTypes.contains(name) {
                        result.types.insert(name)
                    } else if !platformNames.contains(name) {
                        result.unresolved[name] = result.unresolved[name] ?? place
                    }
                } else if let qualifier {
                    if isMember(name, of: qualifier) {
                        if runtimeNames.contains(name) && !platformNames.contains(name) { result.members.insert("\(qualifier).\(name)") }
                    } else {
                        result.unresolved["\(qualifier).\(name)"] = result.unresolved["\(qualifier).\(name)"] ?? place
                    }
                } else if afterDot {
                    if platformNames.contains(name) { continue }
                    if runtimeNames.contains(name) {
                        result.members.insert(".\(name)")
                    } else {
                        result.unresolved[".\(name)"] = result.unresolved[".\(name)"] ?? place
                    }
                }
            }
        }
        result.spi = spiUse(runtime: runtime, identifiers: identifiers)
        return result
    }

    static func folder(of path: String) -> String {
        String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }

    /// Names a text declares itself: its types and their members, generic parameters, imported modules,
    /// and every name after a declaring keyword (locals and parameters included; a member access never
    /// names those, but an implicit member may name a case or property the text declares).
    static func declarations(in text: String) -> Set<String> {
        let code = SwiftDeclarationScanner(text)
        var names = code.genericParameters.union(code.importedModules)
        for scope in code.types.values {
            names.formUnion(scope.name.split(separator: ".").map(String.init))
            names.formUnion(scope.members.map(\.name))
        }
        let declaring: Set<String> = ["let", "var", "func", "case", "typealias", "associatedtype", "struct", "enum", "class", "protocol", "actor"]
        let tokens = SwiftDeclarationScanner.tokens(text)
        var afterCase = false
        for (index, token) in tokens.enumerated() {
            if case .identifier(let word) = token, index + 1 < tokens.count, declaring.contains(word), case .identifier(let name) = tokens[index + 1] {
                names.insert(name)
            }
            // `case a, b`: every name of the list; tuple labels `(relationship: …, isNull: …)` too.
            if case .identifier(let word) = token { afterCase = word == "case" ? true : afterCase } else if token == .newline { afterCase = false }
            if afterCase, token == .symbol(UInt8(ascii: ",")), index + 1 < tokens.count, case .identifier(let name) = tokens[index + 1] { names.insert(name) }
        }
        return names
    }

    /// Each `Generated` SPI declaration of the runtime (one not inside another), and whether generated
    /// code uses it: by name (a type's, a member's base name, an initializer's type and labels); because
    /// the signature of a used one names it (a parameter, result or associated type generated code
    /// reaches without spelling it); because the body of a used `@inlinable` one (or of an inlinable
    /// internal helper such a body calls) names it, as that body is compiled into generated code; or
    /// because it implements a used requirement.
    static func spiUse(runtime: [SymbolGraphSet], identifiers: Set<String>) -> [String: Bool] {
        var symbols: [String: (module: String, symbol: SymbolGraphSet.Symbol)] = [:]
        var internalSymbols: [String: SymbolGraphSet.Symbol] = [:]
        var parents: [String: String] = [:]
        var conformances: [String: Set<String>] = [:]
        var defaultImplementationOf: [String: String] = [:]
        for graph in runtime {
            for (id, symbol) in graph.symbols { symbols[id] = (graph.module, symbol) }
            internalSymbols.merge(graph.internalSymbols) { first, _ in first }
            parents.merge(graph.parents) { first, _ in first }
            for relationship in graph.relationships {
                if relationship.kind == "conformsTo" { conformances[relationship.source, default: []].insert(relationship.target) }
                if relationship.kind == "defaultImplementationOf" { defaultImplementationOf[relationship.source] = relationship.target }
            }
        }
        var children: [String: [String]] = [:]
        for (child, parent) in parents { children[parent, default: []].append(child) }
        // Protocols generated types adopt (by name) and those they refine: the compiler checks their
        // requirements, SPI ones included, in generated code, against witnesses it must see there.
        var adopted = Set(symbols.filter { $0.value.symbol.kind.identifier == "swift.protocol" && identifiers.contains($0.value.symbol.baseName) }.keys)
        var pendingProtocols = Array(adopted)
        while let id = pendingProtocols.popLast() {
            for refined in conformances[id] ?? [] where symbols[refined] != nil && adopted.insert(refined).inserted { pendingProtocols.append(refined) }
        }
        var sources = SourceLines()
        let roots = symbols.filter { id, entry in
            guard entry.symbol.isSPI, sources.spiGroups(of: entry.symbol).contains("Generated") else { return false }
            guard let parent = parents[id], let owner = symbols[parent] else { return true }
            return !owner.symbol.isSPI
        }
        func byName(_ symbol: SymbolGraphSet.Symbol, in identifiers: Set<String>) -> Bool {
            if symbol.baseName == "init" {
                let owner = symbol.pathComponents.dropLast().last ?? ""
                return (identifiers.contains(owner) || identifiers.contains("init") || identifiers.contains("Self")) && symbol.labels.allSatisfy(identifiers.contains)
            }
            return identifiers.contains(symbol.baseName)
        }
        var used = Set(roots.keys.filter { byName(roots[$0]!.symbol, in: identifiers) })
        var changed = true
        while changed {
            changed = false
            // What used declarations' signatures (and their members' signatures) name, and the names in
            // the bodies of the inlinable ones, which are compiled into generated code.
            var reached: Set<String> = []
            var inlined: Set<String> = []
            var visited: Set<String> = []
            var pending = Array(used)
            while let id = pending.popLast() {
                guard visited.insert(id).inserted, let symbol = symbols[id]?.symbol ?? internalSymbols[id] else { continue }
                pending += children[id] ?? []
                reached.formUnion(symbol.referencedIDs)
                inlined.formUnion(sources.inlinableBodyIdentifiers(of: symbol))
            }
            // Internal inlinable helpers those bodies call, and what theirs call.
            var grew = true
            while grew {
                grew = false
                for (id, symbol) in internalSymbols where !visited.contains(id) && inlined.contains(symbol.baseName) {
                    visited.insert(id)
                    let names = sources.inlinableBodyIdentifiers(of: symbol)
                    if !names.isSubset(of: inlined) {
                        inlined.formUnion(names)
                        grew = true
                    }
                }
            }
            for id in roots.keys where !used.contains(id) {
                var isUsed = reached.contains(id) || byName(roots[id]!.symbol, in: inlined)
                // A requirement of an adopted protocol, or its default implementation.
                if !isUsed, let parent = parents[defaultImplementationOf[id] ?? id], adopted.contains(parent) { isUsed = true }
                // A witness of a used requirement: same name in a protocol the owner conforms to.
                if !isUsed, let parent = parents[id], let symbol = symbols[id]?.symbol {
                    isUsed = (conformances[parent] ?? []).contains { protocolID in
                        (children[protocolID] ?? []).contains { requirement in
                            symbols[requirement]?.symbol.pathComponents.last == symbol.pathComponents.last
                                && (used.contains(requirement) || !(symbols[requirement]?.symbol.isSPI ?? false))
                        }
                    }
                }
                if isUsed {
                    used.insert(id)
                    changed = true
                }
            }
        }
        var result: [String: Bool] = [:]
        for (id, entry) in roots {
            let key = "\(entry.module): \(entry.symbol.path)"
            result[key] = (result[key] ?? false) || used.contains(id)
        }
        return result
    }

    /// The runtime's source files, read once, by the symbol graph's `file://` URI.
    struct SourceLines {
        private var files: [String: [Substring]] = [:]

        private mutating func lines(_ symbol: SymbolGraphSet.Symbol) -> (lines: [Substring], line: Int)? {
            guard let location = symbol.location, let url = URL(string: location.uri) else { return nil }
            if files[location.uri] == nil {
                files[location.uri] = ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            }
            let lines = files[location.uri] ?? []
            return location.position.line < lines.count ? (lines, location.position.line) : nil
        }

        /// The declaration's own line and the attribute lines right above it.
        private func attributeLines(_ lines: [Substring], _ line: Int) -> [Substring] {
            var attributes = [lines[line]]
            var above = line - 1
            while above >= 0, lines[above].drop(while: { $0 == " " }).hasPrefix("@") {
                attributes.append(lines[above])
                above -= 1
            }
            return attributes
        }

        /// The SPI groups of an SPI declaration: those its attributes name, or else those of the
        /// extension it is in (`@_spi(Generated) extension …`).
        mutating func spiGroups(of symbol: SymbolGraphSet.Symbol) -> Set<String> {
            guard let (lines, line) = lines(symbol) else { return [] }
            func groups(_ text: some StringProtocol) -> Set<String> {
                var groups: Set<String> = []
                var rest = Substring(text)
                while let range = rest.range(of: "@_spi(") {
                    rest = rest[range.upperBound...]
                    groups.insert(String(rest.prefix { $0 != ")" }))
                }
                return groups
            }
            let own = attributeLines(lines, line).reduce(into: Set<String>()) { $0.formUnion(groups($1)) }
            if !own.isEmpty { return own }
            var above = line
            while above >= 0 {
                let text = lines[above]
                if let first = text.first, first != " ", first != "}", text.contains("extension ") || text.hasPrefix("@") {
                    return groups(attributeLines(lines, above).joined(separator: " "))
                }
                above -= 1
            }
            return []
        }

        /// The identifiers in the body of `symbol` when it is `@inlinable` or `@_alwaysEmitIntoClient`:
        /// code that is compiled into its caller, so what it names generated code uses too.
        mutating func inlinableBodyIdentifiers(of symbol: SymbolGraphSet.Symbol) -> Set<String> {
            guard let (lines, line) = lines(symbol) else { return [] }
            guard attributeLines(lines, line).contains(where: { $0.contains("@inlinable") || $0.contains("@_alwaysEmitIntoClient") }) else { return [] }
            // The body: from the first `{` to its matching `}`.
            let tokens = SwiftDeclarationScanner.tokens(lines[line...].joined(separator: "\n"))
            var depth = 0
            var names: Set<String> = []
            for token in tokens {
                switch token {
                case .symbol(UInt8(ascii: "{")): depth += 1
                case .symbol(UInt8(ascii: "}")):
                    depth -= 1
                    if depth == 0 { return names }
                case .identifier(let name) where depth > 0: names.insert(name)
                default: break
                }
            }
            return names
        }
    }

    // MARK: the committed file

    static func render(_ result: Result) -> String {
        func list(_ names: some Sequence<String>) -> String { names.sorted().map { "        \"\($0)\",\n" }.joined() }
        return """
            // Generated from the probe's generated code, the committed generated sources and the symbol
            // graphs of the runtime modules by `make tables` (RuntimeContractTests with RESGEN_RECORD=1).
            // Do not edit.

            /// The contract between generated code and the runtime: the runtime names that generated code
            /// uses, and the runtime's `@_spi(Generated)` declarations, which exist for generated code only.
            ///
            /// A change to this file is a change to what generated code needs from the runtime: when a
            /// name leaves or its meaning changes, `ResgenRuntimeAPI` must be bumped (see its policy).
            /// `RuntimeContractTests` checks it both ways: every name generated code uses is declared by a
            /// runtime module, Swift, Foundation or generated code itself, and every `Generated` SPI
            /// declaration is used by generated code.
            enum RuntimeContract {
                /// The modules generated code imports from the runtime.
                static let modules: [String] = [
            \(list(runtimeModules))    ]

                /// Runtime types, protocols and type aliases that generated code names.
                static let types: Set<String> = [
            \(list(result.types))    ]

                /// Runtime members that generated code names and that neither Swift, Foundation nor
                /// generated code declares: `Type.member` where generated code writes the type, `.member`
                /// where it calls the member on a value.
                static let members: Set<String> = [
            \(list(result.members))    ]

                /// The runtime's `@_spi(Generated)` declarations (those not inside another one), each used by
                /// generated code: `Module: Type.member(labels:)`.
                static let generatedSPI: Set<String> = [
            \(list(result.spi.filter(\.value).keys))    ]
            }

            """
    }
}
