import Foundation

/// Every symbol graph file `swift-symbolgraph-extract` wrote for one module (its own declarations and
/// its extensions of other modules' types, `Module@Other.symbols.json`), with what the runtime contract
/// check needs: paths, SPI flags, the types each declaration's signature names, and where it is.
struct SymbolGraphSet {
    struct Symbol: Decodable {
        struct Identifier: Decodable { var precise: String }
        struct Kind: Decodable { var identifier: String }
        struct Fragment: Decodable {
            var kind: String
            var spelling: String
            var preciseIdentifier: String?
        }
        struct Location: Decodable {
            struct Position: Decodable { var line: Int }
            var uri: String
            var position: Position
        }

        var identifier: Identifier
        var kind: Kind
        var pathComponents: [String]
        var spi: Bool?
        var accessLevel: String?
        var declarationFragments: [Fragment]?
        var location: Location?

        var id: String { identifier.precise }
        /// `toOne` for `toOne(_:rel:)`, the type's name for a type.
        var baseName: String { String(pathComponents.last?.prefix { $0 != "(" } ?? "") }
        /// `HALEmbedded.toOne(_:rel:)`.
        var path: String { pathComponents.joined(separator: ".") }
        var isSPI: Bool { spi ?? false }
        /// Whether code outside the module can name it (SPI included).
        var isPublic: Bool { accessLevel == "public" || accessLevel == "open" }
        /// The argument labels of a function or initializer (`["forKey", "links"]` for `init(_:forKey:links:)`).
        var labels: [String] {
            guard let last = pathComponents.last, let open = last.firstIndex(of: "(") else { return [] }
            return last[last.index(after: open)...].split(separator: ":").map(String.init).filter { $0 != "_" && $0 != ")" }
        }
        /// The types the declaration's signature names, by precise identifier.
        var referencedIDs: [String] { (declarationFragments ?? []).compactMap { $0.kind == "typeIdentifier" ? $0.preciseIdentifier : nil } }
    }

    struct Relationship: Decodable {
        var kind: String
        var source: String
        var target: String
    }

    private struct File: Decodable {
        var symbols: [Symbol]
        var relationships: [Relationship]
    }

    let module: String
    /// The public (and open) declarations, SPI included: what other modules can name.
    let symbols: [String: Symbol]
    /// Internal declarations, when the graph was extracted with them: `@inlinable` and
    /// `@usableFromInline` helpers are compiled into their public callers' callers.
    let internalSymbols: [String: Symbol]
    let relationships: [Relationship]

    /// Reads every `<module>*.symbols.json` in `directory`.
    init(module: String, directory: URL) throws {
        self.module = module
        var symbols: [String: Symbol] = [:]
        var internalSymbols: [String: Symbol] = [:]
        var relationships: [Relationship] = []
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".symbols.json") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        for url in files {
            let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
            for symbol in file.symbols {
                if symbol.isPublic || symbol.accessLevel == nil { symbols[symbol.id] = symbol } else { internalSymbols[symbol.id] = symbol }
            }
            relationships += file.relationships
        }
        self.symbols = symbols
        self.internalSymbols = internalSymbols
        self.relationships = relationships
    }

    /// Extracts `module`'s graphs (SPI symbols included) from the modules this test bundle was built with.
    static func extract(_ module: String, into directory: URL, minimumAccessLevel: String = "public") async throws -> SymbolGraphSet {
        let main = try await RuntimeSymbolsGenerator.extract(module: module, into: directory, minimumAccessLevel: minimumAccessLevel)
        return try SymbolGraphSet(module: module, directory: main.deletingLastPathComponent())
    }

    /// Every base name declared, at any depth.
    var baseNames: Set<String> { Set(symbols.values.map(\.baseName)) }

    /// Top-level type, protocol and type alias names.
    var typeNames: Set<String> {
        Set(symbols.values.filter { $0.pathComponents.count == 1 && $0.kind.identifier != "swift.func" && $0.kind.identifier != "swift.var" }.map(\.baseName))
    }

    /// Symbol id → the id of the type it is a member (or requirement) of.
    var parents: [String: String] {
        var parents: [String: String] = [:]
        for relationship in relationships where ["memberOf", "requirementOf", "optionalRequirementOf"].contains(relationship.kind) {
            parents[relationship.source] = relationship.target
        }
        return parents
    }

    /// Type name → the protocols it conforms to (by name, any module's).
    func conformances(names: (String) -> String?) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for relationship in relationships where relationship.kind == "conformsTo" {
            guard let source = symbols[relationship.source], source.pathComponents.count == 1, let target = names(relationship.target) else { continue }
            result[source.baseName, default: []].insert(target)
        }
        return result
    }
}
