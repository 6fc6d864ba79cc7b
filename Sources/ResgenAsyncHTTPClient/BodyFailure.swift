import Foundation

/// The first error reading a request body threw: AsyncHTTPClient reports a body that failed as a
/// failed request, and this tells the transport it was the body
/// (`TransportError.Code.bodyUnavailable`, not worth retrying).
final class BodyFailure: @unchecked Sendable {
    // @unchecked: `stored` is guarded by `lock`.
    private let lock = NSLock()
    private var stored: (any Error)?

    /// The first error recorded, if any.
    var error: (any Error)? { lock.withLock { stored } }

    /// Records `error` unless one was recorded already.
    func record(_ error: any Error) {
        lock.withLock { if stored == nil { stored = error } }
    }
}
