import Foundation
@_spi(Generated) import ResgenRuntimeCore

extension Page {
    /// The cursor pagination profile's item cursors and page metadata (JSON:API), when the page has
    /// any; see ``CursorPagination``.
    public var cursorPagination: CursorPagination? {
        get { formatDetails as? CursorPagination }
        set { formatDetails = newValue }
    }
}
