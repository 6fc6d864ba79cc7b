import ResgenCore
import Testing

/// Stage 3 on small inline schemas: what must stay valid, and what the diagnostics say.
@Suite struct ValidatorTests {
    static let api = "api: { name: Shop, format: jsonapi }\n"

    @Test func yaml11WordsStayStringsAsEnumValues() throws {
        let (model, diagnostics) = model(of: Self.api + "enums:\n  Answer:\n    values: [yes, no, on, off, y, n]\n")
        #expect(diagnostics.isEmpty)
        let cases = try #require(model?.enums.first?.cases)
        #expect(cases.map(\.value) == ["yes", "no", "on", "off", "y", "n"])
        #expect(cases.map(\.swiftName) == ["yes", "no", "on", "off", "y", "n"])
    }

    @Test func plainNoIsAStringDefaultForAString() throws {
        let (model, diagnostics) = model(of: Self.api + "objects:\n  Box:\n    attributes:\n      label: { type: String, default: no }\n      code: { type: String, default: 1 }\n")
        #expect(diagnostics.isEmpty)
        let attributes = try #require(model?.objects.first?.attributes)
        #expect(attributes.map(\.defaultValue) == [.string("no"), .string("1")])
    }

    /// An offset into a scalar is a column only where the source spells the scalar as it is: a quoted
    /// type folded over two lines, or written with an escape, is located at its start instead of at a
    /// column past the end of its line (found by the pipeline fuzz target).
    @Test func positionsInsideAScalarStayOnItsLine() {
        let schema = Self.api + "objects:\n  Box:\n    attributes:\n      a: \"[Tiny]\"\n      b: \"[\n        duct]\"\n      c: \"[\\u0041bc]\"\n"
        #expect(diagnostics(of: schema) == [
            "schema.yml:5:12: error: unknown type 'Tiny'",
            "schema.yml:6:11: error: unknown type 'duct'",
            "schema.yml:8:11: error: unknown type 'Abc'",
        ])
    }

    @Test func booleanDefaultsAreTrueOrFalseOnly() {
        let schema = Self.api + "objects:\n  Box:\n    attributes:\n      a: { type: Bool, default: false }\n      b: { type: Bool, default: no }\n      c: { type: Bool, default: \"true\" }\n"
        #expect(diagnostics(of: schema) == [
            "schema.yml:6:33: error: 'no' is a YAML 1.1 boolean, which resgen does not accept for a 'Bool' default; write 'false'",
            "schema.yml:7:34: error: default value 'true' does not fit type 'Bool'; the quotes make it a string, write it without them",
        ])
    }

    @Test func swiftKeywordsAreFineAsNames() throws {
        let schema = Self.api + """
            enums:
              Kind:
                values: [class, default, struct]
            objects:
              Box:
                attributes:
                  class: String
                  default: Bool
                  func: { type: Int, default: 0 }

            """
        let (model, diagnostics) = model(of: schema)
        #expect(diagnostics.isEmpty)
        #expect(model?.objects.first?.attributes.map(\.swiftName) == ["class", "default", "func"])
        #expect(model?.enums.first?.cases.map(\.swiftName) == ["class", "default", "struct"])
    }

    @Test func initAndSelfAreNotFine() {
        let diagnostics = diagnostics(of: Self.api + "objects:\n  Box:\n    attributes:\n      init: String\n      self: String\n")
        #expect(diagnostics.count == 2)
        #expect(diagnostics.allSatisfy { $0.contains("cannot be a Swift property name") })
    }

    @Test func namesAreRenamedAndKeepTheirWireKeys() throws {
        let (model, diagnostics) = model(of: Self.api + "objects:\n  user-profile:\n    attributes:\n      first-name: String\n      last_name: String\n      URLString: URL\n")
        #expect(diagnostics.isEmpty)
        let object = try #require(model?.objects.first)
        #expect(object.name == "UserProfile")
        #expect(object.attributes.map(\.swiftName) == ["firstName", "lastName", "urlString"])
        #expect(object.attributes.map(\.wireKey) == ["first-name", "last_name", "URLString"])
    }

    @Test func namesThatClashAfterRenamingAreReported() {
        #expect(diagnostics(of: Self.api + "objects:\n  Box:\n    attributes:\n      first-name: String\n      first_name: String\n") == [
            "schema.yml:6:7: error: attribute 'first_name' of 'Box' becomes the Swift name 'firstName', which clashes with 'first-name'; rename one of them (set 'key' to keep the wire name)\nschema.yml:5:7: note: 'first-name' declared here",
        ])
    }

    @Test(arguments: [
        ("title: Strng", "unknown type 'Strng'; did you mean 'String'?"),
        ("title: string", "unknown type 'string'; did you mean 'String'?"),
        ("title: \"[Intt]\"", "unknown type 'Intt'; did you mean 'Int'?"),
        ("title: Boxx", "unknown type 'Boxx'; did you mean 'Box'?"),
        ("title: Zebra", "unknown type 'Zebra'"),
    ])
    func unknownTypesSuggestTheClosestName(attribute: String, message: String) {
        let diagnostics = diagnostics(of: Self.api + "objects:\n  Box:\n    attributes:\n      \(attribute)\n")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.hasSuffix("error: " + message) == true)
    }

    @Test(arguments: [
        ("method: PSOT", "unknown HTTP method 'PSOT'; did you mean 'POST'?"),
        ("method: FETCH", "unknown HTTP method 'FETCH'; use one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS"),
    ])
    func unknownMethods(line: String, message: String) {
        let diagnostics = diagnostics(of: Self.api + "requests:\n  Go:\n    \(line)\n    path: /go\n")
        #expect(diagnostics == ["schema.yml:4:13: error: " + message])
    }

    @Test func unknownKeysWarnWithoutFailing() throws {
        let (model, diagnostics) = model(of: Self.api + "objects:\n  Box:\n    atributes:\n      title: String\n")
        #expect(model != nil)
        #expect(diagnostics == ["schema.yml:4:5: warning: unknown key 'atributes' in 'objects.Box' is ignored; did you mean 'attributes'?"])
    }

    @Test func aPathParameterTypoIsReportedOnce() {
        let diagnostics = diagnostics(of: Self.api + "requests:\n  Get:\n    method: GET\n    path: /people/{personId}\n    parameters: { personID: Int }\n")
        #expect(diagnostics == ["schema.yml:5:19: error: path parameter '{personId}' has no matching argument in 'parameters'; did you mean 'personID'?"])
    }

    @Test func enumDefaultsSuggestAValue() {
        let diagnostics = diagnostics(of: Self.api + "enums:\n  State:\n    values: [draft, published]\nobjects:\n  Post:\n    attributes:\n      state: { type: State, default: pubished }\n")
        #expect(diagnostics == ["schema.yml:8:38: error: default value 'pubished' does not fit type 'State'; did you mean 'published'?"])
    }
}

/// `SwiftNaming`: the identifiers schema names become.
@Suite struct SwiftNamingTests {
    @Test(arguments: [
        ("title", "title"),
        ("Title", "title"),
        ("URLString", "urlString"),
        ("ID", "id"),
        ("userID", "userID"),
        ("HTTPMethod", "httpMethod"),
        ("2fa", "_2fa"),
        ("snake_case_name", "snakeCaseName"),
        ("kebab-name", "kebabName"),
        ("with space", "withSpace"),
        ("first-name", "firstName"),
        ("page[number]", "pageNumber"),
        ("café", "café"),
        ("", "_"),
        // Characters that may continue an identifier but not start one.
        ("\u{301}x", "_\u{301}x"),
        ("\u{203F}y", "_\u{203F}y"),
        ("\u{B7}z", "_\u{B7}z"),
        ("٣x", "_٣x"),
    ])
    func memberName(_ name: String, _ expected: String) {
        #expect(SwiftNaming.memberName(name) == expected)
    }

    @Test(arguments: [
        ("article", "Article"),
        ("URLString", "URLString"),
        ("ID", "ID"),
        ("2fa", "_2fa"),
        ("snake_case_name", "SnakeCaseName"),
        ("kebab-name", "KebabName"),
        ("with space", "WithSpace"),
        ("", "_"),
        ("\u{203F}thing", "_\u{203F}thing"),
        ("\u{301}x", "_\u{301}x"),
        ("名前", "名前"),
    ])
    func typeName(_ name: String, _ expected: String) {
        #expect(SwiftNaming.typeName(name) == expected)
    }

    @Test func keywordsAreEscapedAndOthersNot() {
        #expect(SwiftNaming.escaped("class") == "`class`")
        #expect(SwiftNaming.escaped("default") == "`default`")
        #expect(SwiftNaming.escaped("title") == "title")
    }

    /// Whatever a schema name is, the Swift name made of it is an identifier (or `_`, which the
    /// validator refuses): every scalar that is an identifier character somewhere, in first place.
    @Test func everyNameBecomesAnIdentifier() {
        let samples: [Unicode.Scalar] = ["\u{301}", "\u{203F}", "\u{B7}", "\u{663}", "\u{2160}", "\u{1E9E}", "\u{149}", "\u{130}", "\u{DF}", "\u{10400}", "_", "1", "a", "\u{E0100}"]
        for scalar in samples {
            for name in [String(scalar) + "x", "x" + String(scalar), String(scalar)] {
                let member = SwiftNaming.memberName(name)
                let type = SwiftNaming.typeName(name)
                #expect(member == "_" || SwiftNaming.isIdentifier(member), "\(member.unicodeScalars.map { String($0.value, radix: 16) })")
                #expect(type == "_" || SwiftNaming.isIdentifier(type), "\(type.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    @Test func identifiers() {
        #expect(SwiftNaming.isIdentifier("firstName"))
        #expect(SwiftNaming.isIdentifier("_2fa"))
        #expect(SwiftNaming.isIdentifier("café"))
        #expect(!SwiftNaming.isIdentifier("2fa"))
        #expect(!SwiftNaming.isIdentifier("first-name"))
        #expect(!SwiftNaming.isIdentifier(""))
    }
}
