import Foundation
import HTTPTypes
import Testing

@_spi(Generated) @testable import ResgenRuntime

/// Open JSON (`JSONValue`, error documents) from hostile servers: decoded with `JSONDecoder`'s answers,
/// nested at most `JSONValue.maximumDepth` levels, and error documents read only up to
/// `ServerErrorDocument.maximumBytes` (issue 23: a 100 KB error body of deep arrays cost about 70 s of CPU).
/// How long decoding takes is `make bench`'s to show (HostileBench), not a test's.
@Suite struct OpenJSONTests {
    /// `JSONDecoder`'s own answer, through the `Decoder` API.
    func reference(_ json: Data) -> Result<JSONValue, any Error> {
        Result { try JSONDecoder().decode(JSONValue.self, from: json) }
    }

    /// Every way resgen reads open JSON gives `JSONDecoder`'s answer for `json`: `JSONValue(parsing:)`, the
    /// tape decoder, and `JSONDecoder` with the tape lent (the client's fallback).
    func agree(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let data = Data(json.utf8)
        let expected = try? reference(data).get()
        #expect((try? JSONValue(parsing: data)) == expected, "JSONValue(parsing:)", sourceLocation: sourceLocation)
        if let tape = TapeDecoder.decode(JSONValue.self, from: data, like: JSONDecoder(), userInfo: [:]) {
            #expect(tape == expected, "the tape decoder", sourceLocation: sourceLocation)
        }
        let lent = try? JSONTape.withTape(of: data) { tape in
            try? JSONDecoder().copy(addingUserInfo: [.resgenTape: TapeLoan(tape)]).decode(JSONValue.self, from: data)
        }
        #expect(lent == expected, "JSONDecoder with the tape lent", sourceLocation: sourceLocation)
    }

    @Test func valuesAreJSONDecodersAnswers() {
        agree(#"null"#)
        agree(#"[true, false, 0, -0, 1.5e3, -2, 12345678901234567890123, "x\u00e9\ud83d\ude00\n"]"#)
        agree(#"{"a": {"b": [1, {"c": null}]}, "": [], "e": {}}"#)
        // The first of equal keys wins, keys compared as Strings (canonical equivalence).
        agree(#"{"k": 1, "k": 2, "caf\u00e9": 3, "cafe\u0301": 4}"#)
        // Numbers JSONDecoder does not read as a Double: no value, either way.
        agree(#"[1e400]"#)
        agree(#"{"tiny": 1e-400}"#)
        agree(#"[0e-400, 0.0e5]"#)
        agree(#"not json"#)
    }

    /// `n` arrays, each inside the next: the innermost (empty) one sits `n - 1` levels deep.
    func nested(_ n: Int) -> String { String(repeating: "[", count: n) + String(repeating: "]", count: n) }

    @Test func nestingStopsAtTheMaximumDepth() throws {
        let deepest = JSONValue.maximumDepth
        // The innermost value 64 levels down decodes; 65 levels down it does not, whichever way.
        #expect(throws: Never.self) { try JSONValue(parsing: Data(nested(deepest + 1).utf8)) }
        for json in [nested(deepest + 2), nested(500), #"{"a": "# + nested(deepest + 1) + "}"] {
            let data = Data(json.utf8)
            #expect(throws: DecodingError.self) { try JSONValue(parsing: data) }
            #expect(throws: DecodingError.self) { try reference(data).get() }
            #expect(TapeDecoder.decode(JSONValue.self, from: data, like: JSONDecoder(), userInfo: [:]) == nil)
        }
        agree(nested(deepest + 1))
        agree(nested(deepest + 2))
    }

    /// The error says where: the coding path of the first value too deep, as JSONDecoder would name it.
    @Test func theDepthErrorNamesThePath() throws {
        let json = #"{"errors": [{"meta": {"a": "# + nested(70) + "}}]}"
        for decode in [
            { try JSONValue(parsing: Data(json.utf8)) },
            { try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)) },
        ] as [() throws -> JSONValue] {
            let error = #expect(throws: DecodingError.self) { try decode() }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("expected dataCorrupted, got \(String(describing: error))")
                continue
            }
            #expect(context.codingPath.count == JSONValue.maximumDepth + 1)
            #expect(context.codingPath.prefix(5).map(\.stringValue) == ["errors", "Index 0", "meta", "a", "Index 0"])
            #expect(context.debugDescription.contains("JSONValue.maximumDepth"))
        }
    }

    /// Open JSON inside a typed document: depth counts from the top of the document, the same through the
    /// tape and through `JSONDecoder`, so the tape never answers where `JSONDecoder` would fail.
    @Test func depthCountsFromTheTopOfTheDocument() {
        struct Wrapper: Decodable, Equatable {
            var meta: JSONValue
        }
        let fits = #"{"meta": "# + nested(JSONValue.maximumDepth) + "}"
        let tooDeep = #"{"meta": "# + nested(JSONValue.maximumDepth + 1) + "}"
        #expect(TapeDecoder.decode(Wrapper.self, from: Data(fits.utf8), like: JSONDecoder(), userInfo: [:]) != nil)
        #expect((try? JSONDecoder().decode(Wrapper.self, from: Data(fits.utf8))) != nil)
        #expect(TapeDecoder.decode(Wrapper.self, from: Data(tooDeep.utf8), like: JSONDecoder(), userInfo: [:]) == nil)
        #expect((try? JSONDecoder().decode(Wrapper.self, from: Data(tooDeep.utf8))) == nil)
    }

    /// When the tape is unsure of a document (an integer written `1e17`), `JSONDecoder` answers with the tape
    /// lent; its JSONValues are the same as without it.
    @Test func theClientsFallbackDecodesOpenJSONTheSame() throws {
        struct Counted: Decodable, Equatable {
            var count: Int
            var meta: JSONValue
        }
        let json = Data(#"{"count": 1e17, "meta": {"a": [1, "b", null, {"c": true}], "a": 2}}"#.utf8)
        #expect(TapeDecoder.decode(Counted.self, from: json, like: JSONDecoder(), userInfo: [:]) == nil, "the tape is unsure")
        let decoded = try JSONDecoder().decodeUsingTape(Counted.self, from: json)
        #expect(decoded == (try JSONDecoder().decode(Counted.self, from: json)))
        #expect(decoded.count == 100_000_000_000_000_000)
    }

    /// A value JSONDecoder scans but refuses (`01`, a raw control character) or a trailing comma used to
    /// leave the whole document to JSONDecoder alone, whose open JSON costs work proportional to its depth
    /// per value: one such byte anywhere made a deep `meta` slow again (found by the `openjson` fuzz target).
    /// Now the tape reads what JSONDecoder's scanner reads, and JSONDecoder decides with the tape lent.
    @Test func documentsJSONDecoderAloneWouldReadStillHaveATape() throws {
        struct Wrapper: Decodable, Equatable {
            var meta: JSONValue
        }
        for json in [
            #"{"meta": [[1, {"a": null}]], "unread": 01}"#,
            "{\"meta\": [[1]], \"unread\": \"\u{01}\\x\"}",
            #"{"meta": [[1,], {"a": 2,},],}"#,
            "\u{FEFF}{\"meta\": 1}",
        ] {
            let data = Data(json.utf8)
            #expect(try JSONTape.withTape(of: data) { _ in true }, "the tape parses \(json)")
            #expect(try JSONDecoder().decodeUsingTape(Wrapper.self, from: data) == JSONDecoder().decode(Wrapper.self, from: data))
        }
        // The open JSON itself holding such a value: an error, as through JSONDecoder.
        let invalidInside = Data(#"{"meta": [1, 01]}"#.utf8)
        #expect(throws: (any Error).self) { try JSONDecoder().decodeUsingTape(Wrapper.self, from: invalidInside) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Wrapper.self, from: invalidInside) }
        #expect(throws: (any Error).self) { try JSONValue(parsing: Data(#"{"k": "\u{01}"}"#.utf8)) }
    }

    // MARK: error documents

    @Test func anErrorDocumentWithDeepMetaIsNotDecoded() {
        let body = #"{"errors": [{"title": "Invalid", "meta": "# + nested(500) + "}]}"
        #expect(ServerErrorDocument.decode(Data(body.utf8), contentType: "application/vnd.api+json") == nil)
        let shallow = #"{"errors": [{"title": "Invalid", "meta": "# + nested(20) + "}]}"
        #expect(ServerErrorDocument.decode(Data(shallow.utf8), contentType: "application/vnd.api+json")?.summaries == ["Invalid"])
    }

    @Test func errorDocumentsAreReadUpToTheirLimit() {
        let document = #"{"errors": [{"title": "Invalid"}]}"#
        let padding = ServerErrorDocument.maximumBytes - document.utf8.count
        let atTheLimit = Data((document + String(repeating: " ", count: padding)).utf8)
        #expect(ServerErrorDocument.decode(atTheLimit, contentType: "application/vnd.api+json")?.summaries == ["Invalid"])
        let overTheLimit = atTheLimit + Data(" ".utf8)
        #expect(ServerErrorDocument.decode(overTheLimit, contentType: "application/vnd.api+json") == nil)
    }

    /// A document only `JSONDecoder` can read exactly (an integer written `1e17`) still decodes.
    @Test func anErrorDocumentTheTapeIsUnsureOfStillDecodes() {
        let body = Data(#"{"title": "Unprocessable", "status": 1e17, "detail": "no"}"#.utf8)
        #expect(TapeDecoder.decode(ProblemDetails.self, from: body, like: JSONDecoder(), userInfo: [:]) == nil, "the tape is unsure")
        let problem = ServerErrorDocument.decode(body, contentType: "application/problem+json")
        #expect(problem == .problem(ProblemDetails(title: "Unprocessable", status: 100_000_000_000_000_000, detail: "no")))
        // Guessing the form from a plain JSON body: the same answer.
        #expect(ServerErrorDocument.decode(body, contentType: "application/json") == problem)
    }

    /// Through the client: a hostile 422 is a `ClientError` with its status and excerpt, no document.
    @Test func aHostileErrorBodyIsAnErrorWithoutADocument() async throws {
        let body = #"{"errors": [{"title": "Invalid", "meta": ["# + Array(repeating: nested(300), count: 50).joined(separator: ",") + "]}]}"
        let transport = FakeTransport(status: 422, json: body, headers: [.contentType: "application/vnd.api+json"])
        let client = Client(baseURL: URL(string: "https://api.example.com")!, transport: transport)
        let error = await #expect(throws: ClientError.self) { _ = try await client.request(.get, URL(string: "https://api.example.com/articles")!) }
        #expect(error?.status?.code == 422)
        #expect(error?.serverError == nil)
        #expect(error?.bodyExcerpt?.hasPrefix(#"{"errors""#) == true)
    }
}
