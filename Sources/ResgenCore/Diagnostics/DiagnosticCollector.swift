import Foundation

/// Receives diagnostics as the pipeline finds them.
///
/// Stages emit every problem they find and keep going, so a user sees all problems of a run at once
/// rather than one per run. The pipeline stops with ``DiagnosticsError`` after validation if any
/// error was emitted (and before decoding, when a file did not even parse).
public protocol DiagnosticCollector: AnyObject, Sendable {
    /// Records one diagnostic.
    func emit(_ diagnostic: Diagnostic)
    /// Whether an error was emitted so far.
    var hasErrors: Bool { get }
}

/// Thrown by the pipeline when a stage reported errors; the errors themselves went to the collector.
public struct DiagnosticsError: Error, CustomStringConvertible, Sendable {
    /// How many errors were reported.
    public var errorCount: Int
    /// Creates the error.
    public init(errorCount: Int) { self.errorCount = errorCount }
    /// A one-line summary such as `3 errors generated`.
    public var description: String { "\(errorCount) error\(errorCount == 1 ? "" : "s") generated" }
}

/// Keeps every diagnostic in memory, in emission order; used by tests and by the CLI, which sorts
/// and prints them at the end.
public final class CollectingDiagnosticCollector: DiagnosticCollector, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Diagnostic] = []

    /// Creates an empty collector.
    public init() {}

    /// Everything emitted so far.
    public var diagnostics: [Diagnostic] { lock.withLock { storage } }

    /// Records one diagnostic.
    public func emit(_ diagnostic: Diagnostic) { lock.withLock { storage.append(diagnostic) } }

    /// Whether an error was emitted so far.
    public var hasErrors: Bool { lock.withLock { storage.contains { $0.severity == .error } } }

    /// Number of errors emitted so far.
    public var errorCount: Int { lock.withLock { storage.count { $0.severity == .error } } }

    /// The diagnostics sorted by location (file, line, column), stable for equal locations,
    /// those without a location first — the order the CLI prints and the goldens record.
    public var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case let (l?, r?) where l != r: return l < r
            case (nil, _?): return true
            case (_?, nil): return false
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }
}
