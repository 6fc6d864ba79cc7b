import Foundation
import Testing

/// Every relative link in the README and in `docs/` leads somewhere (issue 50, item 6): to a file that
/// exists and, when it names a section (`file.md#section`), to a heading of that file, as GitHub spells
/// the section's anchor. The README stays short: what it leaves out lives in `docs/`.
@Suite struct DocumentationLinkTests {
    static let root = DocumentationCatalogTests.packageRoot()

    /// The Markdown files users are sent to from the repository's front page.
    static func pages() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return [root.appendingPathComponent("README.md")] + names.map { docs.appendingPathComponent($0) }
    }

    /// The `](target)` links of `markdown`, outside code blocks and code spans.
    static func links(in markdown: String) -> [String] {
        var found: [String] = []
        var inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence else { continue }
            // Code spans hold examples, not links: drop them before looking.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
            var rest = Substring(prose)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                found.append(String(after[..<close]))
                rest = after[close...]
            }
        }
        return found
    }

    /// The anchors GitHub gives a file's headings: lowercased, punctuation but `-` and `_` dropped,
    /// spaces as `-`.
    static func anchors(in markdown: String) -> Set<String> {
        var anchors: Set<String> = []
        var inFence = false
        for line in markdown.split(separator: "\n") {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let slug = title.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " " }
            anchors.insert(String(String.UnicodeScalarView(slug)).replacingOccurrences(of: " ", with: "-"))
        }
        return anchors
    }

    @Test func everyRelativeLinkLeadsToAFileAndSection() throws {
        var checked = 0
        for page in try Self.pages() {
            let text = try DocumentationCatalogTests.read(page)
            for link in Self.links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                checked += 1
                guard FileManager.default.fileExists(atPath: target.path) else {
                    Issue.record("\(page.lastPathComponent) links to \(link): no such file")
                    continue
                }
                if parts.count == 2, target.pathExtension == "md" {
                    let anchors = Self.anchors(in: try DocumentationCatalogTests.read(target))
                    #expect(anchors.contains(parts[1]), "\(page.lastPathComponent) links to \(link): \(target.lastPathComponent) has no such section")
                }
            }
        }
        #expect(checked >= 40, "the pages lost their links (\(checked) checked)")
    }

    @Test func theReadmeIsReadInFiveMinutes() throws {
        let readme = try DocumentationCatalogTests.read(Self.root.appendingPathComponent("README.md"))
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 250, "README.md has \(lines) lines; move detail into docs/ (issue 50)")
    }

    @Test func aBrokenLinkIsFound() {
        #expect(Self.links(in: "See [a](x.md#y) and `[b](not-a-link)`.\n```\n[c](in-code)\n```\n") == ["x.md#y"])
        #expect(Self.anchors(in: "## JSON:API\n### Draft a schema: `resgen infer`\n") == ["jsonapi", "draft-a-schema-resgen-infer"])
    }
}
