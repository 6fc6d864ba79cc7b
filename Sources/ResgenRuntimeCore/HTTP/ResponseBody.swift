import Foundation

/// A response body as it arrives: an `AsyncSequence` of byte chunks, read once.
///
/// ```swift
/// let streamed = try await client.bytes(.get, exportURL)
/// for try await chunk in streamed.body {
///     try file.write(contentsOf: chunk)
/// }
/// ```
///
/// Chunks are `Data`: what `URLSession` hands its delegate and what `FileHandle` writes, so the common
/// case copies nothing more; `AsyncHTTPClientTransport` copies each `ByteBuffer` into one. Chunks are
/// never empty, and their sizes are the transport's business (typically 16–64 KiB).
///
/// A body of any length costs the built-in transports a bounded buffer of memory, not the body:
/// `AsyncHTTPClientTransport` reads from the connection only as the reader asks, so a reader that stops
/// holds the server back (TCP flow control); ``URLSessionTransport`` keeps about 1 MiB in memory and, on
/// Linux, lets the rest wait in a temporary file (FoundationNetworking can hold no transfer back), while
/// on Apple platforms it suspends the transfer. A body is at most ``TransportOptions/maximumResponseBytes`` long: reading past that throws
/// ``ResponseTooLargeError`` (a `Content-Encoding` the transport undoes is counted inflated, as for
/// buffered bodies).
///
/// Reading is cancelled with its task: the current `next()` throws `CancellationError` and the request
/// is cancelled, which closes its connection. So is a body dropped before its end: once the body and
/// every iterator made from it are gone, the transport cancels the request.
///
/// A body is read once: the first iterator made gets every chunk; any later one ends at once.
public struct ResponseBody: AsyncSequence, Sendable {
    /// A chunk of the body: some of its bytes, in order.
    public typealias Element = Data

    private let source: Source

    /// A body of `data`, as one chunk (none when it is empty).
    public init(_ data: Data) {
        let taken = LockedValue(data.isEmpty)
        self.source = Source(
            pull: {
                taken.exchange(true) ? nil : data
            }, onDrop: nil)
    }

    /// A body read from `chunks`, one at a time as the reader asks for them; empty chunks are skipped.
    ///
    /// Dropping the body before its end drops the sequence's iterator, which is how a sequence such as
    /// AsyncHTTPClient's body learns to cancel its request.
    public init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks) where Chunks.Element == Data {
        let iterator = IteratorBox(chunks)
        self.source = Source(pull: { try await iterator.next() }, onDrop: nil)
    }

    /// A body whose chunks come from `next` (nil at the end), and that calls `cancel` when it is dropped
    /// before its end: for transports that push chunks into a buffer of their own.
    package init(next: @escaping @Sendable () async throws -> Data?, cancel: @escaping @Sendable () -> Void) {
        self.source = Source(pull: next, onDrop: cancel)
    }

    /// An empty body.
    public static var empty: ResponseBody { ResponseBody(Data()) }

    /// The iterator of the body's chunks; only the first one made gets any.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(source: source.claim() ? source : nil)
    }

    /// Reads the whole body into memory.
    ///
    /// - Parameter maximumBytes: The most to collect.
    /// - Returns: The body's bytes.
    /// - Throws: ``ResponseTooLargeError`` (without a response head) when the body is longer than
    ///   `maximumBytes`, having read no more than one chunk past it; whatever reading the body throws.
    public func collect(upTo maximumBytes: Int) async throws -> Data {
        var data = Data()
        for try await chunk in self {
            let (total, overflow) = data.count.addingReportingOverflow(chunk.count)
            guard !overflow, total <= maximumBytes else {
                throw ResponseTooLargeError(maximumBytes: maximumBytes, response: nil, receivedBytes: overflow ? .max : total)
            }
            data.append(chunk)
        }
        return data
    }

    /// Iterates the chunks of a ``ResponseBody``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let source: Source?

        /// The next chunk, or nil at the end of the body.
        ///
        /// - Throws: `CancellationError` when the task is cancelled; ``ResponseTooLargeError`` past the
        ///   body's limit; the transport's error when the body could not be read to its end (the
        ///   connection broke).
        public mutating func next() async throws -> Data? {
            guard let source else { return nil }
            while let chunk = try await source.pull() {
                if !chunk.isEmpty { return chunk }
            }
            return nil
        }
    }

    /// Where the chunks come from, shared by the body and its iterator; tells the transport when both
    /// are gone.
    fileprivate final class Source: Sendable {
        let pull: @Sendable () async throws -> Data?
        let onDrop: (@Sendable () -> Void)?
        private let claimed = LockedValue(false)

        init(pull: @escaping @Sendable () async throws -> Data?, onDrop: (@Sendable () -> Void)?) {
            self.pull = pull
            self.onDrop = onDrop
        }

        /// True the first time only.
        func claim() -> Bool { !claimed.exchange(true) }

        deinit { onDrop?() }
    }

    /// The iterator of a sequence of chunks, made on first use and kept for the one reader.
    private final class IteratorBox<Chunks: AsyncSequence & Sendable>: @unchecked Sendable where Chunks.Element == Data {
        // @unchecked: `iterator` is used by one reader at a time (a body has one iterator that reads).
        private let chunks: Chunks
        private var iterator: Chunks.AsyncIterator?
        /// Set once the sequence ended or threw: the iterator is let go (which, for a request, frees its
        /// connection) and never made again.
        private var isFinished = false

        init(_ chunks: Chunks) { self.chunks = chunks }

        func next() async throws -> Data? {
            guard !isFinished else { return nil }
            var current = iterator ?? chunks.makeAsyncIterator()
            iterator = nil
            do {
                let chunk = try await current.next()
                if chunk == nil { isFinished = true } else { iterator = current }
                return chunk
            } catch {
                isFinished = true
                throw error
            }
        }
    }
}

/// A value behind a lock, for the few flags shared between a body and its reader.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Replaces the value, returning the one before.
    func exchange(_ newValue: Value) -> Value {
        lock.withLock {
            let old = value
            value = newValue
            return old
        }
    }
}
