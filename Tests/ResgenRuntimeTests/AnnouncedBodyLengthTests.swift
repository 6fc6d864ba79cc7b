import HTTPTypes
import ResgenRuntime
import Testing

/// What a response head announces of its body's length, as both transports read it to refuse a body
/// over the limit before reading any of it.
@Suite struct AnnouncedBodyLengthTests {
    static func head(_ code: Int, _ fields: [HTTPField.Name: String]) -> HTTPResponse {
        var headerFields = HTTPFields()
        for (name, value) in fields { headerFields[name] = value }
        return HTTPResponse(status: .init(code: code), headerFields: headerFields)
    }

    @Test func aContentLengthOnAPlainBodyIsAnnounced() {
        #expect(Self.head(200, [.contentLength: " 42 "]).announcedBodyLength(for: .get) == 42)
        #expect(Self.head(200, [.contentLength: "7", .contentEncoding: "identity"]).announcedBodyLength(for: .post) == 7)
    }

    @Test func anEncodedBodyAnnouncesNothingOfItsInflatedSize() {
        #expect(Self.head(200, [.contentLength: "260000", .contentEncoding: "gzip"]).announcedBodyLength(for: .get) == nil)
    }

    @Test func responsesWithoutABodyAnnounceNothing() {
        #expect(Self.head(200, [.contentLength: "500"]).announcedBodyLength(for: .head) == nil)
        for code in [101, 204, 304] {
            #expect(Self.head(code, [.contentLength: "500"]).announcedBodyLength(for: .get) == nil)
        }
    }

    @Test func aMissingOrInvalidLengthAnnouncesNothing() {
        #expect(Self.head(200, [:]).announcedBodyLength(for: .get) == nil)
        for value in ["-1", "ten", "1,2", "99999999999999999999"] {
            #expect(Self.head(200, [.contentLength: value]).announcedBodyLength(for: .get) == nil)
        }
    }
}
