import Foundation

/// What generated code knows about its API as a whole (`enum Blog: APIDefinition`), so a client can be
/// made for it in one line: `Client(api: Blog.self)`.
public protocol APIDefinition {
    /// The base URL the schema names, if any.
    static var defaultBaseURL: URL? { get }
    /// The wire format.
    static var format: WireFormat { get }
    /// How dates are written.
    static var dateFormat: DateFormat { get }
}

/// The wire formats resgen generates for.
public enum WireFormat: String, Hashable, Sendable, CaseIterable {
    /// JSON:API (`application/vnd.api+json`).
    case jsonapi
    /// HAL (`application/hal+json`).
    case hal
}
