import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The response of one `URLSessionTask`, handed to its reader chunk by chunk as the session delegate
/// receives it (``URLSessionTransport/stream(_:body:options:)``): the head to the waiting caller as
/// soon as it arrives, then each piece of the body to the ``ResponseBody`` the caller reads.
///
/// At most about ``bufferLimit`` bytes wait for the reader in memory. What arrives beyond that while the
/// reader is busy:
/// - on Linux waits in a ``SpillFile`` on disk, read back in order. FoundationNetworking can hold no
///   transfer back: it cannot pause one (`URLSessionTask.suspend()` takes the transfer off its
///   connection, and resuming starts it over), and the delegate cannot wait for the reader either, since
///   every `URLSession` of the process runs its callbacks on one shared queue (its work queues target
///   `org.swift.URLSession.SharedQueue`): a callback waiting there held up every other request of the
///   process, the reader's own included (the first version of these tests hung that way). So memory
///   stays bounded, and so does the disk: a reader slower than the network costs disk, in a file of this
///   user's only (see ``SpillFile``), until `maximumSpilledBytes` wait, when the body ends with
///   ``SpillLimitError``;
/// - on Apple platforms, the task is suspended until the reader took half of them.
///
/// The body ends with the task: at its end, with ``TransportError`` when the connection broke (the
/// chunks that arrived before are still read first), with ``ResponseTooLargeError`` (and a
/// cancellation) one piece past `maximumBytes`, or with `CancellationError` when the reader's task
/// is cancelled or the body dropped, which cancels the task.
package final class ResponseStreamer: ResponseSink, @unchecked Sendable {
    // @unchecked: every stored `var` is guarded by `lock`.
    private let lock = NSLock()
    private let request: HTTPRequest
    private let maximumBytes: Int
    /// The most bytes that may wait on disk (Linux).
    private let maximumSpilledBytes: Int
    private let handle: URLSessionTaskHandle
    /// The caller waiting for the head; nil once it was resumed.
    private var headContinuation: CheckedContinuation<(HTTPResponse, ResponseBody), any Error>?
    /// The head as parsed, once delivered.
    private var head: HTTPResponse?
    /// The response as the delegate received it.
    private var response: URLResponse?
    /// Pieces received and not yet read, oldest first; older than any byte in ``spill``.
    private var chunks: [Data] = []
    private var bufferedBytes = 0
    #if canImport(FoundationNetworking)
        /// Where the pieces that did not fit in memory wait, once one did not.
        private var spill: SpillFile?
    #endif
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

    /// How many bytes may wait for the reader in memory: 1 MiB.
    package static let bufferLimit = 1 << 20
    /// How many bytes the reader takes from disk at a time: 256 KiB.
    static let spillReadBytes = 256 << 10

    /// Whether bytes wait on disk. Call with the lock held.
    private var hasSpilledBytes: Bool {
        #if canImport(FoundationNetworking)
            (spill?.unread ?? 0) > 0
        #else
            false
        #endif
    }

    /// The bytes waiting for the reader in memory, and on disk (for tests).
    package var waitingBytes: (inMemory: Int, onDisk: Int64) {
        locked {
            #if canImport(FoundationNetworking)
                (bufferedBytes, spill?.unread ?? 0)
            #else
                (bufferedBytes, 0)
            #endif
        }
    }

    /// A streamer for `request` whose body may be `maximumBytes` long, of which `maximumSpilledBytes` may
    /// wait on disk, that resumes `continuation` once with the head, cancels its task through `handle`,
    /// and keeps `keptAlive` until the task ends.
    package init(
        request: HTTPRequest, maximumBytes: Int, maximumSpilledBytes: Int, handle: URLSessionTaskHandle, keepingAlive keptAlive: AnyObject?,
        continuation: CheckedContinuation<(HTTPResponse, ResponseBody), any Error>
    ) {
        self.request = request
        self.maximumBytes = maximumBytes
        self.maximumSpilledBytes = maximumSpilledBytes
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
                // A reader waits only when nothing is buffered.
                self.reader = nil
                pending.append { reader.resume(returning: data) }
                return .proceed
            }
            #if canImport(FoundationNetworking)
                // In order: once a piece went to disk, the next ones follow it until the reader caught up.
                if (spill?.unread ?? 0) > 0 || bufferedBytes + data.count > Self.bufferLimit {
                    do {
                        if spill == nil { spill = try SpillFile(maximumBytes: maximumSpilledBytes) }
                        try spill?.append(data)
                    } catch let error as SpillLimitError {
                        finish(.failure(error), dropping: true)
                        return .cancel
                    } catch {
                        finish(.failure(TransportError(code: .other, method: request.method, url: request.url, underlying: error)), dropping: true)
                        return .cancel
                    }
                    return .proceed
                }
            #endif
            chunks.append(data)
            bufferedBytes += data.count
            #if !canImport(FoundationNetworking)
                // Only once the head is out: before that nobody reads, and the body is bounded by the limit.
                if head != nil, bufferedBytes >= Self.bufferLimit, !isSuspended {
                    isSuspended = true
                    handle.suspend()
                }
            #endif
            return .proceed
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
                    } else if let spilled = takeSpilled() {
                        pending.append { continuation.resume(with: spilled) }
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
                    #if canImport(FoundationNetworking)
                        spill = nil
                    #endif
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
        lock.lock()
        let value = body()
        let resumptions = pending
        pending = []
        lock.unlock()
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
            #if canImport(FoundationNetworking)
                spill = nil
            #endif
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
        if let reader, chunks.isEmpty, !hasSpilledBytes {
            self.reader = nil
            isEndDelivered = true
            let outcome: Result<Data?, any Error> = result.map { nil }
            pending.append { reader.resume(with: outcome) }
        }
        madeRoom()
    }

    /// Lets a suspended task go on after the reader took a piece or the body ended (Apple platforms).
    /// Call with the lock held.
    private func madeRoom() {
        #if !canImport(FoundationNetworking)
            if isSuspended, bufferedBytes < Self.bufferLimit / 2 || end != nil {
                isSuspended = false
                handle.resume()
            }
        #endif
    }

    /// The next bytes waiting on disk (a failure when they cannot be read back, which ends the body);
    /// nil when none wait. Call with the lock held.
    private func takeSpilled() -> Result<Data?, any Error>? {
        #if canImport(FoundationNetworking)
            guard let spill, spill.unread > 0 else { return nil }
            do {
                return .success(try spill.take(upTo: Self.spillReadBytes))
            } catch {
                let failure = TransportError(code: .other, method: request.method, url: request.url, underlying: error)
                finish(.failure(failure), dropping: true)
                isEndDelivered = true
                handle.cancel()
                return .failure(failure)
            }
        #else
            return nil
        #endif
    }

    private func badResponse() -> TransportError {
        TransportError(code: .badResponse, method: request.method, url: request.url, underlying: URLError(.badServerResponse))
    }
}
