import Foundation

#if canImport(FoundationNetworking)
    /// The delegate queue of the session a ``URLSessionTransport`` owns on Linux: it runs every block
    /// at once, on the thread that adds it.
    ///
    /// FoundationNetworking hands each piece of a response body to the session delegate by adding an
    /// operation to the delegate queue, without waiting for it, from inside libcurl's write callback.
    /// A real queue falls behind libcurl: measured on loopback, 200 MB of a 500 MB stream were queued
    /// before the delegate saw the first megabyte, and a gzip body inflating to 1 GiB was inflated
    /// whole into the queue. No limit the delegate checks could bound memory that way. Run inline, the
    /// delegate sees each piece before libcurl reads the next, and drops what is over the limit.
    ///
    /// The delegate must never call into the session or its tasks synchronously from a callback:
    /// `cancel()`, `suspend()` and `resume()` wait for the session's work queue, which is the queue
    /// the callback runs on.
    final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
        // @unchecked: no state of its own.
        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            block()
        }
    }
#endif
