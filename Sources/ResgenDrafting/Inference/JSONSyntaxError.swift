import ResgenCore

/// Why a body is not JSON, at which byte.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The byte offset in the body.
    public var offset: Int

    public var description: String { "\(message) at byte \(offset)" }
}
