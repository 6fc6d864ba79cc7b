import Foundation
@_spi(Generated) import ResgenRuntimeCore

extension JSONAPIPageRequest {
    /// Cursor pagination (the JSON:API cursor pagination profile): `page[size]`, `page[after]` and
    /// `page[before]`, for one read (`Article.query(page: .cursor(.after(cursor, size: 10)))`); to walk
    /// the pages, ``Client/pages(_:cursor:query:direction:maximumPages:)`` also asks for the profile.
    public static func cursor(_ request: CursorPageRequest) -> Self {
        var page = Self([:])
        page.parameters = request.queryItems
        return page
    }
}
