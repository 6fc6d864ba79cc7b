import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a ``URLSessionTransportDelegate`` hands one task's response to, as the session delivers it:
/// a ``ResponseCollector`` (the whole body, for `send`) or a ``ResponseStreamer`` (chunk by chunk, for
/// `stream`).
protocol ResponseSink: AnyObject, Sendable {
    /// Takes the response head; the decision says whether the task goes on.
    func receive(_ response: URLResponse) -> ResponseCollector.Decision
    /// Takes the next piece of the body; the decision says whether the task goes on.
    func receive(_ data: Data) -> ResponseCollector.Decision
    /// Ends the response when the task completed, with its final response and error.
    func complete(response: URLResponse?, error: (any Error)?)
    /// Ends the response with `error` (the task never started).
    func fail(_ error: any Error)
}

extension ResponseCollector: ResponseSink {}
