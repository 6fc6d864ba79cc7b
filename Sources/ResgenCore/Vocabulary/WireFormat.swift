/// The wire format an API speaks.
public enum WireFormat: String, Hashable, Sendable, CaseIterable {
    /// `application/vnd.api+json`.
    case jsonapi
    /// `application/hal+json`.
    case hal
}

extension WireFormat {
    /// The runtime module of the format, which generated code imports beside `ResgenRuntimeCore` (and
    /// nothing of the other format, so an app of one format links no code of the other).
    public var runtimeModule: String {
        switch self {
        case .jsonapi: "ResgenJSONAPI"
        case .hal: "ResgenHAL"
        }
    }
}
