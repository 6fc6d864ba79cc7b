/// Stub, replaced by the validator's output.
public struct ResourceModel: Sendable {}
