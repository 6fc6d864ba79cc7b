import ResgenRuntime
import Testing

@Suite("Template variables")
struct TemplateVariablesTests {
    @Test("Call values override defaults")
    func override() {
        let variables = TemplateVariables(defaults: ["size": 20, "lang": "en"], call: ["size": 50, "page": 2])
        #expect(variables.resolved() == ["size": "50", "lang": "en", "page": "2"])
    }

    @Test("Removals drop defaults for the call")
    func removal() {
        var variables = TemplateVariables(defaults: ["size": 20, "lang": "en"])
        variables.removed = ["lang", "unknown"]
        #expect(variables.resolved() == ["size": "20"])
    }

    @Test("A value the call sets is kept even when its name is removed")
    func callBeatsRemoval() {
        let variables = TemplateVariables(defaults: ["size": 20], call: ["size": 5], removing: ["size"])
        #expect(variables.resolved() == ["size": "5"])
    }

    @Test("Empty layers resolve to nothing; each layer alone resolves to itself")
    func layers() {
        #expect(TemplateVariables().resolved().isEmpty)
        #expect(TemplateVariables(defaults: ["a": ["x", "y"]]).resolved() == ["a": ["x", "y"]])
        #expect(TemplateVariables(call: ["a": ["k": "v"]]).resolved() == ["a": ["k": "v"]])
    }

    @Test("Resolved variables expand a template")
    func expansion() throws {
        let template = try URITemplate("/orders{?page,size,lang}")
        let variables = TemplateVariables(defaults: ["size": 20, "lang": "en"], call: ["page": 3], removing: ["lang"])
        #expect(try template.expand(variables.resolved()) == "/orders?page=3&size=20")
    }
}
