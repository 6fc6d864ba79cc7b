import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The response of one `URLSessionTask`, collected as the session delegate receives it, up to a
/// limit: the moment the body would pass ``TransportOptions/maximumResponseBytes`` (or the head
/// announces a longer body), the collector throws ``ResponseTooLargeError`` to the waiting caller,
/// drops what it holds and tells the delegate to cancel the task, which closes the connection.
///
/// The bytes counted are the ones the delegate receives: FoundationNetworking (curl) and URLSession
/// on Apple platforms undo `Content-Encoding` (gzip, deflate, br, zstd) before that, so a small
/// compressed body that inflates hugely (a "zip bomb") is stopped at the limit of inflated bytes.
///
/// The caller waits on a continuation, resumed exactly once: with the response, with an error, or
/// with `CancellationError` when the task was cancelled.
package final class ResponseCollector: @unchecked Sendable {
    // @unchecked: every stored `var` is guarded by `lock`.
    private let lock = NSLock()
    private let request: HTTPRequest
    private let maximumBytes: Int
    private var continuation: CheckedContinuation<(HTTPResponse, Data), any Error>?
    /// The response as the delegate received it, before the body.
    private var response: URLResponse?
    private var body = Data()

    /// Creates a collector for `request` that resumes `continuation` once.
    package init(request: HTTPRequest, maximumBytes: Int, continuation: CheckedContinuation<(HTTPResponse, Data), any Error>) {
        self.request = request
        self.maximumBytes = maximumBytes
        self.continuation = continuation
    }

    /// What the delegate does after handing the collector a piece of the response.
    package enum Decision: Equatable {
        /// Go on receiving.
        case proceed
        /// Cancel the task: the body is over the limit and the caller has its error. Returned once.
        case cancel
        /// Drop the piece: the collector finished earlier and asked for the cancellation then.
        case ignore
    }

    /// Takes the response head.
    ///
    /// - Returns: ``Decision/cancel`` when the announced body is over the limit (the caller has the
    ///   error already).
    package func receive(_ response: URLResponse) -> Decision {
        lock.withLock {
            guard continuation != nil else { return .ignore }
            self.response = response
            guard let http = response as? HTTPURLResponse, let head = URLSessionTransport.makeHTTPResponse(http),
                let length = head.announcedBodyLength(for: request.method)
            else { return .proceed }
            guard length <= Int64(maximumBytes) else {
                finish(.failure(ResponseTooLargeError(maximumBytes: maximumBytes, response: head, announcedLength: length, receivedBytes: 0)))
                return .cancel
            }
            // One allocation of the right size instead of doublings that may briefly hold twice the body.
            body.reserveCapacity(Int(length))
            return .proceed
        }
    }

    /// Appends the next piece of the body.
    ///
    /// - Returns: ``Decision/cancel`` when the body just passed the limit (the caller has the error
    ///   already); ``Decision/ignore`` for every piece after that.
    package func receive(_ data: Data) -> Decision {
        lock.withLock {
            guard continuation != nil else { return .ignore }
            let (total, overflow) = body.count.addingReportingOverflow(data.count)
            guard !overflow, total <= maximumBytes else {
                let head = (response as? HTTPURLResponse).flatMap(URLSessionTransport.makeHTTPResponse)
                finish(.failure(ResponseTooLargeError(maximumBytes: maximumBytes, response: head, receivedBytes: overflow ? .max : total)))
                return .cancel
            }
            body.append(data)
            return .proceed
        }
    }

    /// Ends the collection when the task completed: resumes the caller with the response and its
    /// body, or with the error (`CancellationError` for a cancelled task). Does nothing when the
    /// caller was resumed already.
    ///
    /// - Parameter response: The task's final response, used when the delegate was not given one
    ///   (FoundationNetworking skips `didReceive response` for some redirects).
    package func complete(response: URLResponse?, error: (any Error)?) {
        lock.withLock {
            guard continuation != nil else { return }
            finish(URLSessionTransport.outcome(of: request, data: body, response: self.response ?? response, error: error))
        }
    }

    /// Resumes the caller with `error`, unless it was resumed already.
    package func fail(_ error: any Error) {
        lock.withLock { finish(.failure(error)) }
    }

    /// Resumes the caller once and lets go of the body. Call with `lock` held.
    private func finish(_ result: Result<(HTTPResponse, Data), any Error>) {
        let continuation = self.continuation
        self.continuation = nil
        body = Data()
        continuation?.resume(with: result)
    }
}
