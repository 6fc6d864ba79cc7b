import ResgenCore

/// Why `resgen import-openapi` wrote no draft: each a sentence for the user.
public enum OpenAPIImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not an OpenAPI 3.0 or 3.1 document OpenAPIKit reads: where (a JSON pointer)
    /// and why.
    case rejected(source: String, pointer: String, reason: String)
    /// `--name` is not a Swift type name.
    case invalidName(String, reason: String)
    /// The draft did not validate even after repairs (a bug in the importer); the diagnostics.
    case draftInvalid([String])

    public var description: String {
        switch self {
        case .rejected(let source, let pointer, let reason):
            "\(source) is not an OpenAPI document resgen can read, at '\(pointer)': \(reason)"
        case .invalidName(let name, let reason):
            "'\(name)' cannot be the API's name: \(reason)"
        case .draftInvalid(let diagnostics):
            "the drafted schema does not validate (please report this):\n" + diagnostics.joined(separator: "\n")
        }
    }
}
