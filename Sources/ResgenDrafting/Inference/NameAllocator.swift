import ResgenCore

/// Hands out unique Swift names in one scope, steering clear of the names generated code and Swift
/// reserve: the draft must validate, so a name the validator would refuse gets a suffix instead.
struct NameAllocator: Sendable {
    private var used: Set<String>

    /// A scope where `taken` are already used.
    init(taken: Set<String> = []) {
        used = taken
    }

    /// `base`, or `base` with the first of `suffix`, `2`, `3`… that is free and allowed; `normalize`
    /// puts `base` and `suffix` together as the validator will read them (`_` + `Resource` → `Resource`).
    mutating func claim(_ base: String, suffix: String, normalize: (String) -> String = { $0 }, isAllowed: (String) -> Bool) -> String {
        let stem = isAllowed(base) ? base : normalize(base + suffix)
        var candidate = stem
        var number = 2
        while used.contains(candidate) || !isAllowed(candidate) {
            candidate = stem + String(number)
            number += 1
            // A name no number makes allowed (the validator's rules changed): keep going with `_`.
            if number > 1_000 { return claim("_" + base, suffix: suffix, isAllowed: { _ in true }) }
        }
        used.insert(candidate)
        return candidate
    }

    /// Whether `name` is used.
    func contains(_ name: String) -> Bool { used.contains(name) }

    /// Marks `name` as used.
    mutating func reserve(_ name: String) {
        used.insert(name)
    }
}
