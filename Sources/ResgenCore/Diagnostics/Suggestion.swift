/// "Did you mean" hints: the candidate closest to a misspelt name, if it is close enough.
enum Suggestion {
    /// The candidate with the smallest edit distance to `name` (case-insensitive), when that distance
    /// is at most a third of the name's length (and at least 1 allowed); ties go to the first candidate.
    static func closest(to name: String, in candidates: [String]) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        let limit = max(1, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// `"; did you mean 'x'?"` or the empty string.
    static func hint(for name: String, in candidates: [String]) -> String {
        closest(to: name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance, counting a swap of two adjacent characters as one edit (optimal string
    /// alignment), so `PSOT` is one edit from `POST`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
