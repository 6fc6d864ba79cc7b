import ResgenCore
import Testing

/// Stage 1: the libyaml event loader's tree, locations and load-time diagnostics.
@Suite struct YAMLLoaderTests {
    /// Loads `text` as `schema.yml`, returning the tree and the printed diagnostics.
    private func load(_ text: String, file: String = "schema.yml") -> (RawNode?, [String]) {
        let collector = CollectingDiagnosticCollector()
        let node = YAMLLoader.load(InputFile(path: file, text: text), diagnostics: collector)
        return (node, collector.sorted.map(\.description))
    }

    private func entry(_ node: RawNode?, _ key: String) -> RawNode.Entry? {
        node?.entries?.first { $0.key == key }
    }

    @Test func locationsAreOneBased() throws {
        let (node, diagnostics) = load("a: b\nlist:\n  - x\n")
        #expect(diagnostics.isEmpty)
        let root = try #require(node)
        #expect(root.location == SourceLocation(file: "schema.yml", line: 1, column: 1))
        #expect(entry(root, "a")?.keyLocation == SourceLocation(file: "schema.yml", line: 1, column: 1))
        #expect(root["a"]?.location == SourceLocation(file: "schema.yml", line: 1, column: 4))
        #expect(root["list"]?.elements?.first?.location == SourceLocation(file: "schema.yml", line: 3, column: 5))
    }

    @Test func columnsCountUTF8BytesAfterMultiByteCharacters() throws {
        // 'é' is 2 bytes, '😀' is 4 bytes: libyaml counts each as one column, swiftc counts bytes.
        let (node, _) = load("é: x\nk: { a: \"😀\", b: y }\n")
        let root = try #require(node)
        #expect(root["é"]?.location.column == 5)
        let flow = try #require(root["k"])
        // `k: { a: "😀", b: y }`: the quoted scalar's text starts after the quote, at byte 10.
        #expect(flow["a"]?.location.column == 10)
        #expect(entry(flow, "b")?.keyLocation.column == 17)
        #expect(flow["b"]?.location.column == 20)
    }

    @Test func quotedScalarsAreLocatedAfterTheQuote() throws {
        let (node, _) = load("a: \"[Person]?\"\nb: 'x'\n")
        let root = try #require(node)
        #expect(root["a"]?.location.column == 5)
        #expect(root["b"]?.location.column == 5)
    }

    @Test func plainAndQuotedScalarsAreTold() throws {
        let (node, diagnostics) = load("plain: no\ndouble: \"no\"\nsingle: 'no'\ntagged: !!str no\nblock: |\n  no\n")
        #expect(diagnostics.isEmpty)
        let root = try #require(node)
        #expect(root["plain"]?.kind == .scalar("no", plain: true))
        #expect(root["double"]?.kind == .scalar("no", plain: false))
        #expect(root["single"]?.kind == .scalar("no", plain: false))
        #expect(root["tagged"]?.kind == .scalar("no", plain: false))
        #expect(root["block"]?.kind == .scalar("no\n", plain: false))
    }

    @Test func nullsAreOnlyPlain() throws {
        let (node, _) = load("a: ~\nb:\nc: null\nd: \"null\"\n")
        let root = try #require(node)
        #expect(root["a"]?.isNull == true)
        #expect(root["b"]?.isNull == true)
        #expect(root["c"]?.isNull == true)
        #expect(root["d"]?.isNull == false)
    }

    @Test func anchorsAndAliasesResolve() throws {
        let (node, diagnostics) = load("base: &common { type: String, readOnly: true }\ncopy: *common\nlist: [&x one, *x]\n")
        #expect(diagnostics.isEmpty)
        let root = try #require(node)
        let copy = try #require(root["copy"])
        #expect(copy == root["base"])
        #expect(copy["type"]?.scalar == "String")
        #expect(root["list"]?.elements?.map(\.scalar) == ["one", "one"])
    }

    @Test func unknownAliasIsAnError() {
        let (node, diagnostics) = load("a: *missing\n")
        #expect(node == nil)
        #expect(diagnostics == ["schema.yml:1:4: error: unknown YAML alias '*missing'"])
    }

    @Test func duplicateKeysAreReportedWithANoteAndTheFirstIsKept() throws {
        let (node, diagnostics) = load("a: 1\nb: 2\na: 3\na: 4\n")
        #expect(diagnostics == [
            "schema.yml:3:1: error: duplicate key 'a'\nschema.yml:1:1: note: 'a' first given here",
            "schema.yml:4:1: error: duplicate key 'a'\nschema.yml:1:1: note: 'a' first given here",
        ])
        let root = try #require(node)
        #expect(root.entries?.map(\.key) == ["a", "b"])
        #expect(root["a"]?.scalar == "1")
    }

    @Test func duplicateKeysInJSON() {
        let (_, diagnostics) = load("{\"a\": 1, \"a\": 2}", file: "schema.json")
        #expect(diagnostics == ["schema.json:1:11: error: duplicate key 'a'\nschema.json:1:3: note: 'a' first given here"])
    }

    @Test func multipleDocumentsAreAnError() throws {
        let (node, diagnostics) = load("---\na: 1\n---\nb: 2\n")
        #expect(diagnostics == ["schema.yml:4:1: error: a schema file holds one YAML document; this is document 2"])
        #expect(node?["a"]?.scalar == "1")
    }

    @Test func syntaxErrorsCarryLineAndColumn() {
        let (node, diagnostics) = load("a: [1, 2\nb: 3\n")
        #expect(node == nil)
        #expect(diagnostics == [
            "schema.yml:2:2: error: YAML syntax error: did not find expected ',' or ']'\nschema.yml:1:4: note: while parsing a flow sequence starting here",
        ])
    }

    /// libyaml ends an unterminated last line with a break of its own; an error at the end of the stream
    /// is on the last line, not on one past the end of the file (found by the pipeline fuzz target).
    @Test func anErrorAtTheEndOfAFileWithoutAFinalNewlineIsOnItsLastLine() {
        #expect(load("api: { name: S").1.first?.hasPrefix("schema.yml:1:15: error: YAML syntax error") == true)
        #expect(load("api:\n  name: \"S").1.first?.hasPrefix("schema.yml:2:11: error: YAML syntax error") == true)
        #expect(load("é: { a: b").1.first?.hasPrefix("schema.yml:1:11: error: YAML syntax error") == true)
    }

    @Test func tabIndentationGetsAHint() {
        let (_, diagnostics) = load("a:\n\tb: 1\n")
        #expect(diagnostics == ["schema.yml:2:1: error: YAML syntax error: found character that cannot start any token; YAML indents with spaces, not tabs"])
    }

    @Test func aSyntaxErrorStopsThePipelineWithoutFollowOnErrors() {
        #expect(diagnostics(of: "api: { name: Shop, format: jsonapi\n") == [
            "schema.yml:2:1: error: YAML syntax error: did not find expected ',' or '}'\nschema.yml:1:6: note: while parsing a flow mapping starting here",
        ])
    }

    /// A minified JSON schema is one long line: every member's column must still be its byte
    /// column, after multi-byte characters too (the loader used to walk each line from its start per
    /// event, quadratic in the line's length).
    @Test func columnsOnALongLineAreByteColumns() throws {
        var text = "{"
        var expected: [(key: String, column: Int)] = []
        for index in 0..<3_000 {
            if index > 0 { text += "," }
            let key = index % 3 == 0 ? "k\(index)é" : index % 3 == 1 ? "k\(index)😀" : "k\(index)"
            // The key's text starts after its opening quote.
            expected.append((key, text.utf8.count + 2))
            text += "\"\(key)\":\"v\""
        }
        text += "}"
        let (node, diagnostics) = load(text, file: "schema.json")
        #expect(diagnostics.isEmpty)
        let root = try #require(node)
        let entries = try #require(root.entries)
        #expect(entries.count == expected.count)
        for (entry, (key, column)) in zip(entries, expected) {
            #expect(entry.key == key)
            #expect(entry.keyLocation == SourceLocation(file: "schema.json", line: 1, column: column), "\(key)")
        }
        let last = try #require(entries.last)
        // `"key":"v"`: the value's text starts three bytes after the key's.
        #expect(last.value.location.column == last.keyLocation.column + last.key.utf8.count + 3)
    }

    @Test func linesEndAtEveryBreakLibYAMLKnowsAndColumnsRestartThere() throws {
        // CR alone, CRLF and LF; a multi-byte character before the break must not shift the next line.
        let (node, diagnostics) = load("a: é\rb: 1\r\nc: 😀\nd: 2\n")
        #expect(diagnostics.isEmpty)
        let root = try #require(node)
        #expect(entry(root, "b")?.keyLocation == SourceLocation(file: "schema.yml", line: 2, column: 1))
        #expect(root["b"]?.location == SourceLocation(file: "schema.yml", line: 2, column: 4))
        #expect(root["c"]?.location == SourceLocation(file: "schema.yml", line: 3, column: 4))
        #expect(root["d"]?.location == SourceLocation(file: "schema.yml", line: 4, column: 4))
    }

    /// A file saved with a UTF-8 byte order mark parses (libyaml, told the encoding, took the mark
    /// for a character and the second line for a wrong indentation), and columns count the mark's
    /// bytes, as swiftc's do.
    @Test func aByteOrderMarkIsSkippedAndCountsItsBytes() throws {
        let (node, diagnostics) = load("\u{FEFF}a: b\nc: d\n")
        #expect(diagnostics.isEmpty)
        let root = try #require(node)
        #expect(entry(root, "a")?.keyLocation.column == 4)
        #expect(root["a"]?.location.column == 7)
        #expect(root["c"]?.location.column == 4)
    }

    @Test func invalidUTF8IsLocatedWhereItIs() {
        var bytes = Array("a: 1\nbé: \u{00}".utf8)
        bytes[bytes.count - 1] = 0xFF
        let collector = CollectingDiagnosticCollector()
        _ = YAMLLoader.load(InputFile(path: "schema.yml", contents: bytes), diagnostics: collector)
        #expect(collector.sorted.map(\.description) == ["schema.yml:2:6: error: YAML syntax error: invalid leading UTF-8 octet"])
    }

    @Test func emptyFileHasNoDocument() {
        let (node, diagnostics) = load("")
        #expect(node == nil)
        #expect(diagnostics.isEmpty)
    }
}
