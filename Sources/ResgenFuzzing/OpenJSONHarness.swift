import Foundation

@testable import ResgenRuntime

/// Target `openjson`: open JSON from a server — ``JSONValue`` and error documents — decoded with
/// `JSONDecoder`'s answers, in time linear in the input's size.
///
/// The input is a document. Each check must not trap:
/// - `JSONValue(parsing:)` gives `JSONDecoder`'s answer (an equal value, or an error where it throws);
/// - the client's fallback (`JSONDecoder` with the tape lent, as when the tape decoder is unsure of a
///   document) gives the same answer inside a typed document;
/// - `ServerErrorDocument.decode` gives, for every media type, the document a `JSONDecoder`-only
///   reading gives.
/// With ``FuzzOptions/timeLimit``, resgen's readings of an input (not the `JSONDecoder` references) must
/// take at most a tenth of it: the inputs are at most 16 KB, which a linear reading takes well under a
/// millisecond for, and a reading quadratic in the depth (as `JSONValue` once was) took seconds.
enum OpenJSONHarness {
    static let target = FuzzTarget(name: "openjson", summary: "JSONValue and error documents: JSONDecoder's answers, in linear time") {
        input, options throws(Finding) in
        if let (kind, message) = check(input, options) { throw Finding(target: "openjson", kind: kind, message: message) }
    }

    /// The media types error documents are read under: each form named, and plain JSON (guessed).
    static let contentTypes = ["application/vnd.api+json", "application/problem+json", "application/vnd.error+json", "application/json"]

    /// A typed document with open JSON in it, and an integer the tape decoder is never sure of (`1e17`), so
    /// decoding it always takes the client's fallback.
    struct Fallback: Decodable, Equatable {
        var unsure: Int
        var meta: JSONValue
    }

    /// The kind of the first finding and its message, or `nil`.
    static func check(_ input: Data, _ options: FuzzOptions) -> (String, String)? {
        let fallbackInput = Data(#"{"unsure": 1e17, "meta": "#.utf8) + input + Data("}".utf8)
        let start = ThreadCPUClock.now()
        let parsed = Result { try JSONValue(parsing: input) }
        let documents = contentTypes.map { ServerErrorDocument.decode(input, contentType: $0) }
        let fallback = Result { try JSONDecoder().decodeUsingTape(Fallback.self, from: fallbackInput) }
        let elapsed = ThreadCPUClock.now() - start
        if let limit = options.timeLimit.map({ $0 / 10 }), elapsed > limit {
            return ("slow", "took \(elapsed) of CPU time for \(input.count) bytes (limit \(limit))")
        }

        let reference = Result { try JSONDecoder().decode(JSONValue.self, from: input) }
        switch (parsed, reference) {
        case (.success(let value), .success(let expected)) where value != expected:
            return ("difference", "JSONValue(parsing:) gave \(describe(value)), JSONDecoder \(describe(expected))")
        case (.success(let value), .failure(let error)):
            return ("difference", "JSONValue(parsing:) gave \(describe(value)) where JSONDecoder threw \(error)")
        case (.failure(let error), .success(let expected)):
            return ("difference", "JSONValue(parsing:) threw \(error) where JSONDecoder gave \(describe(expected))")
        default: break
        }

        let fallbackReference = Result { try JSONDecoder().decode(Fallback.self, from: fallbackInput) }
        if (try? fallback.get()) != (try? fallbackReference.get()) {
            return ("difference", "the fallback gave \(describe(fallback)), JSONDecoder \(describe(fallbackReference))")
        }

        for (contentType, document) in zip(contentTypes, documents) {
            let expected = referenceDocument(input, contentType: contentType)
            if document != expected {
                return ("difference", "as \(contentType): \(describe(document)), JSONDecoder alone \(describe(expected))")
            }
        }
        return nil
    }

    /// The error document as `JSONDecoder` alone reads `body` (the reading before the tape), within the
    /// same size limit.
    static func referenceDocument(_ body: Data, contentType: String) -> ServerErrorDocument? {
        guard !body.isEmpty, body.count <= ServerErrorDocument.maximumBytes else { return nil }
        let decoder = JSONDecoder()
        let other = { (try? decoder.decode(GenericErrorDocument.self, from: body)).map { ServerErrorDocument.other($0) } }
        switch contentType {
        case "application/vnd.api+json":
            if let errors = try? decoder.decode(JSONAPIErrors.self, from: body), errors.areJSONAPI(guessed: false) { return .jsonAPI(errors.errors) }
            return other()
        case "application/problem+json": return (try? decoder.decode(ProblemDetails.self, from: body)).map { .problem($0) }
        case "application/vnd.error+json": return (try? decoder.decode(VndError.self, from: body)).map { .vndError($0) }
        default:
            if let errors = try? decoder.decode(JSONAPIErrors.self, from: body), errors.areJSONAPI(guessed: true) { return .jsonAPI(errors.errors) }
            if let problem = try? decoder.decode(ProblemDetails.self, from: body), problem.title != nil || problem.type != nil { return .problem(problem) }
            if let error = try? decoder.decode(VndError.self, from: body), error.message != nil, error.logref != nil || error.errors != nil { return .vndError(error) }
            return other()
        }
    }

    /// A bounded description of a value for findings.
    static func describe<T>(_ value: T) -> String {
        let text = String(reflecting: value)
        return text.count > 1_000 ? String(text.prefix(1_000)) + "…" : text
    }
}
