import Foundation
import Logging

/// A swift-log handler that keeps what is logged, for tests that check what the runtime logs (a logger
/// made with it, not the process-wide bootstrap).
final class CapturedLog: @unchecked Sendable {
    // @unchecked: `entries` is only touched under `lock`.
    private let lock = NSLock()
    private var entries: [(level: Logger.Level, message: String)] = []

    /// Everything logged so far.
    var messages: [(level: Logger.Level, message: String)] { lock.withLock { entries } }

    /// A logger that logs here, at every level.
    var logger: Logger {
        var logger = Logger(label: "test") { _ in Handler(log: self) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func append(_ level: Logger.Level, _ message: String) { lock.withLock { entries.append((level, message)) } }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) { log.append(event.level, event.message.description) }
    }
}
