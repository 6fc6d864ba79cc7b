/// The wire format an API speaks.
public enum WireFormat: String, Hashable, Sendable, CaseIterable {
    /// `application/vnd.api+json`.
    case jsonapi
    /// `application/hal+json`.
    case hal
}
