import Foundation

/// How a HAL traversal (includes) runs. The options hold at every depth of the traversal.
public struct HALTraversalOptions: Sendable {
    /// What to do when fetching a related resource fails.
    public enum FailurePolicy: Sendable {
        /// The whole call fails with the first error.
        case fail
        /// The relationship stays unresolved (`resolved == nil`) and the failure is reported in
        /// ``HALTraversal/failures``.
        case leaveUnresolved
    }

    /// How many requests may be in flight at once, across all depths; 16 by default, which matches
    /// `URLSessionTransport`'s connections per host.
    public var maximumConcurrency: Int
    /// How many requests one call may issue (the first included); past it the call fails with
    /// ``HALTraversalError/requestBudgetExceeded(budget:url:)``.
    public var requestBudget: Int
    /// Whether to fetch a relationship's link even when the resource is embedded.
    public var alwaysFetch: Bool
    /// What a failed nested fetch does.
    public var failurePolicy: FailurePolicy
    /// Query items added to the links followed for an include path, by that path in wire keys joined with
    /// dots and without brackets: `["contacts": [QueryItem(name: "size", value: "50")], "contacts.website": …]`.
    public var query: [String: [QueryItem]]
    /// Header fields sent with every nested fetch to a trusted origin (the base URL's, or one in
    /// ``Client/Configuration/trustedOrigins``); a link to any other origin is fetched without them.
    public var headers: [HeaderField]
    /// Variables for templated links (RFC 6570) the traversal follows: per-client defaults, with a call's
    /// own values and removals layered on top (pass per-call options). A templated link expands with
    /// undefined variables dropped, so `/contacts{?page}` is followed as `/contacts`; one that does not
    /// expand fails the call with ``HALTraversalError/unexpandableLink(path:href:error:)``.
    public var templateVariables: TemplateVariables

    /// Creates options.
    public init(
        maximumConcurrency: Int = 16, requestBudget: Int = 1_000, alwaysFetch: Bool = false, failurePolicy: FailurePolicy = .fail,
        query: [String: [QueryItem]] = [:], headers: [HeaderField] = [], templateVariables: TemplateVariables = TemplateVariables()
    ) {
        self.maximumConcurrency = max(1, maximumConcurrency)
        self.requestBudget = requestBudget
        self.alwaysFetch = alwaysFetch
        self.failurePolicy = failurePolicy
        self.query = query
        self.headers = headers
        self.templateVariables = templateVariables
    }
}

/// The result of a traversal: the value with its includes resolved, and what it cost.
public struct HALTraversal<Value: Sendable>: Sendable {
    /// The resource (or collection, or untyped document) with its includes resolved.
    public var value: Value
    /// Fetches that failed and were left unresolved (``HALTraversalOptions/FailurePolicy/leaveUnresolved``).
    public var failures: [HALTraversalFailure]
    /// Requests issued by the call, the first included; each URL is requested at most once.
    public var requestCount: Int
}

/// A related resource that could not be fetched.
public struct HALTraversalFailure: Sendable, CustomStringConvertible {
    /// The include path, in Halley's notation (`[contacts].website`).
    public var path: String
    /// The URL that failed.
    public var url: URL
    /// What went wrong (usually a ``ClientError``).
    public var error: any Error

    /// `[contacts].website (https://…): <the error>`, with the URL redacted (and any URL the error
    /// spells) and control characters escaped, as ``ClientError/description`` does; the query parameters
    /// redacted are the client's when the error is a ``ClientError``.
    public var description: String {
        let names = (error as? ClientError)?.request.sensitiveQueryParameterNames ?? URLRedaction.defaultSensitiveQueryParameterNames
        return "\(ControlCharacterEscaping.escaped(path)) (\(URLRedaction.string(url, redacting: names))): \(ErrorText.describe(error, redacting: names))"
    }
}

/// Errors of traversal itself; these fail the call whatever the failure policy.
public enum HALTraversalError: Error, CustomStringConvertible, Equatable {
    /// The call needed more requests than ``HALTraversalOptions/requestBudget`` allows.
    case requestBudgetExceeded(budget: Int, url: URL)
    /// An include string names a relationship the schema does not know.
    case unknownInclude(include: String, step: String, resource: String, known: [String])
    /// An include string is malformed, or brackets a to-one relationship.
    case invalidInclude(include: String, reason: String)
    /// A templated link the traversal has to follow does not expand with
    /// ``HALTraversalOptions/templateVariables``: the template is malformed, or a value does not fit it.
    /// No request can be made, and retrying would not help, so this fails the call whatever the policy.
    case unexpandableLink(path: String, href: String, error: URITemplate.Error)

    /// A sentence, with every URL and link redacted as ``ClientError/description`` does and control
    /// characters escaped.
    public var description: String {
        ErrorText.line(text)
    }

    private var text: String {
        switch self {
        case .requestBudgetExceeded(let budget, let url):
            "the traversal's request budget of \(budget) is spent; not fetching \(URLRedaction.string(url)) (raise HALTraversalOptions.requestBudget)"
        case .unknownInclude(let include, let step, let resource, let known):
            "include '\(include)': '\(resource)' has no relationship '\(step)'; it has " + (known.isEmpty ? "none" : known.map { "'\($0)'" }.joined(separator: ", "))
        case .invalidInclude(let include, let reason):
            "include '\(include)' is invalid: \(reason)"
        case .unexpandableLink(let path, let href, let error):
            // The link may be relative, which `ErrorText` would not find: redact it here, in the error's
            // text too (which quotes the template).
            "include '\(path)': the templated link '\(URLRedaction.reference(href))' does not expand: "
                + "\(String(describing: error).replacingOccurrences(of: href, with: URLRedaction.reference(href))) "
                + "(check the template and HALTraversalOptions.templateVariables)"
        }
    }
}
