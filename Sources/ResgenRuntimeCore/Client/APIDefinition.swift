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
    /// Every resource type of the API, e.g. to decode JSON:API `included` by its `type`.
    static var resourceTypes: [any Resource.Type] { get }
}

extension APIDefinition {
    /// None, for hand-written definitions.
    public static var resourceTypes: [any Resource.Type] { [] }
}
