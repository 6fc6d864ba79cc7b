import Foundation

extension TransferProgress {
    /// Turns a transfer's byte counts into a few meaningful progress values for a handler.
    ///
    /// A transfer is counted chunk by chunk — thousands of times for a large file — but a progress bar
    /// needs a hundred values at most. The reporter passes on the first value it is given, then one each
    /// time the transfer moved on by another 1% of its total (or, while the total is unknown, by another
    /// ``unknownTotalStep`` bytes), and always the value where the transfer is complete; it never passes
    /// on the same value twice, nor a count below one it passed on. A transfer of known length therefore
    /// reports at most 102 values, however it is chunked: steps are counted in bytes, not in time, so
    /// what a handler sees does not depend on the machine's speed.
    ///
    /// Why a handler and not an `AsyncStream`: the handler runs where the bytes are counted, synchronously,
    /// which costs nothing when nobody listens and keeps the values in order; a caller who wants a stream
    /// makes one with `bufferingNewest(1)` and yields to it from the handler (the Caching and large
    /// bodies article shows how), and one who updates a view hops to the main actor there. The handler
    /// must return quickly: it runs on the transport's thread, between two chunks of the transfer.
    ///
    /// A transport reports uploads through the reporter in ``TransportOptions/uploadProgress``; compared
    /// by identity, so options stay `Hashable`.
    public final class Reporter: Hashable, @unchecked Sendable {
        // @unchecked: every stored `var` is guarded by `lock`.
        private let lock = NSLock()
        private let handler: @Sendable (TransferProgress) -> Void
        /// The last value passed on.
        private var last: TransferProgress?
        /// The count at which the next value is passed on.
        private var next: Int64 = 0

        /// The step while the total is unknown: 1 MiB.
        public static let unknownTotalStep: Int64 = 1 << 20
        /// How many steps a transfer of known length has: 100, one per percent.
        public static let stepsPerTransfer: Int64 = 100

        /// A reporter that passes its values to `handler`.
        public init(_ handler: @escaping @Sendable (TransferProgress) -> Void) {
            self.handler = handler
        }

        /// Takes the transfer's count so far, and passes it on when it is a step further than the last
        /// value passed on, or complete.
        ///
        /// - Parameters:
        ///   - completedBytes: The bytes transferred so far.
        ///   - totalBytes: The bytes of the whole transfer, when known.
        public func update(completedBytes: Int64, totalBytes: Int64?) {
            let value = TransferProgress(completedBytes: completedBytes, totalBytes: totalBytes)
            let passed: TransferProgress? = lock.withLock {
                if let last {
                    // Never backwards, never the same value twice.
                    guard completedBytes >= last.completedBytes, value != last else { return nil }
                    let isComplete = totalBytes.map { completedBytes >= $0 } ?? false
                    guard isComplete || totalBytes != last.totalBytes || completedBytes >= next else { return nil }
                }
                last = value
                // A percent, rounded up, so that a hundred steps cover the whole transfer.
                let step = totalBytes.map { max(1, $0 / Self.stepsPerTransfer + ($0 % Self.stepsPerTransfer == 0 ? 0 : 1)) } ?? Self.unknownTotalStep
                next = completedBytes + step
                return value
            }
            if let passed { handler(passed) }
        }

        /// Ends the transfer: passes on its final count as complete (its total, if it was not known,
        /// is the count), unless that value was passed on already.
        ///
        /// - Parameter completedBytes: The bytes transferred in all.
        public func finish(completedBytes: Int64) {
            update(completedBytes: completedBytes, totalBytes: completedBytes)
        }

        /// Whether `lhs` and `rhs` are the same reporter.
        public static func == (lhs: Reporter, rhs: Reporter) -> Bool { lhs === rhs }

        /// Hashes the reporter's identity.
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }
}
