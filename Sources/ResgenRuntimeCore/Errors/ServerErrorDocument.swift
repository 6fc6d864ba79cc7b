import Foundation

/// An error document a server sent with a non-2xx response, decoded by its media type.
public enum ServerErrorDocument: Hashable, Sendable {
    /// JSON:API `errors` (`application/vnd.api+json`): one entry per error object. Read so only when at least
    /// one object has a JSON:API error member (`id`, `links`, `status`, `code`, `title`, `detail`,
    /// `source`, `meta`): `{"errors": [{"error": "no station 99"}]}` is no JSON:API error document, whatever
    /// its media type, and is read as ``other(_:)``.
    case jsonAPI([JSONAPIErrorObject])
    /// RFC 9457 problem details (`application/problem+json`).
    case problem(ProblemDetails)
    /// HAL `vnd.error` (`application/vnd.error+json`).
    case vndError(VndError)
    /// An error body in a framework's own JSON (FastAPI's `{"detail": [...]}`, Django REST framework's
    /// `{"name": ["This field is required."]}`, `{"error": "..."}`, `{"message": "..."}`, `{"errors":
    /// [...]}`), under any JSON media type: its messages, so that they reach the error's description
    /// instead of only its ``ClientError/bodyExcerpt``. See ``GenericErrorDocument`` for the shapes read.
    case other(GenericErrorDocument)

    /// The longest body read as an error document: 1 MiB. A longer error body is kept only as the
    /// ``ClientError/bodyExcerpt``.
    ///
    /// Error documents are a few hundred bytes, or some kilobytes for a batch of validation errors; a
    /// server that sends megabytes with a failure status is not describing an error. The bound keeps the
    /// work an error costs the client small whatever a server sends, on top of decoding in time linear in
    /// the size (``JSONValue``).
    public static let maximumBytes = 1 << 20

    /// Decodes the document `body` holds, judging by `contentType` first and by shape second
    /// (servers often send error JSON as plain `application/json`, and a JSON:API server's framework may
    /// answer in its own shapes under the JSON:API media type); nil when it is none of them, or when the
    /// body is longer than ``maximumBytes``.
    ///
    /// The forms tried, in order: `application/vnd.api+json`: JSON:API errors, then ``other(_:)``;
    /// `application/problem+json`: problem details; `application/vnd.error+json`: vnd.error; any other
    /// JSON type: JSON:API errors, problem details (with a `title` or `type`), vnd.error (a `message` with a
    /// `logref` or nested errors), then ``other(_:)``.
    public static func decode(_ body: Data, contentType: String?) -> ServerErrorDocument? {
        guard !body.isEmpty, body.count <= maximumBytes else { return nil }
        let type = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let forms: [Form]
        let guessed: Bool
        switch type {
        case "application/vnd.api+json": (forms, guessed) = ([.jsonAPI, .other], false)
        case "application/problem+json": (forms, guessed) = ([.problem], false)
        case "application/vnd.error+json": (forms, guessed) = ([.vndError], false)
        default:
            guard type.hasSuffix("json") else { return nil }
            (forms, guessed) = ([.jsonAPI, .problem, .vndError, .other], true)
        }
        let decoder = JSONDecoder()
        guard let options = TapeDecoder.Options(like: decoder) else { return nil }
        // One parse for every form, through the tape. Where the tape is unsure, JSONDecoder answers with the
        // tape lent (so its JSONValues are still built in linear time); JSONDecoder alone only for what the
        // tape's strict parser refuses.
        let parsed = Result {
            try JSONTape.withTape(of: body) { tape -> ServerErrorDocument? in
                if let decided = first(of: forms, guessed: guessed, reading: TapeReader(tape: tape, options: options)) { return decided }
                let lent = decoder.copy(addingUserInfo: [.resgenTape: TapeLoan(tape)])
                return first(of: forms, guessed: guessed, reading: FoundationReader(decoder: lent, body: body)) ?? nil
            }
        }
        switch parsed {
        case .success(let document): return document
        case .failure: return first(of: forms, guessed: guessed, reading: FoundationReader(decoder: decoder, body: body)) ?? nil
        }
    }

    /// The shapes an error document can have.
    private enum Form {
        case jsonAPI, problem, vndError, other
    }

    /// The first of `forms` that `reader` reads, `.some(nil)` when none does, or nil when the reader is unsure
    /// of one (the caller then asks `JSONDecoder`).
    ///
    /// - Parameter guessed: Whether the media type did not say which form it is: a form then counts only
    ///   with what marks it (JSON:API errors, a problem's title or type, a vnd.error message with a `logref`
    ///   or nested errors; a vnd.error with a message alone reads the same as ``other(_:)``).
    private static func first(of forms: [Form], guessed: Bool, reading reader: some ErrorDocumentReader) -> ServerErrorDocument?? {
        for form in forms {
            switch form {
            case .jsonAPI:
                switch reader.attempt(JSONAPIErrors.self) {
                case .unsure: return nil
                case .decoded(let errors) where errors.areJSONAPI(guessed: guessed): return .jsonAPI(errors.errors)
                case .decoded, .failed: continue
                }
            case .problem:
                switch reader.attempt(ProblemDetails.self) {
                case .unsure: return nil
                case .decoded(let problem) where !guessed || problem.title != nil || problem.type != nil: return .problem(problem)
                case .decoded, .failed: continue
                }
            case .vndError:
                switch reader.attempt(VndError.self) {
                case .unsure: return nil
                case .decoded(let error) where !guessed || error.message != nil && (error.logref != nil || error.errors != nil): return .vndError(error)
                case .decoded, .failed: continue
                }
            case .other:
                switch reader.attempt(GenericErrorDocument.self) {
                case .unsure: return nil
                case .decoded(let document): return .other(document)
                case .failed: continue
                }
            }
        }
        return .some(nil)
    }

    /// One line per error, for messages.
    public var summaries: [String] {
        switch self {
        case .jsonAPI(let errors): errors.map(\.summary)
        case .problem(let problem):
            // The headline, unless it is empty and the `errors` member says what failed.
            (problem.summary.isEmpty && problem.errors != nil ? [] : [problem.summary]) + (problem.errors?.summaries ?? [])
        case .vndError(let error): [error.summary]
        case .other(let document): document.summaries
        }
    }
}

/// Decodes a type from an error body: one parse shared by every form tried.
private protocol ErrorDocumentReader {
    func attempt<T: Decodable>(_ type: T.Type) -> TapeDecoder.Attempt<T>
}

/// From the tape, as the client decodes documents.
private struct TapeReader: ErrorDocumentReader {
    let tape: JSONTape
    let options: TapeDecoder.Options

    func attempt<T: Decodable>(_ type: T.Type) -> TapeDecoder.Attempt<T> {
        TapeDecoder.attempt(T.self, tape: tape, options: options, userInfo: [:])
    }
}

/// With `JSONDecoder`, for the bodies the tape cannot be sure of (never unsure itself).
private struct FoundationReader: ErrorDocumentReader {
    let decoder: JSONDecoder
    let body: Data

    func attempt<T: Decodable>(_ type: T.Type) -> TapeDecoder.Attempt<T> {
        (try? decoder.decode(T.self, from: body)).map { .decoded($0) } ?? .failed
    }
}

/// The top level of a JSON:API error document.
package struct JSONAPIErrors: Decodable {
    package var errors: [JSONAPIErrorObject]

    /// Whether these are JSON:API error objects: at least one has a JSON:API member. An empty `errors`
    /// counts only under the JSON:API media type (not `guessed`), where it cannot be misread.
    package func areJSONAPI(guessed: Bool) -> Bool {
        errors.isEmpty ? !guessed : errors.contains(where: \.hasMember)
    }
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

        /// Creates a source (the memberwise initializer, visible to the package).
        package init(pointer: String? = nil, parameter: String? = nil, header: String? = nil) {
            self.pointer = pointer
            self.parameter = parameter
            self.header = header
        }
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

    /// Creates an error object (the memberwise initializer, visible to the package).
    package init(
        id: String? = nil, status: String? = nil, code: String? = nil, title: String? = nil, detail: String? = nil, source: Source? = nil,
        meta: JSONValue? = nil, links: JSONAPILinks? = nil
    ) {
        self.id = id
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.source = source
        self.meta = meta
        self.links = links
    }

    /// Whether the object has any JSON:API error member (not `null`): what tells a JSON:API error object
    /// from another JSON object in an `errors` array.
    var hasMember: Bool {
        id != nil || status != nil || code != nil || title != nil || detail != nil || source != nil || meta != nil || links != nil
    }

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
    /// The messages of the `errors` extension member, when it has one in a shape ``GenericErrorDocument``
    /// reads: validation problems list what failed there (ASP.NET Core's `{"errors": {"Name": ["The Name
    /// field is required."]}}`, Spring's and others' arrays of objects), and without it the error's
    /// description said only "One or more validation errors occurred.". Decoded only; encoding writes the
    /// standard members.
    public var errors: GenericErrorDocument?

    /// Creates problem details.
    public init(
        type: String? = nil, title: String? = nil, status: Int? = nil, detail: String? = nil, instance: String? = nil,
        errors: GenericErrorDocument? = nil
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
        self.errors = errors
    }

    enum CodingKeys: String, CodingKey { case type, title, status, detail, instance, errors }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decodeIfPresent(String.self, forKey: .type)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        status = try container.decodeIfPresent(Int.self, forKey: .status)
        detail = try container.decodeIfPresent(String.self, forKey: .detail)
        instance = try container.decodeIfPresent(String.self, forKey: .instance)
        // An extension member: a shape that holds no message is no reason to refuse the problem.
        errors = container.contains(.errors) ? try? container.decode(GenericErrorDocument.self, forKey: .errors) : nil
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(detail, forKey: .detail)
        try container.encodeIfPresent(instance, forKey: .instance)
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
    package var value: String
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) { value = string } else { value = String(try container.decode(Int.self)) }
    }
}
