/// The Swift names already taken in one scope (a type's members, a file's types, an enum's cases),
/// reporting a name that is taken twice — directly, or only after renaming to a Swift identifier.
struct NameScope {
    private var taken: [String: (original: String, location: SourceLocation?)] = [:]
    /// What the names are, for messages ("member of 'Article'", "type").
    let what: String

    init(_ what: String) { self.what = what }

    /// Reserves `swiftName` for the schema name `original`; emits an error and returns false when it
    /// is already taken.
    mutating func claim(_ swiftName: String, for original: String, at location: SourceLocation?, diagnostics: any DiagnosticCollector) -> Bool {
        if let previous = taken[swiftName] {
            let note = Diagnostic.note("'\(previous.original)' declared here", at: previous.location)
            if previous.original == original {
                diagnostics.emit(.error("duplicate \(what) '\(original)'", at: location, notes: previous.location == nil ? [] : [note]))
            } else {
                diagnostics.emit(.error("\(what) '\(original)' becomes the Swift name '\(swiftName)', which clashes with '\(previous.original)'; rename one of them (set 'key' to keep the wire name)", at: location, notes: previous.location == nil ? [] : [note]))
            }
            return false
        }
        taken[swiftName] = (original, location)
        return true
    }

    /// Marks a name as used by generated code itself (e.g. `id`), so a schema name that becomes it clashes.
    mutating func reserve(_ swiftName: String, as description: String) {
        taken[swiftName] = (description, nil)
    }

    /// Whether the name is taken.
    func contains(_ swiftName: String) -> Bool { taken[swiftName] != nil }
}
