import Foundation
import HTTPTypes
@testable import ResgenCaching
import ResgenRuntimeCore
import Testing

/// RFC 9111 §4.2's age and lifetime arithmetic, with a fixed clock.
@Suite struct CacheFreshnessTests {
    private static let received = Date(timeIntervalSince1970: 1_800_000_000)

    private static func stored(_ fields: [(String, String)], requested: TimeInterval = 0) -> StoredResponse {
        var headers = HTTPFields()
        for (name, value) in fields { headers.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return StoredResponse(
            status: .ok, headerFields: headers, body: Data("{}".utf8), requestTime: received.addingTimeInterval(-requested),
            responseTime: received, vary: VaryFields(parsing: []), varyValues: [], identity: nil, identities: .none)
    }

    private static func date(_ offset: TimeInterval) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: received.addingTimeInterval(offset))
    }

    @Test func maxAgeWinsOverExpires() {
        let stored = Self.stored([("Cache-Control", "max-age=10"), ("Expires", Self.date(100)), ("Date", Self.date(0))])
        #expect(CacheFreshness.lifetime(of: stored) == 10)
    }

    @Test func expiresCountsFromDateAndAnInvalidOneHasExpired() {
        #expect(CacheFreshness.lifetime(of: Self.stored([("Expires", Self.date(100)), ("Date", Self.date(40))])) == 60)
        #expect(CacheFreshness.lifetime(of: Self.stored([("Expires", "0")])) == 0)
        #expect(CacheFreshness.lifetime(of: Self.stored([("Expires", Self.date(10)), ("Expires", Self.date(20))])) == 0)
        #expect(CacheFreshness.lifetime(of: Self.stored([("ETag", #""a""#)])) == nil)
    }

    @Test func ageAddsTheAgeFieldTheDelayAndTheTimeKept() {
        let stored = Self.stored([("Age", "30"), ("Date", Self.date(0))], requested: 2)
        #expect(CacheFreshness.currentAge(of: stored, now: Self.received.addingTimeInterval(10)) == 42)
        let early = Self.stored([("Date", Self.date(-50))])
        #expect(CacheFreshness.currentAge(of: early, now: Self.received) == 50, "a Date in the past is an apparent age")
    }

    @Test func freshnessFollowsRequestDirectives() {
        let stored = Self.stored([("Cache-Control", "max-age=60"), ("Date", Self.date(0))])
        let at = Self.received.addingTimeInterval(30)
        #expect(CacheFreshness.isUsableWithoutRevalidation(stored, request: CacheControl(), now: at))
        #expect(!CacheFreshness.isUsableWithoutRevalidation(stored, request: CacheControl(parsing: ["no-cache"]), now: at))
        #expect(!CacheFreshness.isUsableWithoutRevalidation(stored, request: CacheControl(parsing: ["max-age=10"]), now: at))
        #expect(!CacheFreshness.isUsableWithoutRevalidation(stored, request: CacheControl(parsing: ["min-fresh=40"]), now: at))
        #expect(CacheFreshness.isUsableWithoutRevalidation(stored, request: CacheControl(parsing: ["min-fresh=20"]), now: at))
        let late = Self.received.addingTimeInterval(90)
        #expect(!CacheFreshness.isUsableWithoutRevalidation(stored, request: CacheControl(), now: late))
        #expect(CacheFreshness.isUsableWithoutRevalidation(stored, request: CacheControl(parsing: ["max-stale=30"]), now: late))
        #expect(!CacheFreshness.isUsableWithoutRevalidation(stored, request: CacheControl(parsing: ["max-stale=20"]), now: late))
        let strict = Self.stored([("Cache-Control", "max-age=60, must-revalidate"), ("Date", Self.date(0))])
        #expect(!CacheFreshness.isUsableWithoutRevalidation(strict, request: CacheControl(parsing: ["max-stale"]), now: late))
    }

    @Test func a304UpdatesTheStoredHeadButNotItsFraming() {
        var stored = Self.stored([("ETag", #""a""#), ("Content-Length", "2"), ("X-Old", "1")])
        var notModified = HTTPResponse(status: .notModified)
        notModified.headerFields[.eTag] = #""b""#
        notModified.headerFields[.contentLength] = "0"
        notModified.headerFields[HTTPField.Name("X-New")!] = "2"
        stored.update(with: notModified, requestTime: Self.received, responseTime: Self.received.addingTimeInterval(5))
        #expect(stored.entityTag == #""b""#)
        #expect(stored.headerFields[.contentLength] == "2")
        #expect(stored.headerFields[HTTPField.Name("X-Old")!] == "1")
        #expect(stored.headerFields[HTTPField.Name("X-New")!] == "2")
        #expect(stored.responseTime == Self.received.addingTimeInterval(5))
    }
}
