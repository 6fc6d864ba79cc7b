import Foundation

/// An error document a server sent with a non-2xx response, decoded by its media type.
public enum ServerErrorDocument: Hashable, Sendable {
    /// JSON:API `errors` (`application/vnd.api+json`): one entry per error object.
    case jsonAPI([JSONAPIErrorObject])
    /// RFC 9457 problem details (`application/problem+json`).
    case problem(ProblemDetails)
    /// HAL `vnd.error` (`application/vnd.error+json`).
    case vndError(VndError)

    /// Decodes the document `body` holds, judging by `contentType` first and by shape second
    /// (servers often send error JSON as plain `application/json`); nil when it is none of them.
    public static func decode(_ body: Data, contentType: String?) -> ServerErrorDocument? {
        guard !body.isEmpty else { return nil }
        let type = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let decoder = JSONDecoder()
        switch type {
        case "application/vnd.api+json":
            return (try? decoder.decode(JSONAPIErrors.self, from: body)).map { .jsonAPI($0.errors) }
        case "application/problem+json":
            return (try? decoder.decode(ProblemDetails.self, from: body)).map { .problem($0) }
        case "application/vnd.error+json":
            return (try? decoder.decode(VndError.self, from: body)).map { .vndError($0) }
        default:
            guard type.hasSuffix("json") else { return nil }
            if let errors = try? decoder.decode(JSONAPIErrors.self, from: body), !errors.errors.isEmpty { return .jsonAPI(errors.errors) }
            if let problem = try? decoder.decode(ProblemDetails.self, from: body), problem.title != nil || problem.type != nil { return .problem(problem) }
            if let error = try? decoder.decode(VndError.self, from: body), error.message != nil { return .vndError(error) }
            return nil
        }
    }

    /// One line per error, for messages.
    public var summaries: [String] {
        switch self {
        case .jsonAPI(let errors): errors.map(\.summary)
        case .problem(let problem): [problem.summary]
        case .vndError(let error): [error.summary]
        }
    }
}

/// The top level of a JSON:API error document.
struct JSONAPIErrors: Decodable {
    var errors: [JSONAPIErrorObject]
}

/// One JSON:API error object (https://jsonapi.org/format/#error-objects).
public struct JSONAPIErrorObject: Codable, Hashable, Sendable {
    /// Where the error came from in the request.
    public struct Source: Codable, Hashable, Sendable {
        /// A JSON Pointer into the request document, e.g. `/data/attributes/title`.
        public var pointer: String?
        /// The query parameter that caused the error.
        public var parameter: String?
        /// The request header that caused the error.
        public var header: String?
    }

    /// A unique identifier of this occurrence.
    public var id: String?
    /// The HTTP status, as a string.
    public var status: String?
    /// An application-specific code.
    public var code: String?
    /// A short summary of the problem.
    public var title: String?
    /// An explanation of this occurrence.
    public var detail: String?
    /// What in the request caused it.
    public var source: Source?
    /// Non-standard details, as raw JSON.
    public var meta: JSONValue?
    /// The error's `links`: `about` (this occurrence explained) and `type` (the kind of error), and any
    /// others the server sends.
    public var links: JSONAPILinks?

    /// `links.about`: a page about this occurrence of the problem.
    public var aboutLink: JSONAPILink? { links?["about"] }
    /// `links.type`: what identifies the kind of error this is (JSON:API 1.1).
    public var typeLink: JSONAPILink? { links?["type"] }

    /// `title: detail (pointer)`.
    public var summary: String {
        var text = [title, detail].compactMap { $0 }.joined(separator: ": ")
        if text.isEmpty { text = code ?? "error" }
        if let pointer = source?.pointer { text += " (\(pointer))" } else if let parameter = source?.parameter { text += " (parameter \(parameter))" }
        return text
    }
}

/// RFC 9457 problem details.
public struct ProblemDetails: Codable, Hashable, Sendable {
    /// A URI reference identifying the problem type.
    public var type: String?
    /// A short summary.
    public var title: String?
    /// The HTTP status.
    public var status: Int?
    /// An explanation of this occurrence.
    public var detail: String?
    /// A URI reference identifying this occurrence.
    public var instance: String?

    /// Creates problem details.
    public init(type: String? = nil, title: String? = nil, status: Int? = nil, detail: String? = nil, instance: String? = nil) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
    }

    /// `title: detail`.
    public var summary: String { [title, detail].compactMap { $0 }.joined(separator: ": ") }
}

/// A HAL `vnd.error` document (https://github.com/blongden/vnd.error).
public struct VndError: Codable, Hashable, Sendable {
    /// The message for the user.
    public var message: String?
    /// A path or pointer to what caused the error.
    public var path: String?
    /// The occurrence's identifier.
    public var logref: String?
    /// Nested errors (`_embedded.errors`).
    public var errors: [VndError]?

    enum CodingKeys: String, CodingKey { case message, path, logref, embedded = "_embedded" }
    enum EmbeddedKeys: String, CodingKey { case errors }

    /// Creates an error.
    public init(message: String?, path: String? = nil, logref: String? = nil, errors: [VndError]? = nil) {
        self.message = message
        self.path = path
        self.logref = logref
        self.errors = errors
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = try container.decodeIfPresent(String.self, forKey: .message)
        path = try container.decodeIfPresent(String.self, forKey: .path)
        logref = try container.decodeIfPresent(LossyString.self, forKey: .logref)?.value
        if container.contains(.embedded) {
            let embedded = try container.nestedContainer(keyedBy: EmbeddedKeys.self, forKey: .embedded)
            errors = try embedded.decodeIfPresent([VndError].self, forKey: .errors)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(message, forKey: .message)
        try container.encodeIfPresent(path, forKey: .path)
        try container.encodeIfPresent(logref, forKey: .logref)
        if let errors {
            var embedded = container.nestedContainer(keyedBy: EmbeddedKeys.self, forKey: .embedded)
            try embedded.encode(errors, forKey: .errors)
        }
    }

    /// The message, with nested messages after it.
    public var summary: String {
        ([message ?? "error"] + (errors ?? []).map(\.summary)).joined(separator: "; ")
    }
}

/// A string that may be written as a JSON number too (`logref: 42`).
struct LossyString: Decodable {
    var value: String
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) { value = string } else { value = String(try container.decode(Int.self)) }
    }
}
