/// A unified diff of two texts (`--- a/…`, `+++ b/…`, `@@ -l,n +l,n @@` hunks), as `diff -u` and
/// `git diff` print it; used by `resgen check` to show how checked-in sources differ from fresh output.
///
/// Pure and self-contained on purpose: users run `resgen check` in CI images that may lack a `diff`
/// binary, so the CLI must not spawn one. Lines are compared with Myers' O(ND) algorithm after the
/// common prefix and suffix are trimmed; when the texts differ in more than ``maximumEditDistance``
/// lines the remaining middle is shown as removed and re-added, which is still a correct diff, only not
/// a minimal one, and keeps time and memory bounded.
package enum UnifiedDiff {
    /// Above this many differing lines, the diff stops searching for a minimal edit script.
    static let maximumEditDistance = 2_000

    /// The unified diff that turns `old` into `new`, or the empty string when they are equal.
    ///
    /// Texts are split into lines at `\n`; a last line without a newline is marked with
    /// `\ No newline at end of file`, as `diff` does. Hunk headers leave out a count of 1, as `diff`
    /// and `git` do (`@@ -3 +3 @@`); an empty range is written with the line before it (`-0,0`).
    ///
    /// - Parameters:
    ///   - old: The current text, or nil when the file does not exist (header `--- /dev/null`).
    ///   - new: The wanted text, or nil when the file should not exist (header `+++ /dev/null`).
    ///   - oldLabel: The name after `--- `, e.g. `a/Sources/Blog+Models.swift`.
    ///   - newLabel: The name after `+++ `, e.g. `b/Sources/Blog+Models.swift`.
    ///   - context: Unchanged lines shown around each change.
    /// - Returns: The diff, each line ending in `\n`; empty when the texts are equal.
    static func diff(
        from old: String?,
        to new: String?,
        oldLabel: String,
        newLabel: String,
        context: Int = 3
    ) -> String {
        guard old != new else { return "" }
        let a = lines(of: old ?? "")
        let b = lines(of: new ?? "")
        let edits = editScript(a, b)
        var output = "--- \(old == nil ? "/dev/null" : oldLabel)\n+++ \(new == nil ? "/dev/null" : newLabel)\n"
        for hunk in hunks(of: edits, context: max(context, 0)) {
            output += hunk.header
            for edit in edits[hunk.range] {
                switch edit {
                case .equal(let i, _): output += line(" ", a[i])
                case .delete(let i): output += line("-", a[i])
                case .insert(let j): output += line("+", b[j])
                }
            }
        }
        return output
    }

    // MARK: Lines

    /// Splits `text` into lines that keep their `\n`, so a missing final newline is a difference.
    static func lines(of text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        while let newline = text[start...].firstIndex(of: "\n") {
            let end = text.index(after: newline)
            result.append(text[start..<end])
            start = end
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }

    private static func line(_ prefix: Character, _ text: Substring) -> String {
        text.hasSuffix("\n") ? "\(prefix)\(text)" : "\(prefix)\(text)\n\\ No newline at end of file\n"
    }

    // MARK: Edit script

    /// One step of turning `a` into `b`; indices point into `a` (`i`) and `b` (`j`).
    enum Edit: Equatable {
        case equal(Int, Int)
        case delete(Int)
        case insert(Int)
    }

    /// A shortest edit script from `a` to `b` (bounded by ``maximumEditDistance``), in order, with each
    /// run of changes listing its deletions before its insertions.
    static func editScript(_ a: [Substring], _ b: [Substring]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        var edits = (0..<prefix).map { Edit.equal($0, $0) }
        let middle = myers(a, prefix..<(a.count - suffix), b, prefix..<(b.count - suffix))
        edits += normalized(middle)
        edits += (0..<suffix).map { Edit.equal(a.count - suffix + $0, b.count - suffix + $0) }
        return edits
    }

    /// Myers' greedy algorithm on `a[ra]` and `b[rb]`, keeping one furthest-reaching vector per edit
    /// distance for the backtrack (O(D²) memory, with D at most ``maximumEditDistance``).
    private static func myers(_ a: [Substring], _ ra: Range<Int>, _ b: [Substring], _ rb: Range<Int>) -> [Edit] {
        let n = ra.count
        let m = rb.count
        if n == 0 || m == 0 { return replacement(ra, rb) }
        // trace[d][k + d] is the furthest x on diagonal k (x - y) after d edits.
        var trace: [[Int]] = []
        var previous: [Int] = [0]
        var found = false
        for d in 0...min(n + m, maximumEditDistance) {
            var current = [Int](repeating: 0, count: 2 * d + 1)
            for k in stride(from: -d, through: d, by: 2) {
                // Come down (insert) from diagonal k + 1, or right (delete) from diagonal k - 1.
                var x: Int
                if d == 0 {
                    x = 0
                } else if k == -d || (k != d && previous[k - 1 + (d - 1)] < previous[k + 1 + (d - 1)]) {
                    x = previous[k + 1 + (d - 1)]
                } else {
                    x = previous[k - 1 + (d - 1)] + 1
                }
                var y = x - k
                while x < n, y < m, a[ra.lowerBound + x] == b[rb.lowerBound + y] {
                    x += 1
                    y += 1
                }
                current[k + d] = x
                if x >= n, y >= m { found = true }
            }
            trace.append(current)
            previous = current
            if found { break }
        }
        guard found else { return replacement(ra, rb) }

        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, to: 0, by: -1) {
            let k = x - y
            let vector = trace[d - 1]
            let cameDown = k == -d || (k != d && vector[k - 1 + (d - 1)] < vector[k + 1 + (d - 1)])
            let previousK = cameDown ? k + 1 : k - 1
            let previousX = vector[previousK + (d - 1)]
            let previousY = previousX - previousK
            // Walk back along the snake to the point just after the edit.
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                edits.append(.equal(ra.lowerBound + x, rb.lowerBound + y))
            }
            if cameDown {
                y -= 1
                edits.append(.insert(rb.lowerBound + y))
            } else {
                x -= 1
                edits.append(.delete(ra.lowerBound + x))
            }
        }
        while x > 0, y > 0 {
            x -= 1
            y -= 1
            edits.append(.equal(ra.lowerBound + x, rb.lowerBound + y))
        }
        return edits.reversed()
    }

    private static func replacement(_ ra: Range<Int>, _ rb: Range<Int>) -> [Edit] {
        ra.map { Edit.delete($0) } + rb.map { Edit.insert($0) }
    }

    /// Reorders each run of changes to list deletions first, as `diff` prints them.
    private static func normalized(_ edits: [Edit]) -> [Edit] {
        var result: [Edit] = []
        var deletes: [Edit] = []
        var inserts: [Edit] = []
        func flush() {
            result += deletes + inserts
            deletes.removeAll()
            inserts.removeAll()
        }
        for edit in edits {
            switch edit {
            case .equal:
                flush()
                result.append(edit)
            case .delete: deletes.append(edit)
            case .insert: inserts.append(edit)
            }
        }
        flush()
        return result
    }

    // MARK: Hunks

    struct Hunk {
        var range: Range<Int>
        var header: String
    }

    /// Groups changes that are at most `2 * context` unchanged lines apart, each with `context` lines
    /// around it.
    static func hunks(of edits: [Edit], context: Int) -> [Hunk] {
        let changes = edits.indices.filter { if case .equal = edits[$0] { false } else { true } }
        guard let first = changes.first else { return [] }
        var groups: [ClosedRange<Int>] = []
        var current = first...first
        for index in changes.dropFirst() {
            if index - current.upperBound - 1 <= 2 * context {
                current = current.lowerBound...index
            } else {
                groups.append(current)
                current = index...index
            }
        }
        groups.append(current)

        // Lines of `a` and `b` consumed before each edit, for the hunk headers.
        var before: [(old: Int, new: Int)] = []
        var old = 0
        var new = 0
        for edit in edits {
            before.append((old, new))
            switch edit {
            case .equal:
                old += 1
                new += 1
            case .delete: old += 1
            case .insert: new += 1
            }
        }

        return groups.map { group in
            let range = max(group.lowerBound - context, 0)..<min(group.upperBound + 1 + context, edits.count)
            var oldCount = 0
            var newCount = 0
            for edit in edits[range] {
                switch edit {
                case .equal:
                    oldCount += 1
                    newCount += 1
                case .delete: oldCount += 1
                case .insert: newCount += 1
                }
            }
            let start = before[range.lowerBound]
            let header = "@@ -\(span(start.old, oldCount)) +\(span(start.new, newCount)) @@\n"
            return Hunk(range: range, header: header)
        }
    }

    /// `l,n` for a hunk side whose first line comes after `linesBefore` lines.
    private static func span(_ linesBefore: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(linesBefore),0"
        case 1: "\(linesBefore + 1)"
        default: "\(linesBefore + 1),\(count)"
        }
    }
}
