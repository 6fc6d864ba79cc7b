import Foundation

/// How a harness runs: what libFuzzer and the replay command check beyond what the replay tests do.
///
/// The replay tests (`Tests/ResgenFuzzTests`) use ``replay``: no clock, since a unit test must not
/// fail because the machine is busy. The fuzzer uses ``fuzzing``.
public struct FuzzOptions: Sendable {
    /// The CPU time an input of at most ``timedInputLimit`` bytes may take in a timed stage (the schema
    /// pipeline), or `nil` not to time anything.
    public var timeLimit: Duration?
    /// The largest input that is timed: the pipeline's promise is for inputs up to 64 KB.
    public var timedInputLimit = 64 << 10
    /// Which generated sources are typechecked with `swiftc`.
    public var typecheck: TypecheckPolicy

    /// Creates options.
    public init(timeLimit: Duration?, typecheck: TypecheckPolicy) {
        self.timeLimit = timeLimit
        self.typecheck = typecheck
    }

    /// For the replay tests: no time limit; generated code typechecked for a fixed sample of inputs
    /// (one in eight by content hash), so a run checks the same files every time.
    public static let replay = FuzzOptions(timeLimit: nil, typecheck: .sampled(oneIn: 8))

    /// For libFuzzer and the replay command: 1 s of CPU time per pipeline run (`RESGEN_FUZZ_TIME_LIMIT`
    /// seconds overrides it), and at most one typecheck per 30 s of fuzzing.
    public static var fuzzing: FuzzOptions {
        let seconds = ProcessInfo.processInfo.environment["RESGEN_FUZZ_TIME_LIMIT"].flatMap(Double.init) ?? 1
        return FuzzOptions(timeLimit: .milliseconds(Int(seconds * 1000)), typecheck: .throttled(seconds: 30))
    }
}

/// Which successfully generated sources are typechecked: a `swiftc` run takes seconds, so only a bounded
/// fraction of them.
public enum TypecheckPolicy: Sendable {
    /// None.
    case never
    /// The inputs whose content hash is divisible by `oneIn` (deterministic).
    case sampled(oneIn: Int)
    /// At most one input per `seconds` of wall time (for fuzzing, where inputs never repeat).
    case throttled(seconds: Double)

    /// Whether the generated sources of `input` are typechecked now.
    func selects(_ input: Data) -> Bool {
        switch self {
        case .never:
            return false
        case .sampled(let oneIn):
            return ContentHash.fnv1a(input) % UInt64(max(oneIn, 1)) == 0
        case .throttled(let seconds):
            return TypecheckThrottle.shared.take(interval: seconds)
        }
    }
}

/// FNV-1a over bytes: a stable hash (Swift's `Hasher` is seeded per process).
enum ContentHash {
    static func fnv1a(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}

/// The time of the last throttled typecheck.
final class TypecheckThrottle: @unchecked Sendable {
    static let shared = TypecheckThrottle()
    private let lock = NSLock()
    private var last: ContinuousClock.Instant?

    /// Whether `interval` seconds have passed since the last typecheck; if so, starts a new interval.
    func take(interval: Double) -> Bool {
        lock.withLock {
            let now = ContinuousClock.now
            if let last, now - last < .milliseconds(Int(interval * 1000)) { return false }
            last = now
            return true
        }
    }
}
