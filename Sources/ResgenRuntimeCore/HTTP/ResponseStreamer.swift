import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The response of one `URLSessionTask`, handed to its reader chunk by chunk as the session delegate
/// receives it (``URLSessionTransport/stream(_:body:options:)``): the head to the waiting caller as
/// soon as it arrives, then each piece of the body to the ``ResponseBody`` the caller reads.
///
/// At most about ``bufferLimit`` bytes wait for the reader. On Linux the delegate runs inside
/// libcurl's write callback (see ``InlineOperationQueue``), and FoundationNetworking cannot pause a
/// transfer (`URLSessionTask.suspend()` takes the transfer off its connection); so when the buffer is
/// full, the callback waits until the reader made room. libcurl then reads nothing more from the
/// socket and TCP flow control holds the server back. That wait blocks the session's work queue, which
/// is why every streamed request runs on a session of its own: no other request waits for this reader,
/// and a reader that sends another request before it reads on cannot wait for itself. On Apple
/// platforms the task is suspended instead while the buffer is full.
///
/// The body ends with the task: at its end, with ``TransportError`` when the connection broke (the
/// chunks that arrived before are still read first), with ``ResponseTooLargeError`` (and a
/// cancellation) one piece past `maximumBytes`, or with `CancellationError` when the reader's task
/// is cancelled or the body dropped, which cancels the task.
package final class ResponseStreamer: ResponseSink, @unchecked Sendable {
    // @unchecked: every stored `var` is guarded by `condition`, which the delegate also waits on.
    private let condition = NSCondition()
    private let request: HTTPRequest
    private let maximumBytes: Int
    private let handle: URLSessionTaskHandle
    /// The caller waiting for the head; nil once it was resumed.
    private var headContinuation: CheckedContinuation<(HTTPResponse, ResponseBody), any Error>?
    /// The head as parsed, once delivered.
    private var head: HTTPResponse?
    /// The response as the delegate received it.
    private var response: URLResponse?
    /// Pieces received and not yet read, oldest first.
    private var chunks: [Data] = []
    private var bufferedBytes = 0
    private var receivedBytes = 0
    /// How the body ended, once it did; `delivered` once the reader was told.
    private var end: Result<Void, any Error>?
    private var isEndDelivered = false
    /// The reader waiting for the next piece.
    private var reader: CheckedContinuation<Data?, any Error>?
    /// Continuations to resume once the lock is let go (see ``locked(_:)``).
    private var pending: [@Sendable () -> Void] = []
    /// What must live until the task ends (the temporary file an upload reads from).
    private var keptAlive: AnyObject?
    #if !canImport(FoundationNetworking)
        /// Whether the task is suspended because the buffer is full.
        private var isSuspended = false
    #endif

    /// How many bytes may wait for the reader before the transfer is held back: 1 MiB.
    package static let bufferLimit = 1 << 20

    /// A streamer for `request` whose body may be `maximumBytes` long, that resumes `continuation` once
    /// with the head, cancels its task through `handle`, and keeps `keptAlive` until the task ends.
    package init(
        request: HTTPRequest, maximumBytes: Int, handle: URLSessionTaskHandle, keepingAlive keptAlive: AnyObject?,
        continuation: CheckedContinuation<(HTTPResponse, ResponseBody), any Error>
    ) {
        self.request = request
        self.maximumBytes = maximumBytes
        self.handle = handle
        self.keptAlive = keptAlive
        self.headContinuation = continuation
    }

    // MARK: The delegate's side

    package func receive(_ response: URLResponse) -> ResponseCollector.Decision {
        locked {
            guard headContinuation != nil, end == nil else { return .ignore }
            self.response = response
            guard let http = response as? HTTPURLResponse, let head = URLSessionTransport.makeHTTPResponse(http) else {
                finish(.failure(badResponse()), dropping: true)
                return .cancel
            }
            if let length = head.announcedBodyLength(for: request.method), length > Int64(maximumBytes) {
                let error = ResponseTooLargeError(maximumBytes: maximumBytes, response: head, announcedLength: length, receivedBytes: 0)
                finish(.failure(error), dropping: true)
                return .cancel
            }
            deliver(head)
            return .proceed
        }
    }

    package func receive(_ data: Data) -> ResponseCollector.Decision {
        locked {
            guard end == nil else { return .ignore }
            let (total, overflow) = receivedBytes.addingReportingOverflow(data.count)
            guard !overflow, total <= maximumBytes else {
                let error = ResponseTooLargeError(maximumBytes: maximumBytes, response: head, receivedBytes: overflow ? .max : total)
                finish(.failure(error), dropping: true)
                return .cancel
            }
            receivedBytes = total
            if let reader {
                // A reader waits only on an empty buffer.
                self.reader = nil
                pending.append { reader.resume(returning: data) }
                return .proceed
            }
            chunks.append(data)
            bufferedBytes += data.count
            // Only once the head is out: before that nobody can read, and the body is bounded by the limit.
            guard head != nil else { return .proceed }
            #if canImport(FoundationNetworking)
                // Hold libcurl here (see the type's documentation) until the reader made room or the body
                // ended. Nothing is pending: a piece is either handed to a waiting reader or buffered.
                while bufferedBytes >= Self.bufferLimit, end == nil {
                    condition.wait()
                }
            #else
                if bufferedBytes >= Self.bufferLimit, !isSuspended {
                    isSuspended = true
                    handle.suspend()
                }
            #endif
            return end == nil ? .proceed : .ignore
        }
    }

    package func complete(response: URLResponse?, error: (any Error)?) {
        locked {
            defer { keptAlive = nil }
            guard end == nil else { return }
            let outcome = URLSessionTransport.outcome(of: request, data: nil, response: self.response ?? response, error: error)
            switch outcome {
            case .failure(let error):
                // The pieces that arrived before the connection broke are still read first.
                finish(.failure(error), dropping: false)
            case .success(let (head, _)):
                // FoundationNetworking skips `didReceive response` for some redirects: the head comes last.
                if headContinuation != nil { deliver(head) }
                finish(.success(()), dropping: false)
            }
        }
    }

    package func fail(_ error: any Error) {
        locked {
            finish(.failure(error), dropping: true)
            keptAlive = nil
        }
    }

    // MARK: The reader's side

    /// The next piece of the body, waiting for it; nil at the end.
    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                locked {
                    if !chunks.isEmpty {
                        let chunk = chunks.removeFirst()
                        bufferedBytes -= chunk.count
                        madeRoom()
                        pending.append { continuation.resume(returning: chunk) }
                    } else if let end {
                        let first = !isEndDelivered
                        isEndDelivered = true
                        let result: Result<Data?, any Error> = first ? end.map { nil } : .success(nil)
                        pending.append { continuation.resume(with: result) }
                    } else {
                        reader = continuation
                    }
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Ends the body with `CancellationError` and cancels the task, unless the body ended already.
    func cancel() {
        let cancelsTask: Bool = locked {
            guard end == nil else {
                // The reader stopped: let go of what is buffered.
                if reader == nil {
                    chunks.removeAll()
                    bufferedBytes = 0
                }
                return false
            }
            finish(.failure(CancellationError()), dropping: true)
            return true
        }
        if cancelsTask { handle.cancel() }
    }

    // MARK: Under the lock

    /// Runs `body` holding the lock, then resumes the continuations it queued in ``pending``, after
    /// letting go of the lock.
    ///
    /// Never resume a continuation holding the lock: resuming takes the resumed task's status lock, which
    /// a thread cancelling that task holds while it runs ``next()``'s cancellation handler, which waits
    /// for this lock (see ``URLSessionTaskHandle`` for the hang this caused once).
    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        let value = body()
        let resumptions = pending
        pending = []
        condition.unlock()
        for resume in resumptions { resume() }
        return value
    }

    /// Hands the head and a body reading from this streamer to the caller. Call with the lock held.
    private func deliver(_ head: HTTPResponse) {
        self.head = head
        guard let continuation = headContinuation else { return }
        headContinuation = nil
        let body = ResponseBody(next: { try await self.next() }, cancel: { self.cancel() })
        pending.append { continuation.resume(returning: (head, body)) }
    }

    /// Ends the body with `result` unless it ended: resumes the caller waiting for the head or the
    /// reader waiting for a piece, and wakes the delegate. `dropping` lets go of the pieces not read
    /// yet (the reader gets the error at once). Call with the lock held.
    private func finish(_ result: Result<Void, any Error>, dropping: Bool) {
        guard end == nil else { return }
        end = result
        if dropping {
            chunks.removeAll()
            bufferedBytes = 0
        }
        if let headContinuation {
            self.headContinuation = nil
            isEndDelivered = true
            let error: any Error
            switch result {
            case .failure(let failure): error = failure
            // Only `complete` succeeds, and it delivers the head first.
            case .success: error = badResponse()
            }
            pending.append { headContinuation.resume(throwing: error) }
        }
        if let reader, chunks.isEmpty {
            self.reader = nil
            isEndDelivered = true
            let outcome: Result<Data?, any Error> = result.map { nil }
            pending.append { reader.resume(with: outcome) }
        }
        madeRoom()
    }

    /// Lets the delegate go on after the reader took a piece or the body ended. Call with the lock held.
    private func madeRoom() {
        #if canImport(FoundationNetworking)
            condition.broadcast()
        #else
            if isSuspended, bufferedBytes < Self.bufferLimit / 2 || end != nil {
                isSuspended = false
                handle.resume()
            }
        #endif
    }

    private func badResponse() -> TransportError {
        TransportError(code: .badResponse, method: request.method, url: request.url, underlying: URLError(.badServerResponse))
    }
}
