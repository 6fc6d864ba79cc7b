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

    @Test func tabIndentationGetsAHint() {
        let (_, diagnostics) = load("a:\n\tb: 1\n")
        #expect(diagnostics == ["schema.yml:2:1: error: YAML syntax error: found character that cannot start any token; YAML indents with spaces, not tabs"])
    }

    @Test func aSyntaxErrorStopsThePipelineWithoutFollowOnErrors() {
        #expect(diagnostics(of: "api: { name: Shop, format: jsonapi\n") == [
            "schema.yml:2:1: error: YAML syntax error: did not find expected ',' or '}'\nschema.yml:1:6: note: while parsing a flow mapping starting here",
        ])
    }

    @Test func emptyFileHasNoDocument() {
        let (node, diagnostics) = load("")
        #expect(node == nil)
        #expect(diagnostics.isEmpty)
    }
}
