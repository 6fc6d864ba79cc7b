import Foundation
import HTTPTypes
@testable import ResgenCaching
import ResgenRuntimeCore
import Testing

/// `Cache-Control`, `Vary` and `ETag` as real servers write them, and as broken ones do.
@Suite struct CacheControlTests {
    @Test func readsEveryDirectiveAPrivateCacheActsOn() {
        let control = CacheControl(parsing: ["Max-Age=60, no-cache, NO-STORE", "private, public, must-revalidate, max-stale, min-fresh=5, only-if-cached"])
        #expect(control.maxAge == 60)
        #expect(control.noCache && control.noStore && control.isPrivate && control.isPublic && control.mustRevalidate && control.onlyIfCached)
        #expect(control.maxStale == Int.max)
        #expect(control.minFresh == 5)
    }

    @Test func quotedArgumentsMayHoldCommas() {
        let control = CacheControl(parsing: [#"private="Set-Cookie, X-Other", max-age="30", no-cache="a,b""#])
        #expect(control.isPrivate && control.noCache)
        #expect(control.maxAge == 30)
    }

    @Test(arguments: ["max-age=-1", "max-age=1.5", "max-age=", "max-age", "max-age=abc", "max-age=60, max-age=70"])
    func anInvalidOrConflictingMaxAgeMakesTheResponseStale(line: String) {
        #expect(CacheControl(parsing: [line]).maxAge == 0)
    }

    @Test func repeatedEqualMaxAgeIsKept() {
        #expect(CacheControl(parsing: ["max-age=60", "max-age=60"]).maxAge == 60)
    }

    @Test func hugeDeltaSecondsAreCappedNotOverflowed() {
        #expect(CacheControl(parsing: ["max-age=99999999999999999999999999"]).maxAge == CacheControl.maximumDeltaSeconds)
        #expect(CacheControl(parsing: ["max-stale=000000000000000000000000000007"]).maxStale == 7)
    }

    @Test func unknownAndEmptyDirectivesAreIgnored() {
        #expect(CacheControl(parsing: [",,, stale-while-revalidate=5 ,immutable,", ""]) == CacheControl())
        #expect(CacheControl(parsing: [#"x="unterminated, max-age=5"#]).maxAge == nil)
    }

    @Test func varyNamesAreLowercasedSortedAndStarIsKept() {
        let vary = VaryFields(parsing: ["Accept-Language, accept", "X-Tenant,  bad name ,*"])
        #expect(vary.names == ["accept", "accept-language", "x-tenant"])
        #expect(vary.matchesNothing)
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        #expect(VaryFields(parsing: ["Accept, X-Tenant"]).values(in: fields) == ["application/json", nil])
    }

    @Test func entityTagsParseStrongWeakAndRefuseMalformedOnes() {
        #expect(EntityTag(parsing: #""abc""#) == EntityTag("abc"))
        #expect(EntityTag(parsing: #" W/"abc" "#) == EntityTag("abc", isWeak: true))
        #expect(EntityTag(parsing: #""""#) == EntityTag(""))
        for bad in ["abc", #""a"b""#, #"w/"abc""#, "\"", #""a b""#] { #expect(EntityTag(parsing: bad) == nil, "\(bad)") }
        #expect(EntityTag("x").description == #""x""#)
        #expect(EntityTag("x", isWeak: true).description == #"W/"x""#)
        #expect(EntityTag("x").matchesStrongly(EntityTag("x")))
        #expect(!EntityTag("x", isWeak: true).matchesStrongly(EntityTag("x")))
        #expect(EntityTag("x", isWeak: true).matchesWeakly(EntityTag("x")))
        #expect(HeaderField.ifMatch(EntityTag("v2")) == HeaderField(name: "If-Match", value: #""v2""#))
    }
}
