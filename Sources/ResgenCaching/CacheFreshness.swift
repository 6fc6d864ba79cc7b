import Foundation
import HTTPTypes
import ResgenRuntimeCore

/// How long a stored response stays fresh and how old it is (RFC 9111 §4.2), for a private cache.
///
/// There is no heuristic freshness (§4.2.2 allows, never requires it): a response without `max-age` or
/// `Expires` is stored when it has a validator and revalidated before every use. An API client that
/// served a document for a tenth of its age since `Last-Modified`, as browsers do, would show a user
/// their own write undone.
package enum CacheFreshness {
    /// The freshness lifetime in seconds: `max-age`, else `Expires` minus `Date` (an invalid `Expires`
    /// means already expired); nil when the response gives none.
    package static func lifetime(of stored: StoredResponse) -> Int? {
        let control = stored.cacheControl
        if let maxAge = control.maxAge { return maxAge }
        let expiresLines = stored.headerFields[values: .expires]
        guard let expiresText = expiresLines.first else { return nil }
        // Several Expires lines or an invalid date: expired (§5.3).
        guard expiresLines.count == 1, let expires = HTTPDate.parse(expiresText, now: stored.responseTime) else { return 0 }
        let date = dateValue(of: stored) ?? stored.responseTime
        return max(0, Int(expires.timeIntervalSince(date).rounded(.down)))
    }

    /// The corrected initial age in seconds (§4.2.3): the larger of the apparent age (`Date` to arrival)
    /// and the `Age` field plus the time the response took.
    static func correctedInitialAge(of stored: StoredResponse) -> Double {
        let ageValue = stored.headerFields[.age].flatMap(CacheControl.deltaSeconds) ?? 0
        let dateValue = dateValue(of: stored) ?? stored.responseTime
        let apparentAge = max(0, stored.responseTime.timeIntervalSince(dateValue))
        let responseDelay = max(0, stored.responseTime.timeIntervalSince(stored.requestTime))
        return max(apparentAge, Double(ageValue) + responseDelay)
    }

    /// The current age in seconds (§4.2.3): the corrected initial age plus how long it has been kept.
    package static func currentAge(of stored: StoredResponse, now: Date) -> Int {
        let age = stored.correctedInitialAge + max(0, now.timeIntervalSince(stored.responseTime))
        return age >= Double(CacheControl.maximumDeltaSeconds) ? CacheControl.maximumDeltaSeconds : Int(age.rounded(.down))
    }

    /// Whether `stored` may answer a request with directives `request` without revalidation: the
    /// response is fresh (and neither side said `no-cache`), or the request accepts it stale
    /// (`max-stale`) and the response does not forbid that (`must-revalidate`).
    package static func isUsableWithoutRevalidation(_ stored: StoredResponse, request: CacheControl, now: Date) -> Bool {
        let control = stored.cacheControl
        guard !control.noCache, !request.noCache, let lifetime = stored.lifetime else { return false }
        let age = currentAge(of: stored, now: now)
        if let maxAge = request.maxAge, age > maxAge { return false }
        if age < lifetime { return lifetime - age >= (request.minFresh ?? 0) }
        guard let maxStale = request.maxStale, !control.mustRevalidate else { return false }
        return maxStale == Int.max || age - lifetime <= maxStale
    }

    /// The `Date` the response carries, when valid.
    private static func dateValue(of stored: StoredResponse) -> Date? {
        stored.headerFields[.date].flatMap { HTTPDate.parse($0, now: stored.responseTime) }
    }
}
