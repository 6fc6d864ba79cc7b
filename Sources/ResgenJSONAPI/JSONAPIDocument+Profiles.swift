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
    package static func merge(_ contentType: [URL], _ jsonapi: JSONAPIObject?) -> [URL] {
        var profiles = contentType
        for uri in jsonapi?.profile ?? [] {
            guard let url = URL(string: uri), !profiles.contains(url) else { continue }
            profiles.append(url)
        }
        return profiles
    }
}
