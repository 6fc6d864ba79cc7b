import ResgenCore

/// Something `resgen import-openapi` could not map as the document says (a `$ref` cycle, a `oneOf`
/// without a discriminator, a response that matches no resource, an unsupported parameter style):
/// said on standard error and, where it concerns a line of the draft, in a comment there.
public struct OpenAPIImportWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where in the OpenAPI document, as a JSON pointer (`#/components/schemas/Article/properties/body`).
    public var pointer: String
    /// What was done instead, as a sentence fragment (lowercase, no final period).
    public var message: String

    /// `#/paths/~1articles/get: message`.
    public var description: String { "\(pointer): \(message)" }
}
