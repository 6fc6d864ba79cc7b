import ResgenRuntime
import Testing

/// `ContentRange`: the three forms of RFC 9110 §14.4 and every invalid one a resumed download must
/// refuse rather than append.
@Suite struct ContentRangeTests {
    @Test func aSatisfiedRangeWithItsCompleteLength() throws {
        let part = try #require(ContentRange(parsing: "bytes 0-499/1234"))
        #expect(part.range == 0...499)
        #expect(part.completeLength == 1234)
        #expect(part.description == "bytes 0-499/1234")
    }

    @Test func aSatisfiedRangeOfUnknownCompleteLength() throws {
        let part = try #require(ContentRange(parsing: "bytes 0-499/*"))
        #expect(part.range == 0...499)
        #expect(part.completeLength == nil)
        #expect(part.description == "bytes 0-499/*")
    }

    @Test func anUnsatisfiedRange() throws {
        let part = try #require(ContentRange(parsing: "bytes */1234"))
        #expect(part.range == nil)
        #expect(part.completeLength == 1234)
        #expect(part.description == "bytes */1234")
        #expect(part == ContentRange(unsatisfiedLength: 1234))
    }

    @Test(
        "Letter case of the unit, leading zeros, whitespace around the value and the largest numbers",
        arguments: [
            ("BYTES 0-0/1", "bytes 0-0/1"),
            ("  bytes 01-02/003\t", "bytes 1-2/3"),
            ("bytes 1233-1233/1234", "bytes 1233-1233/1234"),
            ("bytes 0-9223372036854775806/9223372036854775807", "bytes 0-9223372036854775806/9223372036854775807"),
            ("bytes */0", "bytes */0"),
        ])
    func readsLeniently(value: String, canonical: String) throws {
        let part = try #require(ContentRange(parsing: value))
        #expect(part.description == canonical)
        #expect(ContentRange(parsing: part.description) == part)
    }

    @Test(
        "What RFC 9110 calls invalid, or is not in its grammar, is nil",
        arguments: [
            "", "bytes", "bytes ", "bytes */*", "bytes 5-4/10", "bytes 0-10/10", "bytes 0-10/5", "bytes 0-499", "bytes 0-/1234",
            "bytes -499/1234", "bytes 0-499/", "bytes 0-499/12x", "bytes=0-499/1234", "bytes  0-499/1234", "bytes 0 -499/1234",
            "items 0-499/1234", "bytes 0-499/1234/5", "bytes */", "bytes */-1", "bytes 0-9223372036854775808/*",
            "bytes 0-1/99999999999999999999", "bytes 0-499/*/", "bytes\t0-499/1234",
        ])
    func refuses(value: String) {
        #expect(ContentRange(parsing: value) == nil)
    }

    @Test func aRangeIsValidOnlyBeforeItsCompleteLength() {
        #expect(ContentRange(range: 0...9, completeLength: 10) != nil)
        #expect(ContentRange(range: 0...10, completeLength: 10) == nil)
        #expect(ContentRange(range: 5...9, completeLength: nil)?.description == "bytes 5-9/*")
    }
}
