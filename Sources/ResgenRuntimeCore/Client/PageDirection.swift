import Foundation

/// Which links a walk over pages follows.
public enum PageDirection: Hashable, Sendable {
    /// Each page's `next` link.
    case forward
    /// Each page's `prev` link (``Page/previous``); ``Client/items(_:cursor:query:direction:maximumPages:)``
    /// then yields each page's items last to first, so the whole walk is in reverse order.
    case backward
}
