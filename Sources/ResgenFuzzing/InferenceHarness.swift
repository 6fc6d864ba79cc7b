import Foundation
import ResgenCore
import ResgenDrafting

/// Target `infer`: `resgen infer`'s core (``SchemaInference``) over arbitrary documents — the JSON
/// parser, format detection, sample reading, type inference, naming and the YAML writer.
///
/// An input is a recording (`### <url> <content type>` lines, as `--record-responses` writes) when it
/// starts with `### `; otherwise it is one body, fetched from a fixed URL with the content type its
/// length picks (HAL, JSON:API, plain JSON). A finding is a trap, an error that is not one of the
/// user-facing ``InferenceError``s, a draft that does not validate, or lines the validator refused
/// that inference had to comment out (kind `repaired`: a naming rule inference does not know yet).
enum InferenceHarness {
    static let target = FuzzTarget(name: "infer", summary: "resgen infer's core: documents to a draft that validates") {
        input, _ throws(Finding) in
        try check(documents(input))
    }

    static let contentTypes: [String?] = ["application/hal+json", "application/vnd.api+json", "application/json", nil]

    /// The documents an input stands for.
    static func documents(_ input: Data) -> [FetchedDocument] {
        let text = String(decoding: input, as: UTF8.self)
        if text.hasPrefix("### ") { return FetchedDocument.documents(fromRecording: text) }
        return [FetchedDocument(url: "https://api.example.com/items/1", contentType: contentTypes[input.count % contentTypes.count], body: text)]
    }

    static func check(_ documents: [FetchedDocument]) throws(Finding) {
        let result: SchemaInference.Result
        do {
            result = try SchemaInference.draft(name: "Fuzzed", documents: documents)
        } catch .draftInvalid(let diagnostics) {
            throw Finding(target: "infer", kind: "invalid", message: "the draft does not validate: \(diagnostics)")
        } catch {
            return  // a user-facing error: not JSON, neither format, no resources…
        }
        let diagnostics = CollectingDiagnosticCollector()
        do {
            _ = try Pipeline.validate(inputs: [InputFile(path: "draft.yml", text: result.text)], diagnostics: diagnostics)
        } catch {
            let errors = diagnostics.diagnostics.map(\.description)
            throw Finding(target: "infer", kind: "invalid", message: "the draft does not validate: \(errors)\n\(result.text)")
        }
        guard result.repairs.isEmpty else {
            throw Finding(target: "infer", kind: "repaired", message: "the validator refused lines: \(result.repairs)\n\(result.text)")
        }
    }
}
