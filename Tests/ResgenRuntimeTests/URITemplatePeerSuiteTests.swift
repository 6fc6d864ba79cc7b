import Foundation
import ResgenRuntime
import Testing

/// Runs every case of the uritemplate-test suite (github.com/uri-templates/uritemplate-test), read from
/// `../shared/peer-suites/uritemplate-test` next to the package root; see that folder's README.
@Suite("URI template peer suite")
struct URITemplatePeerSuiteTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ResgenRuntimeTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/peer-suites/uritemplate-test")

    /// Whether to run: when the folder is there, and always on CI (where a missing folder must fail the
    /// test, not skip it).
    static let isAvailable: Bool = {
        if FileManager.default.fileExists(atPath: directory.path) { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        print("note: \(directory.standardized.path) is missing; skipping the URI template peer suite")
        return false
    }()

    @Test(
        "Every case of a suite file",
        .enabled(if: isAvailable),
        arguments: [
            "spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json",
        ]
    )
    func suiteFile(_ file: String) throws {
        let url = Self.directory.appendingPathComponent(file)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("The peer suite file \(url.standardized.path) is missing (CI is set, so this fails)")
            return
        }
        let suite = try OrderedJSON.parse(String(decoding: data, as: UTF8.self))
        let groups = try #require(suite.members, "\(file) is not a JSON object")
        var passed = 0
        var total = 0
        for (group, body) in groups {
            let variables = try Self.variables(body["variables"], group: group)
            guard case .array(let cases)? = body["testcases"] else {
                Issue.record("\(file) › \(group): no 'testcases' array")
                continue
            }
            for testCase in cases {
                guard case .array(let pair) = testCase, pair.count == 2, case .string(let template) = pair[0] else {
                    Issue.record("\(file) › \(group): malformed case \(testCase)")
                    continue
                }
                total += 1
                if let failure = Self.check(template, expected: pair[1], variables: variables) {
                    Issue.record("\(file) › \(group): \(failure)")
                } else {
                    passed += 1
                }
            }
        }
        print("uritemplate-test \(file): \(passed)/\(total) cases passed")
        #expect(total > 0)
    }

    @Test("The harness reports wrong results (it is not vacuous)")
    func harness() {
        let variables: [String: URITemplate.Value] = ["var": "value"]
        #expect(Self.check("{var}", expected: .string("value"), variables: variables) == nil)
        #expect(Self.check("{var}", expected: .string("other"), variables: variables) != nil)
        #expect(Self.check("{var}", expected: .bool(false), variables: variables) != nil)
        #expect(Self.check("{var", expected: .string("value"), variables: variables) != nil)
        #expect(
            Self.check(
                "{var}",
                expected: .array([.string("x"), .string("value")]),
                variables: variables
            ) == nil
        )
    }

    /// Runs one case; returns what went wrong, or `nil` when it passed.
    static func check(_ template: String, expected: OrderedJSON, variables: [String: URITemplate.Value]) -> String? {
        let outcome: Result<String, URITemplate.Error>
        do throws(URITemplate.Error) {
            outcome = .success(try URITemplate(template).expand(variables))
        } catch {
            outcome = .failure(error)
        }
        let actual: String
        switch outcome {
        case .success(let expansion): actual = "'\(expansion)'"
        case .failure(let error): actual = "error: \(error)"
        }
        switch (expected, outcome) {
        case (.string(let string), .success(let expansion)) where expansion == string:
            return nil
        case (.array(let options), .success(let expansion)) where options.contains(.string(expansion)):
            return nil
        case (.bool(false), .failure(let error)):
            guard (0...template.utf8.count).contains(error.offset) else {
                return "'\(template)' failed with an offset outside the template: \(error)"
            }
            return nil
        default:
            return "'\(template)' expected \(describe(expected)), got \(actual)"
        }
    }

    private static func describe(_ expected: OrderedJSON) -> String {
        switch expected {
        case .string(let string): "'\(string)'"
        case .array(let options): "one of " + options.map(describe).joined(separator: ", ")
        case .bool(false): "an error"
        default: "\(expected)"
        }
    }

    /// A group's variables: strings as they are, numbers and booleans as their JSON text, arrays as
    /// lists, objects as associative arrays in document order; `null` leaves the variable undefined.
    static func variables(_ json: OrderedJSON?, group: String) throws -> [String: URITemplate.Value] {
        guard let members = json?.members else { throw PeerSuiteError("\(group): no 'variables' object") }
        var variables: [String: URITemplate.Value] = [:]
        for (name, value) in members {
            switch value {
            case .null:
                continue
            case .array(let elements):
                variables[name] = .list(try elements.map { try scalarText($0, name: name) })
            case .object(let pairs):
                variables[name] = .associative(try pairs.map { ($0.0, try scalarText($0.1, name: name)) })
            default:
                variables[name] = .string(try scalarText(value, name: name))
            }
        }
        return variables
    }

    private static func scalarText(_ value: OrderedJSON, name: String) throws -> String {
        switch value {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: throw PeerSuiteError("variable '\(name)' holds a nested value or null: \(value)")
        }
    }

    struct PeerSuiteError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
