import Foundation
@_spi(Generated) import ResgenRuntimeCore

extension JSONAPIResourceExtras {
    /// The resource's item cursor under the JSON:API cursor pagination profile (`meta.page.cursor` of
    /// its resource object in a page): where to page from, after or before it
    /// (``CursorPageRequest/after(_:size:)``, ``CursorPageRequest/before(_:size:)``). Nil when the server
    /// sent none.
    public var pageCursor: String? { meta?["page"]?["cursor"]?.stringValue }
}
