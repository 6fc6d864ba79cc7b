import Foundation
import Testing

@testable import ResgenCore

/// An override that uses what the interpreter does not implement, or leads a tag to a value that
/// cannot be printed, is an error at its file, line and column: never another renderer's output.
@Suite struct TemplateErrorTests {
    /// An override of `Paths`, the line and column of the tag at fault, and what the message says.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // Constructs swift-mustache parses and the interpreter does not implement: found when compiling.
        Case(
            name: "block", text: "{{%CONTENT_TYPE: TEXT}}\n{{! a comment }}\n  x {{$title}}default {{apiName}}{{/title}}\n", line: 3,
            column: 5, message: "'{{$title}}' (a block) is not supported; templates may use variables, sections"),
        Case(
            name: "parent", text: "{{%CONTENT_TYPE: TEXT}}\n{{#resources}}\n{{/resources}}\n{{<Inner}}{{$title}}x{{/title}}{{/Inner}}",
            line: 4, column: 1, message: "'{{<Inner}}' (a parent template with blocks) is not supported"),
        Case(
            name: "dynamic partial", text: "{{apiName}}\n\n{{{apiName}}} {{>*apiName}}", line: 3, column: 15,
            message: "'{{>*apiName}}' (a dynamic partial) is not supported"),
        // `{{access}}` is substituted before parsing: columns are still the text's as written.
        Case(
            name: "after access", text: "{{access}} {{access}} {{$x}}{{/x}}", line: 1, column: 23,
            message: "'{{$x}}' (a block) is not supported"),
        // Delimiter changes and comments are followed.
        Case(
            name: "delimiters", text: "{{=<% %>=}}\n<%! {{$no}} %>\n<%#resources%><%/resources%> <%$x%><%/x%>", line: 3, column: 30,
            message: "'{{$x}}' (a block) is not supported"),
        // Values that cannot be printed or used: found when rendering.
        Case(
            name: "list printed", text: "{{#resources}}\n  {{resourceProperties}}\n{{/resources}}", line: 2, column: 3,
            message: "'{{resourceProperties}}' is a list, which does not print; print its elements inside '{{#resourceProperties}}…{{/resourceProperties}}'"),
        Case(
            name: "context printed", text: "{{#resources}}{{.}}{{/resources}}", line: 1, column: 15,
            message: "'{{.}}' is a context, which does not print"),
        Case(
            name: "optional transform",
            text: "{{#resources}}\n{{#first(resourceProperties)}}{{propertyName}}{{/first(resourceProperties)}}{{/resources}}", line: 2,
            column: 1, message: "'{{first(resourceProperties)}}': 'first' gives a value of type 'PropertyContext', which templates cannot use"),
        Case(
            name: "substring transform", text: "{{#resources}}{{reversed(resourceName)}}{{/resources}}", line: 1, column: 15,
            message: "'{{reversed(resourceName)}}': 'reversed' gives a value of type"),
        // Not a construct at all: swift-mustache's parse error, at its line.
        Case(
            name: "parse error", text: "{{#resources}}\n{{/resource}}", line: 2, column: 4,
            message: "the template does not parse: a section is closed with another name than it was opened with"),
    ]

    @Test(arguments: cases)
    func anUnsupportedConstructIsAnErrorAtItsLine(_ testCase: Case) throws {
        let diagnostics = CollectingDiagnosticCollector()
        let templates = TemplateSet.defaults.overriding(
            with: ["Paths.mustache": testCase.text, "Inner.mustache": "x"], folder: "overrides", diagnostics: CollectingDiagnosticCollector())
        let inputs = try exampleInputs("blog")
        #expect(throws: DiagnosticsError.self) {
            try Pipeline.generate(inputs: inputs, config: Config(), templates: templates, diagnostics: diagnostics)
        }
        let errors = diagnostics.sorted.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors.map(\.description))")
        let error = try #require(errors.first)
        #expect(error.location == SourceLocation(file: "overrides/Paths.mustache", line: testCase.line, column: testCase.column), "\(error)")
        #expect(error.message.hasPrefix(testCase.message), "\(error)")
    }

    /// Every tag of every default template is placed: its line and column point at the tag's text.
    @Test func everyTagOfTheDefaultTemplatesHasItsPlace() throws {
        let renderer = Renderer(templates: .defaults)
        for access in ["public", "internal"] {
            let prepared = try renderer.prepare(access: access)
            var count = 0
            for (name, template) in prepared.interpreter.templates {
                let lines = try #require(TemplateSet.defaults.templates[name]).split(separator: "\n", omittingEmptySubsequences: false)
                func walk(_ template: CompiledTemplate) {
                    for token in template.tokens {
                        let lookup: CompiledTemplate.Lookup
                        switch token {
                        case .variable(let found, _): lookup = found
                        case .section(let found, let body), .invertedSection(let found, let body):
                            lookup = found
                            walk(body)
                        case .text, .partial, .contentType: continue
                        }
                        count += 1
                        guard let (line, column) = lookup.site.place, line <= lines.count else {
                            Issue.record("\(name): '\(lookup.spelling)' has no place")
                            continue
                        }
                        let rest = String(decoding: lines[line - 1].utf8.dropFirst(column - 1), as: UTF8.self)
                        #expect(rest.hasPrefix("{{") && rest.contains(lookup.spelling), "\(name):\(line):\(column): '\(lookup.spelling)'")
                    }
                }
                walk(template)
            }
            #expect(count > 500)
        }
    }
}
