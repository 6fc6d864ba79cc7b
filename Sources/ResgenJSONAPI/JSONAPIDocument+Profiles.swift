import Foundation
@_spi(Generated) import ResgenRuntimeCore

extension JSONAPIDocument {
    /// The profiles the server applied to this document: those its response's `Content-Type` names,
    /// then those of `jsonapi.profile` not named there (JSON:API 1.1 lets a server say it either way).
    public var appliedProfiles: [URL] { AppliedProfiles.merge(contentTypeProfiles, jsonapi) }
}

/// Where a response says which profiles it applies.
enum AppliedProfiles {
    /// `contentType` (the media type's profiles), then the URIs of `jsonapi.profile` not among them.
    /// Asked for every page, so repeats are found in a set: `jsonapi.profile` is the body's, and searching
    /// the list for each of its URIs would take time quadratic in their number.
    package static func merge(_ contentType: [URL], _ jsonapi: JSONAPIObject?) -> [URL] {
        guard let uris = jsonapi?.profile, !uris.isEmpty else { return contentType }
        var profiles = contentType
        var seen = Set(contentType)
        for uri in uris {
            guard let url = URL(string: uri), seen.insert(url).inserted else { continue }
            profiles.append(url)
        }
        return profiles
    }
}
