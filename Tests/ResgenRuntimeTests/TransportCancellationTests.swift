import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Each transport (``TransportKind``) cancelled at random moments around the end of its requests,
/// against the loopback server `Tests/Servers/echo_server.py`.
///
/// A cancellation handler runs while the Swift runtime holds the cancelled task's status lock, and
/// resuming that task's continuation needs the same lock. When the handler called
/// `URLSessionTask.cancel()` (which waits for the session's work queue) while the work queue was
/// resuming the continuation, both waited for each other and the test process hung. Many requests,
/// each cancelled after a random wait of up to twice a typical request's duration, make the two meet:
/// before the fix the filtered suite hung in 30 of 30 runs. A hang shows as a test that never ends,
/// not as a time limit. Over the limit, the delegate's own cancellation races the task's too.
///
/// Its own server, and only outcomes are counted, so the load of other suites changes nothing but
/// where the cancellations land.
@Suite(
    "Transports cancelled around completion",
    .enabled(if: LoopbackServer.isAvailable, "python3 is not on PATH (the loopback server needs it)")
)
struct TransportCancellationTests {
    /// How one request ended.
    enum Outcome: Equatable {
        /// The whole response arrived before the cancellation.
        case completed
        /// `CancellationError`: the cancellation came first.
        case cancelled
        /// ``ResponseTooLargeError``: the body passed the limit first.
        case tooLarge
        /// Anything else: a bug.
        case unexpected(String)
    }

    /// Requests in flight at once.
    static let width = 16
    /// Requests in all, per test.
    static let requests = 1_600
    /// The limit of the over-limit requests, 1 KiB under their body.
    static let limit = 63 * 1_024

    @Test(
        "Each request ends once (response, CancellationError or the limit's error); nothing hangs or crashes",
        arguments: TransportKind.allCases, [false, true]
    )
    func cancelledAroundCompletion(kind: TransportKind, overLimit: Bool) async throws {
        let server = try await LoopbackServer.start()
        defer { server.terminate() }
        let transport = kind.make()
        // Over the limit, the delegate cancels the task itself, so both cancellations race.
        let path = overLimit ? "/bytes/\(64 * 1_024)" : "/echo/stress"
        let options = overLimit ? TransportOptions(maximumResponseBytes: Self.limit) : TransportOptions()
        let request = HTTPRequest(method: .get, url: server.url(path))
        // The window the cancellations are spread over: twice a typical request at this width, widened
        // after a round in which nothing completed and narrowed after one in which nothing was cancelled,
        // so that however loaded the machine is, both ends of the race are reached.
        var window = try await Self.typicalDuration(of: request, options: options, on: transport) * 2
        let finished: Outcome = overLimit ? .tooLarge : .completed

        var counts: [Outcome: Int] = [:]
        for _ in 0..<(Self.requests / Self.width) {
            let outcomes = await withTaskGroup(of: Outcome.self) { [window] group in
                for _ in 0..<Self.width {
                    group.addTask {
                        let delay = Duration.random(upTo: window)
                        return await Self.send(request, options: options, on: transport, cancellingAfter: delay)
                    }
                }
                return await group.reduce(into: [Outcome]()) { $0.append($1) }
            }
            for outcome in outcomes { counts[outcome, default: 0] += 1 }
            if !outcomes.contains(finished) && counts[finished, default: 0] == 0 { window = window * 2 }
            if !outcomes.contains(.cancelled) && counts[.cancelled, default: 0] == 0 { window = window / 2 }
        }

        let unexpected = counts.filter { if case .unexpected = $0.key { true } else { false } }
        #expect(unexpected.isEmpty, "unexpected outcomes: \(unexpected)")
        #expect(counts.values.reduce(0, +) == Self.requests)
        #expect(counts[.cancelled, default: 0] > 0, "no cancellation landed: \(counts)")
        #expect(counts[overLimit ? .tooLarge : .completed, default: 0] > 0, "no request ended first: \(counts)")
    }

    /// Sends `request` from a new task and cancels that task after `delay`.
    private static func send(
        _ request: HTTPRequest,
        options: TransportOptions,
        on transport: any Transport,
        cancellingAfter delay: Duration
    ) async -> Outcome {
        let task = Task { try await transport.send(request, body: .none, options: options) }
        try? await Task.sleep(for: delay)
        task.cancel()
        switch await task.result {
        case .success: return .completed
        case .failure(is CancellationError): return .cancelled
        case .failure(is ResponseTooLargeError): return .tooLarge
        case .failure(let error): return .unexpected(String(describing: error))
        }
    }

    /// The median duration of uncancelled sends of `request`, `width` at a time as the test sends them,
    /// on this machine as it is loaded now.
    private static func typicalDuration(
        of request: HTTPRequest,
        options: TransportOptions,
        on transport: any Transport
    ) async throws -> Duration {
        let durations = await withTaskGroup(of: Duration.self) { group in
            for _ in 0..<width {
                group.addTask {
                    let clock = ContinuousClock()
                    let start = clock.now
                    _ = try? await transport.send(request, body: .none, options: options)
                    return clock.now - start
                }
            }
            return await group.reduce(into: [Duration]()) { $0.append($1) }
        }
        return durations.sorted()[durations.count / 2]
    }
}

extension TransportCancellationTests.Outcome: Hashable {}

extension Duration {
    /// A uniformly random duration from zero to `limit`, in nanoseconds.
    fileprivate static func random(upTo limit: Duration) -> Duration {
        let (seconds, attoseconds) = limit.components
        let nanoseconds = max(1, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        return .nanoseconds(Int64.random(in: 0...nanoseconds))
    }
}
