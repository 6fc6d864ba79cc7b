import Foundation
import ResgenCore
import ResgenDrafting

/// Target `openapi`: `resgen import-openapi`'s core (``OpenAPIImport``) over arbitrary documents —
/// OpenAPIKit's decoding (JSON and YAML, 3.0 and 3.1), `$ref` resolution, shape detection, type
/// mapping, naming and the YAML writer.
///
/// A finding is a trap, a draft that does not validate, or lines the validator refused that the
/// importer had to comment out (kind `repaired`: a naming rule the importer does not know yet). A
/// document OpenAPIKit refuses is a user-facing error, not a finding.
enum OpenAPIImportHarness {
    static let target = FuzzTarget(
        name: "openapi", summary: "resgen import-openapi's core: an OpenAPI document to a draft that validates"
    ) {
        input, _ throws(Finding) in
        try check(Array(input))
    }

    static func check(_ bytes: [UInt8]) throws(Finding) {
        let result: OpenAPIImport.Result
        do {
            result = try OpenAPIImport.draft(name: "Fuzzed", document: bytes, source: "fuzzed.json")
        } catch .draftInvalid(let diagnostics) {
            throw Finding(target: "openapi", kind: "invalid", message: "the draft does not validate: \(diagnostics)")
        } catch {
            return  // a user-facing error: not JSON or YAML, not OpenAPI 3, refused by OpenAPIKit
        }
        let diagnostics = CollectingDiagnosticCollector()
        do {
            _ = try Pipeline.validate(
                inputs: [InputFile(path: "draft.yml", text: result.text)], diagnostics: diagnostics)
        } catch {
            let errors = diagnostics.diagnostics.map(\.description)
            throw Finding(
                target: "openapi", kind: "invalid", message: "the draft does not validate: \(errors)\n\(result.text)")
        }
        guard result.repairs.isEmpty else {
            throw Finding(
                target: "openapi", kind: "repaired",
                message: "the validator refused lines: \(result.repairs)\n\(result.text)")
        }
    }
}
