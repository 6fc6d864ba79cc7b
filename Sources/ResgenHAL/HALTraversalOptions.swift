import Foundation
import Logging
@_spi(Generated) import ResgenRuntimeCore

/// How a HAL traversal (includes) runs. The options hold at every depth of the traversal.
///
/// The limits bound what one call may cost, whatever the servers send: requests
/// (``requestBudget``), related resources resolved (``resourceBudget``), links followed per relation
/// (``maximumLinksPerRelation``) and response bytes taken (``byteBudget``). A link's target is fetched,
/// decoded and resolved once however many links point to it, so the cost follows what was received;
/// the limits bound what was received. A limit that is reached fails the call, whatever the
/// ``failurePolicy``, with a ``HALTraversalError`` that names it, the include path and the option that
/// raises it.
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
    /// How many requests one call may issue (the first included); 1,000 by default. Past it the call fails
    /// with ``HALTraversalError/requestBudgetExceeded(budget:url:)``.
    public var requestBudget: Int
    /// How many related resources one call may resolve; 10,000 by default. Each link followed and each
    /// embedded resource taken counts one, and so does each item of a collection fetched through a link,
    /// also when many links share a target: this bounds the work and the size of the result, where
    /// ``requestBudget`` bounds only distinct URLs. Past it the call fails with
    /// ``HALTraversalError/resourceBudgetExceeded(budget:path:)`` before the resources are resolved.
    public var resourceBudget: Int
    /// How many links of one relation of one resource the traversal follows; 1,000 by default. A relation
    /// with more (`"contacts": [10,000 links]`) fails the call with
    /// ``HALTraversalError/tooManyLinks(path:count:limit:)`` before any of them is followed.
    public var maximumLinksPerRelation: Int
    /// How many response bytes one call may take, over all its responses (the first included); 64 MiB by
    /// default. Each request may read only what is left (less than ``Client/Configuration/maximumResponseBytes``
    /// when little is left), and once the bodies taken pass the budget the call fails with
    /// ``HALTraversalError/byteBudgetExceeded(budget:path:)``. Concurrent requests may each read what
    /// was left when they started, so the bytes in flight stay below ``maximumConcurrency`` times the
    /// budget. A body is dropped as soon as it is decoded: what a call holds is the decoded values.
    public var byteBudget: Int
    /// Whether to fetch a relationship's link even when the resource is embedded.
    public var alwaysFetch: Bool
    /// What a failed nested fetch does.
    public var failurePolicy: FailurePolicy
    /// Query items added to the links followed for an include path, by that path in wire keys joined with
    /// dots and without brackets: `["contacts": [QueryItem(name: "size", value: "50")], "contacts.website": …]`.
    ///
    /// They are appended to the query the server wrote in the link, which is kept byte for byte (a signed
    /// URL's `sig=a%2Bb` stays as it is), and their names and values are percent-encoded as the first
    /// request's query is: everything but `A-Z a-z 0-9 - . _ ~`, so `+`, `&`, `=` and `#` arrive as written.
    public var query: [String: [QueryItem]]
    /// Header fields sent with every nested fetch to a trusted origin (the base URL's, or one in
    /// ``Client/Configuration/trustedOrigins``); a link to any other origin is fetched without them.
    public var headers: [HeaderField]
    /// Variables for templated links (RFC 6570) the traversal follows: per-client defaults, with a call's
    /// own values and removals layered on top (pass per-call options). A templated link expands with
    /// undefined variables dropped, so `/contacts{?page}` is followed as `/contacts`; one that does not
    /// expand fails the call with ``HALTraversalError/unexpandableLink(path:href:error:)``.
    public var templateVariables: TemplateVariables
    /// Where the traversal logs: a warning, once per call and link, for each link it follows that has a
    /// ``HALLink/deprecation`` (the server's notice that the link is going away), with the link's URL
    /// redacted as ``Client/Configuration/sensitiveQueryParameterNames`` says. By default the logger
    /// ``LoggingMiddleware`` logs to (`resgen.client`).
    public var logger = Logger(label: "resgen.client")

    /// The default of ``resourceBudget``: 10,000.
    public static let defaultResourceBudget = 10_000
    /// The default of ``maximumLinksPerRelation``: 1,000.
    public static let defaultMaximumLinksPerRelation = 1_000
    /// The default of ``byteBudget``: 64 MiB (twice the default largest response).
    public static let defaultByteBudget = 64 << 20

    /// Creates options.
    public init(
        maximumConcurrency: Int = 16, requestBudget: Int = 1_000, alwaysFetch: Bool = false, failurePolicy: FailurePolicy = .fail,
        query: [String: [QueryItem]] = [:], headers: [HeaderField] = [], templateVariables: TemplateVariables = TemplateVariables(),
        resourceBudget: Int = Self.defaultResourceBudget, maximumLinksPerRelation: Int = Self.defaultMaximumLinksPerRelation,
        byteBudget: Int = Self.defaultByteBudget
    ) {
        self.maximumConcurrency = max(1, maximumConcurrency)
        self.requestBudget = requestBudget
        self.resourceBudget = max(0, resourceBudget)
        self.maximumLinksPerRelation = max(0, maximumLinksPerRelation)
        self.byteBudget = max(0, byteBudget)
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
    /// Requests issued by the call, the first included; each URL is requested at most once (once per
    /// type it is read as, should a server link one URL as a resource and as a collection).
    public var requestCount: Int
    /// Related resources the call resolved, as counted against ``HALTraversalOptions/resourceBudget``.
    public var resourceCount: Int = 0
    /// Response bytes the call took, as counted against ``HALTraversalOptions/byteBudget``.
    public var byteCount: Int = 0
    /// Response bodies the call decoded (for tests: at most one per URL and type).
    package var decodeCount: Int = 0
}

/// A related resource that could not be fetched.
public struct HALTraversalFailure: Sendable, CustomStringConvertible {
    /// The include path, in Halley's notation (`[contacts].website`).
    public var path: String
    /// The URL that failed.
    public var url: URL
    /// What went wrong (usually a ``ClientError``).
    public var error: any Error

    /// Creates a failure (the memberwise initializer, visible to the package).
    package init(path: String, url: URL, error: any Error) {
        self.path = path
        self.url = url
        self.error = error
    }

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
    /// The call needed to resolve more related resources than ``HALTraversalOptions/resourceBudget``
    /// allows; `path` is the include path that would have passed it.
    case resourceBudgetExceeded(budget: Int, path: String)
    /// A relation at `path` has `count` links, more than ``HALTraversalOptions/maximumLinksPerRelation``.
    case tooManyLinks(path: String, count: Int, limit: Int)
    /// The responses took more bytes than ``HALTraversalOptions/byteBudget`` allows; `path` is the
    /// include path whose response passed it (empty for the call's own resource).
    case byteBudgetExceeded(budget: Int, path: String)
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
        case .resourceBudgetExceeded(let budget, let path):
            "include '\(path)': the traversal's resource budget of \(budget) related resources is spent (each link followed counts, repeats included; raise HALTraversalOptions.resourceBudget)"
        case .tooManyLinks(let path, let count, let limit):
            "include '\(path)': the relation has \(count) links, more than the \(limit) followed per relation (raise HALTraversalOptions.maximumLinksPerRelation)"
        case .byteBudgetExceeded(let budget, let path):
            (path.isEmpty ? "the traversal's resource" : "include '\(path)'")
                + ": the traversal's byte budget of \(budget) response bytes is spent (raise HALTraversalOptions.byteBudget)"
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
