/// The values of a live query of a ``ResourceStore``: the current value at once (when the store can
/// answer), then each new value after a change to anything in its graph; a value equal to the last one
/// is not repeated. Every value is delivered, in order, even to a consumer slower than the changes (an
/// optimistic write and its rollback are two values), so what it sees is each state the store was in.
/// Iterate it in a task; cancelling the task, or releasing the sequence, ends it and unregisters the
/// query.
public struct ResourceWatch<Value: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value
    let stream: AsyncStream<Value>

    public func makeAsyncIterator() -> AsyncStream<Value>.Iterator { stream.makeAsyncIterator() }
}
