import Foundation
import ResgenRuntime
import Testing

/// A JSON body value.
private struct JSONNote: Codable, Sendable, Equatable {
    var title: String
    var body: String
}

@Suite("Request body encoding")
struct RequestBodyEncoderTests {
    @Test("No body: no content type, no bytes")
    func none() throws {
        let encoded = try RequestBodyEncoder().encode(.none)
        #expect(encoded.contentType == nil)
        guard case .none = encoded.body else {
            Issue.record("expected no body, got \(encoded.body)")
            return
        }
    }

    @Test("Raw bytes go as given, with their content type")
    func raw() throws {
        let encoded = try RequestBodyEncoder().encode(.raw(Data([0, 1, 2]), contentType: "application/x-thing"))
        #expect(encoded.contentType == "application/x-thing")
        #expect(try encoded.body.bytes() == Data([0, 1, 2]))
    }

    @Test("JSON bodies use the injected encoder")
    func injectedJSON() throws {
        let encoder = RequestBodyEncoder(encodeJSON: { value in
            let json = JSONEncoder()
            json.outputFormatting = [.sortedKeys]
            json.keyEncodingStrategy = .convertToSnakeCase
            return try json.encode(value)
        })
        struct Payload: Encodable, Sendable { var firstName = "Ada", age = 36 }
        let encoded = try encoder.encode(.json(Payload()))
        #expect(encoded.contentType == "application/json")
        #expect(try encoded.body.bytes() == Data(#"{"age":36,"first_name":"Ada"}"#.utf8))
    }

    @Test("JSON errors from the injected encoder propagate")
    func injectedJSONThrows() {
        struct Refused: Error {}
        let encoder = RequestBodyEncoder(encodeJSON: { _ in throw Refused() })
        #expect(throws: Refused.self) { try encoder.encode(.json(JSONNote(title: "a", body: "b"))) }
    }

    @Test("By default JSON bodies use a plain JSONEncoder")
    func defaultJSON() throws {
        let note = JSONNote(title: "Hi", body: "there")
        let encoded = try RequestBodyEncoder().encode(.json(note))
        let bytes = try #require(try encoded.body.bytes())
        #expect(try JSONDecoder().decode(JSONNote.self, from: bytes) == note)
    }

    @Test("Multipart bodies go to the configured MultipartEncoder")
    func multipart() throws {
        let encoder = RequestBodyEncoder(multipart: MultipartEncoder(boundary: .fixed("xyz")))
        let encoded = try encoder.encode(.multipart([MultipartPart(name: "a", content: .data(Data("1".utf8)))]))
        #expect(encoded.contentType == "multipart/form-data; boundary=xyz")
        #expect(
            try encoded.body.bytes()
                == Data("--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--xyz--\r\n".utf8)
        )
    }

    @Test(
        "Forms follow the WHATWG application/x-www-form-urlencoded serializer",
        arguments: [
            ([("q", "hello world")], "q=hello+world"),
            ([("a&b", "c=d")], "a%26b=c%3Dd"),
            ([("plus", "1+1")], "plus=1%2B1"),
            ([("kept", "AZaz09*-._")], "kept=AZaz09*-._"),
            ([("encoded", "~!'()/?:@$,;%#[]")], "encoded=%7E%21%27%28%29%2F%3F%3A%40%24%2C%3B%25%23%5B%5D"),
            ([("é", "naïve 🙂")], "%C3%A9=na%C3%AFve+%F0%9F%99%82"),
            ([("lines", "a\r\nb")], "lines=a%0D%0Ab"),
            ([("", "")], "="),
            ([("empty", "")], "empty="),
            ([("flag", nil)], "flag="),
            ([("b", "1"), ("a", "2"), ("b", "3")], "b=1&a=2&b=3"),
            ([], ""),
        ] as [([(String, String?)], String)]
    )
    func form(_ items: [(String, String?)], _ expected: String) throws {
        let encoded = try RequestBodyEncoder().encode(.form(items.map { QueryItem(name: $0.0, value: $0.1) }))
        #expect(encoded.contentType == "application/x-www-form-urlencoded")
        #expect(try encoded.body.bytes() == Data(expected.utf8))
    }
}
