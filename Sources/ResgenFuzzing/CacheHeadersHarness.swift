import Foundation
import HTTPTypes
import ResgenHAL
import ResgenJSONAPI
import ResgenRuntimeCore

@testable import ResgenCaching

/// Target `cacheheaders`: what the HTTP cache reads from outside — `Cache-Control`, `Vary` and `ETag`
/// field values, the age and freshness arithmetic over `Date`, `Age` and `Expires` (the files of a cache
/// directory are target `cachefile`'s, ``CacheFileHarness``).
///
/// Each input is used as a field value of every kind: reading must not trap; `max-age` and the other
/// numbers stay in range; reading a value twice over (`v, v`) finds the same directives (equal
/// repeated values never conflict); a `Vary` reading has lowercase, sorted, unique, valid names; an
/// entity tag that reads writes back to itself; an age is never negative. As a document whose resources
/// the cache names for invalidation (both codecs' `cacheIdentities`, run on every stored response and
/// write): no trap, and every primary resource is among all of them.
enum CacheHeadersHarness {
    static let target = FuzzTarget(name: "cacheheaders", summary: "Cache-Control, Vary, ETag, age arithmetic and cache directory files") {
        input, _ throws(Finding) in
        if let message = checkFieldValue(input) ?? checkIdentities(input) {
            throw Finding(target: "cacheheaders", kind: "invariant", message: message)
        }
    }

    static let now = Date(timeIntervalSince1970: 1_764_000_000)

    static func checkFieldValue(_ input: Data) -> String? {
        let value = String(decoding: input, as: UTF8.self)
        let control = CacheControl(parsing: [value])
        for number in [control.maxAge, control.minFresh, control.maxStale == Int.max ? nil : control.maxStale].compactMap({ $0 })
        where number < 0 || number > CacheControl.maximumDeltaSeconds {
            return "\(value.debugDescription) read a number out of range: \(control)"
        }
        let twice = CacheControl(parsing: [value, value])
        guard twice == control else { return "\(value.debugDescription) read \(control), but twice over \(twice)" }
        let vary = VaryFields(parsing: [value])
        guard vary.names == Array(Set(vary.names)).sorted(), vary.names.allSatisfy({ $0 == $0.lowercased() && HTTPField.Name($0) != nil }) else {
            return "\(value.debugDescription) read as Vary names \(vary.names)"
        }
        if let tag = EntityTag(parsing: value), EntityTag(parsing: tag.description) != tag {
            return "\(value.debugDescription) read as \(tag), which reads back as \(String(describing: EntityTag(parsing: tag.description)))"
        }
        var fields = HTTPFields()
        for name in [HTTPField.Name.cacheControl, .date, .age, .expires, .vary, .eTag] where HTTPField.isValidValue(value) {
            fields[name] = value
        }
        let stored = StoredResponse(
            status: .ok, headerFields: fields, body: input, requestTime: now, responseTime: now.addingTimeInterval(1),
            vary: vary, varyValues: vary.values(in: fields), identity: nil, identities: .none)
        let age = CacheFreshness.currentAge(of: stored, now: now.addingTimeInterval(10))
        guard age >= 0 else { return "\(value.debugDescription) gave a negative age \(age)" }
        if let lifetime = CacheFreshness.lifetime(of: stored), lifetime < 0 { return "\(value.debugDescription) gave a negative lifetime" }
        _ = CacheFreshness.isUsableWithoutRevalidation(stored, request: control, now: now)
        return nil
    }

    static let documentURL = URL(string: "https://a.example/articles?page=1")!

    static func checkIdentities(_ input: Data) -> String? {
        let codecs: [(String, any CacheIdentifyingCodec)] = [("JSON:API", JSONAPICodec(resourceTypes: [])), ("HAL", HALCodec())]
        for (name, codec) in codecs {
            let identities = codec.cacheIdentities(of: input, url: documentURL)
            guard identities.all.isSuperset(of: identities.primary) else {
                return "the \(name) codec named primary resources \(identities.primary) missing from all of them, \(identities.all)"
            }
        }
        return nil
    }
}
