import Foundation
@testable import ResgenCore

/// Writes `Sources/ResgenCore/Naming/RuntimeSymbols.swift` from the symbol graphs of ResgenRuntime's
/// modules (and the standard library's, for the protocols generated types conform to there), as the
/// compiler sees the modules this test bundle was built with.
///
/// The generator itself must not depend on the runtime module, so the table is committed;
/// `RuntimeSymbolsTests` fails when it no longer matches the runtime.
enum RuntimeSymbolsGenerator {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The modules whose public declarations make up ResgenRuntime: a generated type's name must not
    /// clash with any of them under `import ResgenRuntime`, the add-ons' (cache, downloads, logging) included.
    static let runtimeModules = ["ResgenRuntimeCore", "ResgenHAL", "ResgenJSONAPI", "ResgenCaching", "ResgenDownloads", "ResgenLogging"]

    /// The file's text.
    static func generate() async throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The runtime is the core, the two format modules and the add-ons (`ResgenRuntime` only re-exports
        // them): one table, whichever module declares a name.
        var graphs: [SymbolGraph] = []
        for module in runtimeModules { graphs.append(try SymbolGraph(try await extract(module: module, into: directory))) }
        let runtime = SymbolGraph(merging: graphs)
        let swift = try SymbolGraph(try await extract(module: "Swift", into: directory))

        let typeNames = runtime.symbols.values
            .filter { ["swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias", "swift.actor"].contains($0.kind) && $0.path.count == 1 }
            .map(\.name)

        // Every protocol reachable from the runtime's and from the conformances generated code
        // declares (default templates, both formats), by name.
        var protocols: [String: RuntimeProtocol] = [:]
        var pending = runtime.protocolIDs.map { (runtime, $0) }
        for format in WireFormat.allCases {
            guard let code = GeneratedNames.Probe.render(templates: .defaults, format: format) else { throw Failure(description: "the probe does not render") }
            for scope in SwiftDeclarationScanner(code).types.values {
                for name in scope.conformances {
                    if let id = swift.protocolID(named: name) { pending.append((swift, id)) }
                }
            }
        }
        var seen: Set<String> = []
        while let (graph, id) = pending.first {
            pending.removeFirst()
            guard seen.insert(id).inserted, let symbol = graph.symbols[id] else { continue }
            var info = graph.protocolInfo(id, module: graph === runtime ? "ResgenRuntime" : "Swift")
            // A runtime protocol refines the standard library's by id: look their names up in either graph.
            info.protocol.refines = info.refinedIDs.compactMap { runtime.symbols[$0]?.name ?? swift.symbols[$0]?.name }.sorted()
            protocols[symbol.name] = info.protocol
            for refined in info.refinedIDs {
                if runtime.symbols[refined] != nil { pending.append((runtime, refined)) } else { pending.append((swift, refined)) }
            }
        }
        // Protocols that give a conforming type nothing of interest (Sendable, Equatable) are left out,
        // so the table does not change with marker protocols a toolchain adds.
        func contributes(_ name: String, _ visiting: Set<String> = []) -> Bool {
            guard let info = protocols[name], !visiting.contains(name) else { return false }
            if !(info.associatedTypes.isEmpty && info.instanceProperties.isEmpty && info.typeProperties.isEmpty) { return true }
            return info.refines.contains { contributes($0, visiting.union([name])) }
        }
        let kept = protocols.filter { contributes($0.key) }.mapValues { info in
            var info = info
            info.refines = info.refines.filter { contributes($0) }
            return info
        }
        return render(typeNames: typeNames, protocols: kept)
    }

    static func render(typeNames: [String], protocols: [String: RuntimeProtocol]) -> String {
        func list(_ names: [String]) -> String { "[" + names.sorted().map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        var text = """
            // Generated from the symbol graphs of ResgenRuntime and the standard library by
            // `make tables` (RuntimeSymbolsTests with RESGEN_RECORD=1). Do not edit.

            /// ResgenRuntime's public declarations, as far as they decide which names a schema can use: its
            /// top-level type names, and the protocols generated types conform to (the runtime's and the
            /// standard library's they refine or generated code names). See ``GeneratedNames``.
            ///
            /// The generator does not depend on the runtime module, so this table is committed;
            /// `RuntimeSymbolsTests` fails when the runtime changed and the table was not regenerated.
            enum RuntimeSymbols {
                /// ResgenRuntime's public top-level types, protocols and type aliases.
                static let typeNames: Set<String> = [

            """
        for name in Set(typeNames).sorted() { text += "        \"\(name)\",\n" }
        text += """
                ]

                /// Protocols by name, with what a conforming type gets from each.
                static let protocols: [String: RuntimeProtocol] = [

            """
        for (name, info) in protocols.sorted(by: { $0.key < $1.key }) {
            text += """
                        "\(name)": RuntimeProtocol(
                            module: "\(info.module)", refines: \(list(info.refines)), associatedTypes: \(list(info.associatedTypes)),
                            instanceProperties: \(list(info.instanceProperties)), typeProperties: \(list(info.typeProperties))),

                """
        }
        text += "    ]\n}\n"
        return text
    }

    // MARK: extraction

    /// Runs `swift-symbolgraph-extract` for `module`, returning the main graph file; `internal` also
    /// writes the module's internal declarations.
    static func extract(module: String, into directory: URL, minimumAccessLevel: String = "public") async throws -> URL {
        let output = directory.appendingPathComponent(module + (minimumAccessLevel == "public" ? "" : "-" + minimumAccessLevel))
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let arguments = [
            "-module-name", module, "-I", try Typecheck.moduleDirectory().path, "-target", try await targetTriple(),
            // Generated code imports the runtime's `Generated` SPI, so it sees (and its names can clash
            // with) the SPI declarations too.
            "-minimum-access-level", minimumAccessLevel, "-include-spi-symbols", "-output-dir", output.path,
        ]
        #if os(macOS)
            let xcrun = URL(fileURLWithPath: "/usr/bin/xcrun")
            let sdk = try await run(xcrun, ["--show-sdk-path"]).trimmingCharacters(in: .whitespacesAndNewlines)
            try await run(xcrun, ["swift-symbolgraph-extract", "-sdk", sdk] + arguments)
        #else
            // Next to swiftc, as every Linux toolchain ships it.
            let (compiler, _) = try Typecheck.compiler()
            try await run(compiler.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swift-symbolgraph-extract"), arguments)
        #endif
        return output.appendingPathComponent("\(module).symbols.json")
    }

    /// The target triple of the compiler that built this bundle.
    static func targetTriple() async throws -> String {
        let (compiler, prefix) = try Typecheck.compiler()
        let info = try await run(compiler, prefix + ["-print-target-info"])
        guard let json = try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any],
            let target = json["target"] as? [String: Any], let triple = target["triple"] as? String
        else { throw Failure(description: "swiftc -print-target-info printed no triple") }
        return triple
    }

    @discardableResult
    static func run(_ executable: URL, _ arguments: [String]) async throws -> String {
        let result = try await Typecheck.runProcess(executable, arguments)
        guard result.status == 0 else { throw Failure(description: "\(executable.path) \(arguments.joined(separator: " ")) failed:\n\(result.output)") }
        return result.output
    }
}

/// The parts of a symbol graph file the table needs.
final class SymbolGraph {
    struct Symbol {
        var kind: String
        var path: [String]
        var name: String { path.last ?? "" }
    }

    struct Relationship {
        var kind: String
        var source: String
        var target: String
    }

    let symbols: [String: Symbol]
    let relationships: [Relationship]

    /// The union of several graphs (the runtime's modules).
    init(merging graphs: [SymbolGraph]) {
        symbols = graphs.reduce(into: [:]) { result, graph in result.merge(graph.symbols) { first, _ in first } }
        relationships = graphs.flatMap(\.relationships)
    }

    init(_ file: URL) throws {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        var symbols: [String: Symbol] = [:]
        for case let symbol as [String: Any] in json["symbols"] as? [Any] ?? [] {
            guard let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String,
                let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String,
                let path = symbol["pathComponents"] as? [String]
            else { continue }
            symbols[identifier] = Symbol(kind: kind, path: path)
        }
        self.symbols = symbols
        relationships = (json["relationships"] as? [Any] ?? []).compactMap { item in
            guard let relationship = item as? [String: Any], let kind = relationship["kind"] as? String,
                let source = relationship["source"] as? String, let target = relationship["target"] as? String
            else { return nil }
            return Relationship(kind: kind, source: source, target: target)
        }
    }

    /// Top-level protocols.
    var protocolIDs: [String] {
        symbols.filter { $0.value.kind == "swift.protocol" && $0.value.path.count == 1 }.map(\.key).sorted()
    }

    func protocolID(named name: String) -> String? {
        symbols.first { $0.value.kind == "swift.protocol" && $0.value.path == [name] }?.key
    }

    /// What a conforming type gets from protocol `id`, and the ids of the protocols it refines.
    func protocolInfo(_ id: String, module: String) -> (protocol: RuntimeProtocol, refinedIDs: [String]) {
        var info = RuntimeProtocol(module: module, refines: [], associatedTypes: [], instanceProperties: [], typeProperties: [])
        var refined: [String] = []
        for relationship in relationships {
            if relationship.target == id, relationship.kind == "requirementOf" || relationship.kind == "memberOf", let member = symbols[relationship.source] {
                guard !member.name.hasPrefix("_") else { continue }
                switch member.kind {
                case "swift.associatedtype": info.associatedTypes.append(member.name)
                case "swift.property": info.instanceProperties.append(member.name)
                case "swift.type.property": info.typeProperties.append(member.name)
                default: break
                }
            }
            if relationship.source == id, relationship.kind == "conformsTo" { refined.append(relationship.target) }
        }
        info.associatedTypes = Array(Set(info.associatedTypes)).sorted()
        info.instanceProperties = Array(Set(info.instanceProperties)).sorted()
        info.typeProperties = Array(Set(info.typeProperties)).sorted()
        return (info, refined)
    }
}
