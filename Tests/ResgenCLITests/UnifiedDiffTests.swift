import Foundation
import Testing

@testable import ResgenCommandLine

@Suite("UnifiedDiff")
struct UnifiedDiffTests {
    private func diff(_ old: String?, _ new: String?, context: Int = 3) -> String {
        UnifiedDiff.diff(from: old, to: new, oldLabel: "a/f.swift", newLabel: "b/f.swift", context: context)
    }

    private func numbered(_ range: ClosedRange<Int>) -> String {
        range.map { "\($0)\n" }.joined()
    }

    @Test func equalTextsGiveNoDiff() {
        #expect(diff("a\nb\n", "a\nb\n") == "")
        #expect(diff("", "") == "")
    }

    @Test func oneChangedLineInTheMiddle() {
        let old = numbered(1...10)
        let new = old.replacingOccurrences(of: "5\n", with: "five\n")
        #expect(
            diff(old, new) == """
                --- a/f.swift
                +++ b/f.swift
                @@ -2,7 +2,7 @@
                 2
                 3
                 4
                -5
                +five
                 6
                 7
                 8

                """
        )
    }

    @Test func changesFarApartGetSeparateHunks() {
        let old = numbered(1...20)
        let new = old.replacingOccurrences(of: "\n2\n", with: "\ntwo\n").replacingOccurrences(of: "19\n", with: "")
        #expect(
            diff(old, new) == """
                --- a/f.swift
                +++ b/f.swift
                @@ -1,5 +1,5 @@
                 1
                -2
                +two
                 3
                 4
                 5
                @@ -16,5 +16,4 @@
                 16
                 17
                 18
                -19
                 20

                """
        )
    }

    @Test func changesSixLinesApartShareAHunk() {
        let old = numbered(1...12)
        let new = old.replacingOccurrences(of: "\n3\n", with: "\nthree\n")
            .replacingOccurrences(of: "10\n", with: "ten\n")
        let hunks = diff(old, new).split(separator: "\n").filter { $0.hasPrefix("@@") }
        #expect(hunks == ["@@ -1,12 +1,12 @@"])
    }

    @Test func countOfOneIsLeftOutAndEmptyRangesNameTheLineBefore() {
        #expect(diff("a\n", "b\n") == "--- a/f.swift\n+++ b/f.swift\n@@ -1 +1 @@\n-a\n+b\n")
        #expect(diff("a\nb\n", "a\nx\nb\n", context: 0) == "--- a/f.swift\n+++ b/f.swift\n@@ -1,0 +2 @@\n+x\n")
        #expect(diff("a\nx\nb\n", "a\nb\n", context: 0) == "--- a/f.swift\n+++ b/f.swift\n@@ -2 +1,0 @@\n-x\n")
    }

    @Test func missingFileDiffsAgainstDevNull() {
        #expect(diff(nil, "a\nb\n") == "--- /dev/null\n+++ b/f.swift\n@@ -0,0 +1,2 @@\n+a\n+b\n")
        #expect(diff("a\n", nil) == "--- a/f.swift\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n")
    }

    @Test func missingFinalNewlineIsMarked() {
        #expect(
            diff("a\nb", "a\nb\n") == """
                --- a/f.swift
                +++ b/f.swift
                @@ -1,2 +1,2 @@
                 a
                -b
                \\ No newline at end of file
                +b

                """
        )
    }

    @Test func deletionsComeBeforeInsertions() {
        let lines = diff("x\na\nb\ny\n", "x\nc\nd\ny\n").split(separator: "\n").dropFirst(3)
        #expect(Array(lines) == [" x", "-a", "-b", "+c", "+d", " y"])
    }

    @Test func editScriptIsMinimal() {
        // LCS of ABCABBA and CBABAC has length 4 (Myers' paper), so the script has 5 changes.
        let a = "ABCABBA".map { Substring("\($0)\n") }
        let b = "CBABAC".map { Substring("\($0)\n") }
        let changes = UnifiedDiff.editScript(a, b).filter { !isEqual($0) }
        #expect(changes.count == 5)
    }

    private func isEqual(_ edit: UnifiedDiff.Edit) -> Bool {
        if case .equal = edit { true } else { false }
    }

    /// Applying the diff to the old text must give the new text, for many random pairs.
    @Test func applyingTheDiffGivesTheNewText() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let old = randomText(using: &generator)
            let new = randomText(using: &generator)
            let context = Int.random(in: 0...3, using: &generator)
            let patch = diff(old, new, context: context)
            #expect(apply(patch, to: old) == new, "old: \(old.debugDescription) new: \(new.debugDescription)")
        }
    }

    @Test func largeUnrelatedTextsStayBounded() {
        let old = (0..<3_000).map { "old \($0)\n" }.joined()
        let new = (0..<3_000).map { "new \($0)\n" }.joined()
        let patch = diff(old, new)
        #expect(patch.hasPrefix("--- a/f.swift\n+++ b/f.swift\n@@ -1,3000 +1,3000 @@\n-old 0\n"))
        #expect(apply(patch, to: old) == new)
    }

    // MARK: Helpers

    private func randomText(using generator: inout SplitMix64) -> String {
        let count = Int.random(in: 0...12, using: &generator)
        var text = (0..<count).map { _ in "\(["a", "b", "c", "d"].randomElement(using: &generator)!)\n" }.joined()
        if !text.isEmpty, Bool.random(using: &generator) { text.removeLast() }
        return text
    }

    /// A small `patch`: checks every context and removed line against `old`.
    private func apply(_ patch: String, to old: String) -> String? {
        let source = UnifiedDiff.lines(of: old).map(String.init)
        var result: [String] = []
        var position = 0
        var lines = patch.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var index = 2
        while index < lines.count {
            let header = lines[index]
            guard header.hasPrefix("@@ -") else { return nil }
            let oldSpan = header.dropFirst(4).prefix { $0 != " " }.split(separator: ",")
            var start = Int(oldSpan[0])!
            if oldSpan.count == 2, oldSpan[1] == "0" { start += 1 }
            while position < start - 1 {
                result.append(source[position])
                position += 1
            }
            index += 1
            while index < lines.count, !lines[index].hasPrefix("@@") {
                let line = lines[index]
                var text = String(line.dropFirst()) + "\n"
                if index + 1 < lines.count, lines[index + 1] == "\\ No newline at end of file" {
                    text.removeLast()
                    index += 1
                }
                switch line.first {
                case " ":
                    guard position < source.count, source[position] == text else { return nil }
                    result.append(text)
                    position += 1
                case "-":
                    guard position < source.count, source[position] == text else { return nil }
                    position += 1
                case "+":
                    result.append(text)
                default: return nil
                }
                index += 1
            }
        }
        result += source[position...]
        return result.joined()
    }
}
