/// An HTTP request method, such as `GET` or `POST`.
///
/// A struct rather than an enum so that a schema may name methods this module does not list
/// (for example `PROPFIND`); the common ones are available as static members.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token as sent on the wire, for example `"GET"`.
    public var rawValue: String

    /// Creates a method from its wire token.
    ///
    /// - Parameter rawValue: The method token, used exactly as given (no case folding).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The method token, for example `"GET"`.
    public var description: String { rawValue }

    /// `GET`: reads a resource or a collection.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`: creates a resource in a collection.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replaces a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: updates part of a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: deletes a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`: like `GET`, without a response body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `OPTIONS`: asks which methods a resource supports.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
}
