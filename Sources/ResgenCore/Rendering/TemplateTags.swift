/// Where the tags of a template's text are, for diagnostics: swift-mustache's parse keeps no positions,
/// so the tags are found again in the text, following its parser's reading of delimiters.
///
/// Only the tags that become a token are listed, in the order of the text, which is the order of a
/// depth-first walk of the parse (a section's body comes between its opening and closing tags).
/// Comments, section ends and delimiter changes make no token and are left out. ``CompiledTemplate``
/// numbers its tokens' sites in that order, and a site finds its tag here when an error needs its
/// line and column.
struct TemplateTags {
    /// A tag that became a token.
    struct Tag: Equatable {
        /// The character after the opening delimiter that makes the tag what it is (`#`, `^`, `{`,
        /// `&`, `>`, `<`, `$`, `%`); nil for a variable.
        var kind: UInt8?
        /// 1-based line.
        var line: Int
        /// 1-based column of the opening delimiter, in UTF-8 bytes (as swiftc counts).
        var column: Int
    }

    let tags: [Tag]

    /// The tags of `text`, which swift-mustache parsed without error.
    init(_ text: String) {
        let bytes = Array(text.utf8)
        var open = Array("{{".utf8)
        var close = Array("}}".utf8)
        var tags: [Tag] = []
        var line = 1
        var lineStart = 0
        var counted = 0  // bytes before this are counted into `line` and `lineStart`
        func countLines(upTo end: Int) {
            while counted < min(end, bytes.count) {
                if bytes[counted] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = counted + 1
                }
                counted += 1
            }
        }
        func find(_ pattern: [UInt8], from start: Int) -> Int? {
            guard !pattern.isEmpty, start + pattern.count <= bytes.count else { return nil }
            var index = start
            while index + pattern.count <= bytes.count {
                if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
                index += 1
            }
            return nil
        }
        func isWhitespace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        }
        var index = 0
        while let start = find(open, from: index) {
            countLines(upTo: start)
            var cursor = start + open.count
            guard cursor < bytes.count else { break }
            let kind = bytes[cursor]
            switch kind {
            case UInt8(ascii: "="):
                // `{{=<% %>=}}`: the new opening delimiter up to whitespace, the closing one up to `=`.
                cursor += 1
                while cursor < bytes.count, isWhitespace(bytes[cursor]) { cursor += 1 }
                let newOpenStart = cursor
                while cursor < bytes.count, !isWhitespace(bytes[cursor]) { cursor += 1 }
                let newOpen = Array(bytes[newOpenStart..<cursor])
                while cursor < bytes.count, isWhitespace(bytes[cursor]) { cursor += 1 }
                let newCloseStart = cursor
                while cursor < bytes.count, !isWhitespace(bytes[cursor]), bytes[cursor] != UInt8(ascii: "=") { cursor += 1 }
                let newClose = Array(bytes[newCloseStart..<cursor])
                guard let end = find(close, from: cursor) else { break }
                cursor = end + close.count
                open = newOpen
                close = newClose
            case UInt8(ascii: "!"), UInt8(ascii: "/"):
                guard let end = find(close, from: cursor + 1) else { break }
                cursor = end + close.count
            default:
                guard let end = find(close, from: cursor) else { break }
                cursor = end + close.count
                if kind == UInt8(ascii: "{"), cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") { cursor += 1 }
                let kinds = "#^{&><$%".utf8
                tags.append(Tag(kind: kinds.contains(kind) ? kind : nil, line: line, column: start - lineStart + 1))
            }
            countLines(upTo: cursor)
            index = max(cursor, start + 1)
        }
        self.tags = tags
    }

    /// Columns in a text as written, from columns in the same text with each `pattern` replaced by
    /// `replacement` from left to right (as `replacingOccurrences` does; no line breaks in either).
    struct ColumnMap {
        /// The lines of the text as written; nil when nothing was replaced.
        private let lines: [[UInt8]]?
        private let pattern: [UInt8]
        private let replacementCount: Int

        init(substituted: String, original: String, pattern: String, replacement: String) {
            lines =
                substituted == original
                ? nil : original.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
            self.pattern = Array(pattern.utf8)
            replacementCount = replacement.utf8.count
        }

        /// The column as written of `column` on line `line` (both 1-based) of the substituted text.
        func column(_ column: Int, line: Int) -> Int {
            guard let lines, line - 1 < lines.count else { return column }
            let text = lines[line - 1]
            var originalIndex = 0
            var substitutedIndex = 0
            while substitutedIndex < column - 1, originalIndex < text.count {
                let end = originalIndex + pattern.count
                if end <= text.count, substitutedIndex + replacementCount <= column - 1, text[originalIndex..<end].elementsEqual(pattern) {
                    originalIndex = end
                    substitutedIndex += replacementCount
                } else {
                    originalIndex += 1
                    substitutedIndex += 1
                }
            }
            return originalIndex + 1 + (column - 1 - substitutedIndex)
        }
    }
}
