import Foundation

/// The values of a live query of a ``ResourceStore``: the current value at once (when the store can
/// answer), then each new value after a change to anything in its graph; a value equal to the last one
/// is not repeated. Every value is delivered, in order, even to a consumer slower than the changes (an
/// optimistic write and its rollback are two values), so what it sees is each state the store was in.
/// Iterate it in a task; cancelling the task, or releasing the sequence, ends it and unregisters the
/// query. For SwiftUI, ``observed()`` gives the same values as an `@Observable` object.
public struct ResourceWatch<Value: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value
    let stream: AsyncStream<Value>
    let record: YieldRecord<Value>

    public func makeAsyncIterator() -> AsyncStream<Value>.Iterator { stream.makeAsyncIterator() }

    /// How many values the store handed to this sequence, and the last one, whether or not a consumer
    /// took them yet: what tests compare with a reference after each step without awaiting the sequence.
    @_spi(Testing) public var yielded: (count: Int, last: Value?) { record.read() }
}

/// The values a watch was handed: counted as they are yielded, on the store's actor.
final class YieldRecord<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var last: Value?

    func note(_ value: Value) {
        lock.withLock {
            count += 1
            last = value
        }
    }

    func read() -> (count: Int, last: Value?) { lock.withLock { (count, last) } }
}
