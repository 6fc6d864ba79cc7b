/// The Swift names already taken in one scope (a type's members, a file's types, an enum's cases),
/// reporting a name that is taken twice — directly, or only after renaming to a Swift identifier.
struct NameScope {
    private var taken: [String: (original: String, location: SourceLocation?)] = [:]
    /// What the names are, for messages ("member", "type name").
    let what: String
    /// The declaration the names belong to, if any ("member 'title' of 'Article'").
    let owner: String?

    /// How to resolve a clash after renaming, for messages.
    let fix: String

    /// How to resolve a clash with a name generated code takes: only the schema's name can change.
    var reservedFix: String {
        let both = "rename one of them"
        return fix.hasPrefix(both) ? "rename it" + fix.dropFirst(both.count) : fix
    }

    init(_ what: String, of owner: String? = nil, fix: String = "rename one of them (set 'key' to keep the wire name)") {
        self.what = what
        self.owner = owner
        self.fix = fix
    }

    /// Reserves `swiftName` for the schema name `original`; emits an error and returns false when it
    /// is already taken.
    mutating func claim(_ swiftName: String, for original: String, at location: SourceLocation?, diagnostics: any DiagnosticCollector) -> Bool {
        if let previous = taken[swiftName] {
            let note = Diagnostic.note("'\(previous.original)' declared here", at: previous.location)
            let of = owner.map { " of '\($0)'" } ?? ""
            if previous.location == nil {
                // Reserved by generated code (see `reserve(_:as:)`): there is nothing to point a note at.
                let becomes = original == swiftName ? "" : " becomes the Swift name '\(swiftName)', which"
                diagnostics.emit(.error("\(what) '\(original)'\(of)\(becomes) cannot be declared: \(previous.original); \(reservedFix)", at: location))
            } else if previous.original == original {
                diagnostics.emit(.error("duplicate \(what) '\(original)'\(of)", at: location, notes: previous.location == nil ? [] : [note]))
            } else {
                diagnostics.emit(.error("\(what) '\(original)'\(of) becomes the Swift name '\(swiftName)', which clashes with '\(previous.original)'; \(fix)", at: location, notes: previous.location == nil ? [] : [note]))
            }
            return false
        }
        taken[swiftName] = (original, location)
        return true
    }

    /// Marks a name as used by generated code itself (e.g. `id`), so a schema name that becomes it clashes;
    /// `description` says why, for the message.
    mutating func reserve(_ swiftName: String, as description: String) {
        taken[swiftName] = (description, nil)
    }

    /// Whether the name is taken.
    func contains(_ swiftName: String) -> Bool { taken[swiftName] != nil }
}
