/// What a harness reports when an input shows a defect: a difference from the reference, a broken
/// invariant, a diagnostic outside the file, a time limit exceeded. (A trap is a finding too, but the
/// process reports that one itself.)
public struct Finding: Error, CustomStringConvertible, Sendable {
    /// The target that found it.
    public var target: String
    /// What kind of defect it is (`difference`, `unlocated`, `slow`…), so that a long fuzzing run can
    /// tolerate kinds already known (`RESGEN_FUZZ_TOLERATE`) and go on looking for others.
    public var kind: String
    /// What is wrong, with the values that show it.
    public var message: String

    /// Creates a finding.
    public init(target: String, kind: String, message: String) {
        self.target = target
        self.kind = kind
        self.message = message
    }

    public var description: String { "\(target): finding (\(kind)): \(message)" }
}
