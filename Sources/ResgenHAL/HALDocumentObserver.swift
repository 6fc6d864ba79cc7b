import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// Where a traversal reports every document it read, for the store (`ResgenStore`) to merge what a HAL
/// call read, embedded and linked resources alike: the traversal resolves includes inside the call, so
/// its caller sees only the typed value.
///
/// A task-local: set around a call (`HALDocumentObserver.$current.withValue(…)`), it is told of each
/// response the traversal's requests got (after the client's checks), in the tasks the traversal runs
/// its requests in, which inherit it.
package enum HALDocumentObserver {
    /// Called with each response a traversal read; nil (the default): nobody is told.
    @TaskLocal package static var current: (@Sendable (RawResponse) -> Void)?
}
