import ResgenCore

/// English plurals to singulars, for type names from collection names (`articles` → `Article`,
/// `people` → `Person`). A guess, said so in the draft; a wrong one only makes a name the user renames.
enum Inflection {
    private static let irregular: [String: String] = [
        "people": "person", "children": "child", "men": "man", "women": "woman", "mice": "mouse", "geese": "goose",
        "teeth": "tooth", "feet": "foot", "data": "data", "media": "media", "series": "series", "news": "news",
        "statuses": "status", "addresses": "address", "analyses": "analysis", "indices": "index", "matrices": "matrix",
        "shelves": "shelf", "knives": "knife", "wives": "wife", "lives": "life", "leaves": "leaf", "halves": "half",
        "wolves": "wolf", "thieves": "thief", "selves": "self",
    ]

    /// The singular of `word`'s last word (`order-items` → `order-item`), case kept.
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        for (plural, single) in irregular where lower.hasSuffix(plural) {
            let start = word.index(word.endIndex, offsetBy: -plural.count)
            // Only whole words: `dates` is not `d` + `ates`; a separator or the start precedes it.
            if start == word.startIndex || !word[word.index(before: start)].isLetter || word[start].isUppercase {
                return String(word[..<start]) + matchCase(single, of: String(word[start...]))
            }
        }
        if lower.hasSuffix("ies"), lower.count > 3 { return String(word.dropLast(3)) + matchCase("y", of: String(word.suffix(3))) }
        if lower.hasSuffix("sses") || lower.hasSuffix("shes") || lower.hasSuffix("ches") || lower.hasSuffix("xes") {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("is") { return word }
        if lower.hasSuffix("s"), lower.count > 1 { return String(word.dropLast()) }
        return word
    }

    private static func matchCase(_ replacement: String, of original: String) -> String {
        guard let first = original.first, first.isUppercase else { return replacement }
        return replacement.prefix(1).uppercased() + replacement.dropFirst()
    }
}
