import ResgenRuntime
import Testing

@Suite("URI templates")
struct URITemplateTests {
    typealias Reason = URITemplate.Error.Reason

    @Test("A HAL-style query template with literal values")
    func halQuery() throws {
        let template = try URITemplate("/orders{?page,size,sort*}")
        #expect(
            try template.expand(["page": 2, "size": "20", "sort": ["date", "-total"]])
                == "/orders?page=2&size=20&sort=date&sort=-total")
        #expect(try template.expand(["size": "20"]) == "/orders?size=20")
        #expect(try template.expand([:]) == "/orders")
        #expect(try template.expand(["sort": []]) == "/orders")
    }

    @Test("Associative arrays expand in the order given, also from a dictionary literal")
    func associativeOrder() throws {
        let variables: [String: URITemplate.Value] = ["keys": ["b": "2", "a": "1", "c": ""]]
        #expect(try URITemplate("{?keys*}").expand(variables) == "?b=2&a=1&c=")
        #expect(try URITemplate("{;keys*}").expand(variables) == ";b=2;a=1;c")
        #expect(try URITemplate("{keys}").expand(variables) == "b,2,a,1,c,")
        #expect(try URITemplate("{?keys}").expand(["keys": .associative([("z", "a b")])]) == "?keys=z,a%20b")
    }

    @Test("Empty values differ from undefined ones")
    func emptyAndUndefined() throws {
        let variables: [String: URITemplate.Value] = ["empty": "", "list": [""], "x": "1"]
        #expect(try URITemplate("{;x,empty,undefined}").expand(variables) == ";x=1;empty")
        #expect(try URITemplate("{?x,empty,undefined}").expand(variables) == "?x=1&empty=")
        #expect(try URITemplate("{&empty}").expand(variables) == "&empty=")
        #expect(try URITemplate("{x,empty}").expand(variables) == "1,")
        #expect(try URITemplate("{?list}{;list}{?list*}").expand(variables) == "?list=;list?list=")
        #expect(try URITemplate("{?undefined}{/undefined*}").expand(variables) == "")
    }

    @Test("Prefixes count Unicode scalars and never split a kept pct-encoded triplet")
    func prefixes() throws {
        #expect(try URITemplate("{var:2}").expand(["var": "αβγ"]) == "%CE%B1%CE%B2")
        #expect(try URITemplate("{var:1}").expand(["var": "👩‍👧"]) == "%F0%9F%91%A9")
        #expect(try URITemplate("{var:1}").expand(["var": "e\u{301}x"]) == "e")
        #expect(try URITemplate("{+var:2}").expand(["var": "%2Fab"]) == "%2Fa")
        #expect(try URITemplate("{#var:1}").expand(["var": "%2Fab"]) == "#%2F")
        #expect(try URITemplate("{var:2}").expand(["var": "%2Fab"]) == "%252")
        #expect(try URITemplate("{var:9999}").expand(["var": "value"]) == "value")
    }

    @Test("Reserved expansion keeps reserved characters and valid triplets only")
    func reservedExpansion() throws {
        let variables: [String: URITemplate.Value] = ["v": "/a b?c=%41%zz%4", "u": "ü"]
        #expect(try URITemplate("{+v}").expand(variables) == "/a%20b?c=%41%25zz%254")
        #expect(try URITemplate("{v}").expand(variables) == "%2Fa%20b%3Fc%3D%2541%25zz%254")
        #expect(try URITemplate("{+u}{u}").expand(variables) == "%C3%BC%C3%BC")
    }

    @Test("Literals are copied, with non-ASCII characters pct-encoded and triplets kept")
    func literals() throws {
        #expect(try URITemplate("café/it's/%2f{x}").expand(["x": "1"]) == "caf%C3%A9/it's/%2f1")
        #expect(try URITemplate("").expand([:]) == "")
        #expect(try URITemplate("https://x.test/a?b=c#d").expand([:]) == "https://x.test/a?b=c#d")
    }

    @Test("Variable names in order of first appearance, each once")
    func variableNames() throws {
        let template = try URITemplate("/a{/b,c}{?c,d*,b}{#e:3}{Stra%C3%9Fe,x.y}")
        #expect(template.variableNames == ["b", "c", "d", "e", "Stra%C3%9Fe", "x.y"])
        #expect(try URITemplate("/plain").variableNames == [])
    }

    @Test("Templates are equal when their text is; the description is the text")
    func identity() throws {
        let a = try URITemplate("/orders{?page}")
        #expect(a == (try URITemplate("/orders{?page}")))
        #expect(a != (try URITemplate("/orders{?size}")))
        #expect(Set([a, try URITemplate("/orders{?page}")]).count == 1)
        #expect(a.description == "/orders{?page}")
        #expect("\(a)" == "/orders{?page}")
    }

    @Test("Values: literals, interpolation, equality and hashing")
    func values() {
        let page = 7
        #expect("\(page)" as URITemplate.Value == .string("7"))
        #expect(42 as URITemplate.Value == .string("42"))
        #expect(["a", "b"] as URITemplate.Value == .list(["a", "b"]))
        #expect(["k": "v", "a": "b"] as URITemplate.Value == .associative([("k", "v"), ("a", "b")]))
        #expect(URITemplate.Value.associative([("k", "v"), ("a", "b")]) != .associative([("a", "b"), ("k", "v")]))
        #expect(URITemplate.Value.string("a") != .list(["a"]))
        let set: Set<URITemplate.Value> = [.associative([("k", "v")]), ["k": "v"], .string("k"), .list(["k"])]
        #expect(set.count == 3)
    }

    @Test(
        "Malformed templates throw with the offset and the reason",
        arguments: [
            ("{/id*", 0, Reason.unclosedExpression),
            ("{x", 0, .unclosedExpression),
            ("ab{x:", 2, .unclosedExpression),
            ("{x:3", 0, .unclosedExpression),
            ("/id*}", 4, .unopenedExpression),
            ("{!hello}", 1, .reservedOperator("!")),
            ("{,x}", 1, .reservedOperator(",")),
            ("{=path}", 1, .reservedOperator("=")),
            ("{}", 1, .missingVariableName),
            ("{?}", 2, .missingVariableName),
            ("{x,}", 3, .missingVariableName),
            ("{/?id}", 2, .invalidCharacter("?")),
            ("{with space}", 5, .invalidCharacter(" ")),
            ("/{default-graph-uri}", 9, .invalidCharacter("-")),
            ("{a{b}", 2, .invalidCharacter("{")),
            ("{x*y}", 3, .invalidCharacter("y")),
            ("é{ü}", 3, .invalidCharacter("ü")),
            ("{x.}", 2, .misplacedDot),
            ("{x..y}", 3, .misplacedDot),
            ("{..x}", 2, .misplacedDot),
            ("{%2x}", 1, .invalidPercentEncoding),
            ("50%", 2, .invalidPercentEncoding),
            ("{var:0}", 5, .invalidPrefixLength),
            ("{var:01}", 5, .invalidPrefixLength),
            ("{var:10000}", 5, .invalidPrefixLength),
            ("{var:}", 5, .invalidPrefixLength),
            ("{var:prefix}", 5, .invalidPrefixLength),
            ("{var:12a}", 5, .invalidPrefixLength),
            ("{hello:2*}", 8, .prefixWithExplode),
            ("{var*:2}", 5, .prefixWithExplode),
            ("a b", 1, .invalidLiteralCharacter(" ")),
            ("<{x}>", 0, .invalidLiteralCharacter("<")),
            ("{x}\n", 3, .invalidLiteralCharacter("\n")),
            ("x\u{FFFE}", 1, .invalidLiteralCharacter("\u{FFFE}")),
        ] as [(String, Int, Reason)]
    )
    func malformed(template: String, offset: Int, reason: Reason) {
        #expect(throws: URITemplate.Error(template: template, offset: offset, reason: reason)) {
            try URITemplate(template)
        }
    }

    @Test("Error messages are full sentences naming the template, the offset and the reason")
    func messages() {
        #expect(
            URITemplate.Error(template: "{var:0}", offset: 5, reason: .invalidPrefixLength).description
                == "The URI template '{var:0}' is invalid at offset 5: "
                + "the prefix length must be a number from 1 to 9999 without leading zeros."
        )
        #expect(Reason.unclosedExpression.description == "'{' has no matching '}'")
        #expect(Reason.reservedOperator("|").description == "the operator '|' is reserved for future extensions")
        #expect(
            Reason.invalidLiteralCharacter("\n").description
                == "the character U+000A is not allowed in a URI template; pct-encode it"
        )
        #expect(
            Reason.invalidCharacter(" ").description
                == "the character ' ' is not allowed here; variable names consist of letters, digits, '_', "
                + "pct-encoded triplets and single inner '.'"
        )
        let error = URITemplate.Error(template: "{x}", offset: 1, reason: .prefixOnCompositeValue(variable: "x"))
        #expect(error.errorDescription == error.description)
    }

    @Test("A prefix on a list or associative array fails at expansion, pointing at the variable")
    func prefixOnComposite() throws {
        let template = try URITemplate("{x,keys:1}")
        let expected = URITemplate.Error(
            template: "{x,keys:1}",
            offset: 3,
            reason: .prefixOnCompositeValue(variable: "keys")
        )
        #expect(throws: expected) { try template.expand(["keys": ["a"]]) }
        #expect(throws: expected) { try template.expand(["keys": ["a": "b"]]) }
        #expect(try template.expand(["keys": "abc"]) == "a")
        #expect(try template.expand(["keys": []]) == "")
    }
}
