import Foundation

/// Forwards diagnostics to another collector and counts the errors of this run only, so a
/// collector shared across runs (the CLI's) does not make a later run fail.
final class CountingCollector: DiagnosticCollector, @unchecked Sendable {
    private let upstream: any DiagnosticCollector
    private let lock = NSLock()
    private var errors = 0

    init(forwardingTo upstream: any DiagnosticCollector) { self.upstream = upstream }

    func emit(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { lock.withLock { errors += 1 } }
        upstream.emit(diagnostic)
    }

    var hasErrors: Bool { errorCount > 0 }
    var errorCount: Int { lock.withLock { errors } }
}
