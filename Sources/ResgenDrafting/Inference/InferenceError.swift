import ResgenCore

/// Why `resgen infer` cannot draft a schema from what it fetched: each a sentence for the user.
public enum InferenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing was fetched.
    case noDocuments
    /// A body that is not JSON.
    case notJSON(url: String, JSONSyntaxError)
    /// A JSON body that is neither a HAL nor a JSON:API document.
    case neitherFormat(url: String, contentType: String?)
    /// Documents of both formats: one API has one wire format.
    case mixedFormats(hal: String, jsonapi: String)
    /// `--name` is not a Swift type name.
    case invalidName(String, reason: String)
    /// The documents hold no resource at all (an empty collection, only errors).
    case noResources
    /// A HAL document written in a form the runtime refuses (a link without a string `href`, `_embedded`
    /// as an array in a resource): a client generated from the draft could not read it either. Where, as
    /// a JSON path, and why.
    case unreadableHAL(url: String, path: String, reason: String)
    /// The draft did not validate even after repairs (a bug in inference); the diagnostics.
    case draftInvalid([String])

    public var description: String {
        switch self {
        case .noDocuments:
            "no documents were fetched"
        case .notJSON(let url, let error):
            "the response of \(url) is not JSON: \(error)"
        case .neitherFormat(let url, let contentType):
            "the response of \(url)\(contentType.map { " (\($0))" } ?? "") is neither HAL (no '_links' or '_embedded') "
                + "nor JSON:API (no 'data' with resource objects); resgen infer reads application/hal+json and application/vnd.api+json"
        case .mixedFormats(let hal, let jsonapi):
            "\(hal) is HAL but \(jsonapi) is JSON:API; one API has one wire format"
        case .invalidName(let name, let reason):
            "'\(name)' cannot be the API's name: \(reason)"
        case .noResources:
            "the responses hold no resources to infer from (empty collections or errors only)"
        case .unreadableHAL(let url, let path, let reason):
            "the response of \(url) is HAL that generated clients cannot read, at '\(path)': \(reason)"
        case .draftInvalid(let diagnostics):
            "the drafted schema does not validate (please report this):\n" + diagnostics.joined(separator: "\n")
        }
    }
}
