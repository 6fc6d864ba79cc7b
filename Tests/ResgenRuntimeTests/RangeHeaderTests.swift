import ResgenRuntime
import Testing

/// `RangeHeader`: every form of RFC 9110 §14.1.1's range-spec, the list rules, and what is refused.
@Suite struct RangeHeaderTests {
    @Test(
        "Each range form reads as itself and writes back canonically",
        arguments: [
            ("bytes=0-499", [ByteRange.closed(first: 0, last: 499)], "bytes=0-499"),
            ("bytes=500-", [.from(first: 500)], "bytes=500-"),
            ("bytes=-500", [.suffix(length: 500)], "bytes=-500"),
            ("bytes=0-0", [.closed(first: 0, last: 0)], "bytes=0-0"),
            ("bytes=-0", [.suffix(length: 0)], "bytes=-0"),
            ("bytes=0-499,1000-", [.closed(first: 0, last: 499), .from(first: 1000)], "bytes=0-499, 1000-"),
            ("bytes=0-1, 5-9 ,\t-3", [.closed(first: 0, last: 1), .closed(first: 5, last: 9), .suffix(length: 3)], "bytes=0-1, 5-9, -3"),
            ("bytes=,0-1,,", [.closed(first: 0, last: 1)], "bytes=0-1"),
            ("  bytes=7-  ", [.from(first: 7)], "bytes=7-"),
            ("BYTES=007-9", [.closed(first: 7, last: 9)], "bytes=7-9"),
            ("Bytes=9223372036854775807-", [.from(first: .max)], "bytes=9223372036854775807-"),
        ])
    func parses(value: String, ranges: [ByteRange], canonical: String) throws {
        let header = try #require(RangeHeader(parsing: value))
        #expect(header.ranges == ranges)
        #expect(header.description == canonical)
        #expect(RangeHeader(parsing: header.description) == header)
    }

    @Test(
        "What is not a bytes ranges-specifier is nil",
        arguments: [
            "", "bytes", "bytes=", "bytes=,", "bytes= , ", "bytes=-", "bytes=5-3", "bytes=a-1", "bytes=1-b", "bytes=1--2",
            "bytes=0-1;2-3", "bytes=+1-2", "bytes=1 -2", "bytes =1-2", "bytes= 1-2x", "items=0-1", "byte=0-1", "bytesx=0-1",
            "bytes=9223372036854775808-", "bytes=-99999999999999999999", "bytes=0-1,5-3", "=0-1",
        ])
    func refuses(value: String) {
        #expect(RangeHeader(parsing: value) == nil)
    }

    @Test func aResumedDownloadAsksForTheRest() {
        #expect(RangeHeader([.from(first: 1_048_576)]).description == "bytes=1048576-")
    }
}
