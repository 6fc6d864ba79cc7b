import Foundation
import HTTPTypes
@testable import ResgenRuntime
import Testing

/// Server-written text in error descriptions cannot drive a terminal: a problem title of
/// `ESC ]0;… BEL ESC [2J` (set the window title, clear the screen) comes out as visible `\u{1B}`
/// escapes, as do C1 controls, DEL and CR; the description's own line breaks stay.
@Suite struct ControlCharacterEscapingTests {
    static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\r\u{9B}31m\u{7F}"

    /// Whether `text` holds a character a terminal acts on: C0 but tab and newline, DEL, C1.
    static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
    }

    @Test func theEscapingSpellsEveryControlCharacterAndKeepsTheRest() {
        #expect(ControlCharacterEscaping.escaped(Self.hostile) == #"\u{1B}]0;pwned\u{07}\u{1B}[2J\u{0D}\u{9B}31m\u{7F}"#)
        #expect(ControlCharacterEscaping.escaped("a\nb\tc") == #"a\u{0A}b"# + "\tc")
        #expect(ControlCharacterEscaping.escaped("a\nb", keepingNewlines: true) == "a\nb")
        #expect(ControlCharacterEscaping.escaped("é ü 日本 \u{A0}") == "é ü 日本 \u{A0}", "text that is not a control character stays")
        #expect(ControlCharacterEscaping.escaped("\u{9B}\u{1B}", spelling: .json) == #"\u009B\u001B"#)
        let once = ControlCharacterEscaping.escaped(Self.hostile)
        #expect(ControlCharacterEscaping.escaped(once) == once, "escaping twice changes nothing")
    }

    @Test func aClientErrorEscapesWhatTheServerWrote() async throws {
        let problem = #"{"title": "\u001b]0;pwned\u0007\u001b[2J", "detail": "line\r\nfake: \u009b2J"}"#
        let transport = FakeTransport { _, _ in
            var (response, body) = FakeTransport.response(422, problem, headers: [.contentType: "application/problem+json"])
            response.status = .init(code: 422, reasonPhrase: "Bad\u{1B}[2J")
            return (response, body)
        }
        let client = Client(baseURL: URL(string: "http://api.test")!, transport: transport)
        let error = await #expect(throws: ClientError.self) { _ = try await client.request(.get, URL(string: "http://api.test/a")!) }
        let description = try #require(error).description
        #expect(!Self.hasControlCharacters(description), "\(description)")
        #expect(description.contains(#"\u{1B}]0;pwned\u{07}\u{1B}[2J"#), "\(description)")
        #expect(description.split(separator: "\n").count == 2, "one line for the request, one per server error: \(description)")
    }

    @Test func aDecodingPathAndDetailAreEscaped() {
        let request = ClientError.RequestSummary(method: .get, url: URL(string: "http://api.test/a")!)
        let error = ClientError(kind: .decoding, request: request, codingPath: "data.\(Self.hostile)", detail: "no value for key '\(Self.hostile)'")
        #expect(!Self.hasControlCharacters(error.description), "\(error)")
    }

    @Test func transportAndTraversalErrorsEscapeTheirUnderlyingText() {
        struct Hostile: Error, CustomStringConvertible { var description: String { ControlCharacterEscapingTests.hostile } }
        let url = URL(string: "http://api.test/a")!
        let transport = TransportError(code: .other, method: .get, url: url, underlying: Hostile())
        #expect(!Self.hasControlCharacters(transport.description), "\(transport)")
        let failure = HALTraversalFailure(path: "[contacts\(Self.hostile)]", url: url, error: Hostile())
        #expect(!Self.hasControlCharacters(failure.description), "\(failure)")
    }
}
