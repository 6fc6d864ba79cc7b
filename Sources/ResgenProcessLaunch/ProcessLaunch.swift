import Foundation

/// Starts child processes one at a time across the whole process, so that no child inherits a
/// descriptor that another launch opened for itself.
///
/// On Linux, Foundation's `Process.run()` learns that its child exited through a socket pair it opens
/// without close-on-exec: the child keeps one end, and the parent waits for that end to hang up, which
/// it does when the child exits; only then does it reap the child and let `waitUntilExit()` return.
/// Each launch closes, in its child, the descriptors open when that launch began, but not one that
/// another thread's launch opens in between. A child started in that window inherits the other
/// launch's end; the hang-up then waits for both children, and when the inheritor is a test server
/// that lives until the test process ends, `waitUntilExit()` never returns. Seen in CI (`swift test`
/// silent until the 90-minute limit) and reproduced here: a `swift-frontend` a zombie for minutes, its
/// socket's other end held by a JSON:API test server started at the same moment.
///
/// Every `Process.run()` of the test targets and of the fuzz harnesses' `Typechecker` goes through
/// ``run(_:)``, or ``serialized(_:)`` where the launch creates pipes of its own first. A module of its
/// own because the test targets are separate modules linked into one test binary: a lock in each
/// module's copy of `Tests/Support` would be one lock per module, not one per process.
public enum ProcessLaunch {
    private static let lock = NSLock()

    /// `process.run()`, while no other launch of this process runs.
    public static func run(_ process: Process) throws {
        try serialized { try process.run() }
    }

    /// Runs `body`, which creates the descriptors a child is to inherit (a `Pipe`) and launches it,
    /// while no other launch of this process runs: a pipe created during another launch would be
    /// inherited by that launch's child too, and its reader would then wait for that child's end as well.
    public static func serialized<Value>(_ body: () throws -> Value) rethrows -> Value {
        try lock.withLock(body)
    }
}
