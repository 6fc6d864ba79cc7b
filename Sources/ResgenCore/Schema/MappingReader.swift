/// Reads the keys of one schema mapping, reporting wrong shapes as errors and keys the mapping does
/// not allow as warnings (with a did-you-mean among the keys it allows).
///
/// Use: create it for a node with the keys its position allows (a ``SchemaMapping``'s, or the config
/// file's), call the typed getters for the keys, then ``finish()``; every other key is then reported
/// as unknown. Asking for a key the list lacks is a programming error: the list is what editors are
/// told (`resgen json-schema`), so a key read but not listed would be accepted without completion.
struct MappingReader {
    let node: RawNode
    /// Where in the schema this mapping is, e.g. `resources.Article`, for messages.
    let context: String
    let diagnostics: any DiagnosticCollector
    /// The keys this mapping allows, in the order did-you-mean hints prefer them.
    let allowedKeys: [String]
    private(set) var known: [String] = []

    /// Returns nil (after an error) when `node` is not a mapping (null is no mapping, without an error).
    init?(_ node: RawNode, allowing allowedKeys: [String], context: String, diagnostics: any DiagnosticCollector) {
        guard node.entries != nil else {
            if !node.isNull {
                diagnostics.emit(.error("expected a mapping for '\(context)', found \(node.kindDescription)", at: node.location))
            }
            return nil
        }
        self.node = node
        self.context = context
        self.diagnostics = diagnostics
        self.allowedKeys = allowedKeys
    }

    /// A reader for a mapping of the schema language: the keys `shape` lists.
    init?(_ node: RawNode, shape: SchemaMapping, context: String, diagnostics: any DiagnosticCollector) {
        self.init(node, allowing: shape.keyNames, context: context, diagnostics: diagnostics)
    }

    /// The entries of a mapping whose keys are names the schema chooses (`resources:`, `attributes:`);
    /// nil after an error when `node` is not a mapping, and nil without one for null.
    static func entries(of node: RawNode, context: String, diagnostics: any DiagnosticCollector) -> [RawNode.Entry]? {
        MappingReader(node, allowing: [], context: context, diagnostics: diagnostics)?.entries
    }

    /// The mapping's entries in source order.
    var entries: [RawNode.Entry] { node.entries ?? [] }

    /// The raw value under `key`, marking the key as known.
    mutating func value(_ key: String) -> RawNode? {
        precondition(allowedKeys.contains(key), "'\(key)' is read in '\(context)' but not among its allowed keys")
        known.append(key)
        return node[key]
    }

    /// The location of `key` itself.
    func keyLocation(_ key: String) -> SourceLocation? {
        entries.first { $0.key == key }?.keyLocation
    }

    /// A string under `key`; a mapping or sequence there is an error, null counts as absent.
    mutating func string(_ key: String) -> Located<String>? {
        guard let raw = value(key), !raw.isNull else { return nil }
        return ScalarReader.string(raw, what: "'\(key)'", diagnostics: diagnostics)
    }

    /// A boolean under `key` (`true`/`false`); YAML 1.1 spellings such as `yes` or `no` are errors.
    mutating func bool(_ key: String) -> Bool? {
        guard let raw = value(key), !raw.isNull else { return nil }
        return ScalarReader.bool(raw, what: "'\(key)'", diagnostics: diagnostics)
    }

    /// A list of strings under `key`; a single string counts as a list of one.
    mutating func strings(_ key: String) -> [Located<String>]? {
        guard let raw = value(key), !raw.isNull else { return nil }
        return ScalarReader.strings(raw, what: "'\(key)'", diagnostics: diagnostics)
    }

    /// Warns about every key the mapping does not allow.
    ///
    /// Every allowed key must have been asked for (checked in debug builds): a key allowed but never
    /// read would be accepted and silently ignored.
    func finish() {
        assert(allowedKeys.allSatisfy(known.contains), "'\(context)' allows keys that were not read: \(allowedKeys.filter { !known.contains($0) })")
        for entry in entries where !allowedKeys.contains(entry.key) {
            let hint = Suggestion.hint(for: entry.key, in: allowedKeys)
            diagnostics.emit(.warning("unknown key '\(entry.key)' in '\(context)' is ignored\(hint)", at: entry.keyLocation))
        }
    }
}

/// Typed reads of scalar nodes, shared by ``MappingReader`` and list readers.
enum ScalarReader {
    /// Plain scalars YAML 1.1 reads as booleans; we accept only `true` and `false` as booleans.
    static let yaml11Booleans: Set<String> = ["yes", "no", "y", "n", "on", "off", "Yes", "No", "Y", "N", "On", "Off", "YES", "NO", "ON", "OFF"]

    /// The scalar's text; any other shape is an error naming `what`.
    static func string(_ node: RawNode, what: String, diagnostics: any DiagnosticCollector) -> Located<String>? {
        guard let text = node.scalar, !node.isNull else {
            diagnostics.emit(.error("expected a string for \(what), found \(node.kindDescription)", at: node.location))
            return nil
        }
        return Located(text, at: node.location, isVerbatim: node.textIsVerbatim)
    }

    /// `true` or `false`; anything else is an error, with a hint for YAML 1.1 spellings.
    static func bool(_ node: RawNode, what: String, diagnostics: any DiagnosticCollector) -> Bool? {
        guard case .scalar(let text, let plain) = node.kind else {
            diagnostics.emit(.error("expected 'true' or 'false' for \(what), found \(node.kindDescription)", at: node.location))
            return nil
        }
        switch (text, plain) {
        case ("true", true), ("True", true), ("TRUE", true): return true
        case ("false", true), ("False", true), ("FALSE", true): return false
        default:
            if plain, yaml11Booleans.contains(text) {
                let meant = ["yes", "y", "on"].contains(text.lowercased()) ? "true" : "false"
                diagnostics.emit(.error("'\(text)' is a YAML 1.1 boolean, which resgen does not accept for \(what); write '\(meant)'", at: node.location))
            } else {
                diagnostics.emit(.error("expected 'true' or 'false' for \(what), found '\(text)'", at: node.location))
            }
            return nil
        }
    }

    /// A sequence of strings, or one string as a list of one.
    static func strings(_ node: RawNode, what: String, diagnostics: any DiagnosticCollector) -> [Located<String>]? {
        if node.scalar != nil { return string(node, what: what, diagnostics: diagnostics).map { [$0] } }
        guard let elements = node.elements else {
            diagnostics.emit(.error("expected a list of strings for \(what), found \(node.kindDescription)", at: node.location))
            return nil
        }
        return elements.compactMap { string($0, what: "an element of \(what)", diagnostics: diagnostics) }
    }
}
