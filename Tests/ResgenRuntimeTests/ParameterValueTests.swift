import Foundation
@_spi(Generated) import ResgenRuntime
import Testing

@Suite("Parameter values")
struct ParameterValueTests {
    @Test("Strings, booleans and integers")
    func basics() {
        #expect("a b".parameterValue == "a b")
        #expect("abc".dropFirst().parameterValue == "bc")
        #expect(true.parameterValue == "true")
        #expect(false.parameterValue == "false")
        #expect((-42).parameterValue == "-42")
        #expect(Int8(-8).parameterValue == "-8")
        #expect(Int16(16).parameterValue == "16")
        #expect(Int32(32).parameterValue == "32")
        #expect(Int64.max.parameterValue == "9223372036854775807")
        #expect(UInt(1).parameterValue == "1")
        #expect(UInt8(255).parameterValue == "255")
        #expect(UInt16(16).parameterValue == "16")
        #expect(UInt32(32).parameterValue == "32")
        #expect(UInt64.max.parameterValue == "18446744073709551615")
    }

    @Test("Floating-point and decimal numbers")
    func numbers() {
        #expect(1.5.parameterValue == "1.5")
        #expect(3.0.parameterValue == "3.0")
        #expect(Float(0.25).parameterValue == "0.25")
        #expect(Decimal(string: "12.50")!.parameterValue == "12.5")
        #expect(Decimal(-3).parameterValue == "-3")
    }

    @Test("Dates in ISO 8601, with milliseconds only when there are some")
    func dates() {
        let whole = Date(timeIntervalSince1970: 1_709_296_200)
        #expect(whole.parameterValue == "2024-03-01T12:30:00Z")
        #expect(whole.addingTimeInterval(0.25).parameterValue == "2024-03-01T12:30:00.250Z")
        #expect(whole.addingTimeInterval(0.0001).parameterValue == "2024-03-01T12:30:00Z")
        #expect(Date(timeIntervalSince1970: -0.5).parameterValue == "1969-12-31T23:59:59.500Z")
    }

    @Test("URLs, UUIDs and string enums")
    func others() {
        #expect(URL(string: "https://x.test/a?b=c")!.parameterValue == "https://x.test/a?b=c")
        let uuid = UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!
        #expect(uuid.parameterValue == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(Status.published.parameterValue == "published")
        #expect(Priority.high.parameterValue == "9")
    }
}
