import Foundation
import HTTPTypes

/// How resources travel on the wire: the media type, and how bodies decode into generated models and
/// encode from them.
///
/// The client is the same for every API; its codec is what makes it speak plain JSON, HAL or JSON:API.
/// ``PlainJSONCodec`` (the default) reads and writes the models' own `Codable` form.
public protocol ResourceCodec: Sendable {
    /// The media type sent in `Accept` (and as `Content-Type` of resource bodies).
    var mediaType: String { get }

    /// Decodes one resource.
    func decodeResource<R: Resource>(_ type: R.Type, from data: Data, context: ResponseContext) throws -> R

    /// Decodes a collection of resources.
    func decodeCollection<R: Resource>(_ type: R.Type, from data: Data, context: ResponseContext) throws -> [R]

    /// Decodes the response of a free-form request.
    func decodeValue<T: Decodable>(_ type: T.Type, from data: Data, context: ResponseContext) throws -> T

    /// Encodes the body of a create, replace or patch of a resource of type `R`.
    func encodeBody<R: Resource>(_ value: some Encodable & Sendable, for type: R.Type, encoder: JSONEncoder) throws -> Data

    /// Decodes one page of a collection, with the links to its neighbours.
    func decodePage<R: Resource>(_ type: R.Type, from data: Data, context: ResponseContext) throws -> Page<R>

    /// Reads a resource with its relationships along `includes` resolved: JSON:API asks for them with
    /// `include=` and resolves `included`; HAL follows links or takes `_embedded`.
    func fetch<R: Resource>(_ path: ResourcePath<R, Op.Show>, including includes: [IncludePath], query: [QueryItem], headers: [HeaderField], client: Client) async throws -> R

    /// Reads a collection with its items' relationships along `includes` resolved.
    func fetch<R: Resource>(_ path: ResourcePath<R, Op.List>, including includes: [IncludePath], query: [QueryItem], headers: [HeaderField], client: Client) async throws -> [R]
}

extension ResourceCodec {
    /// A page that is a plain collection, with neighbours from the RFC 8288 `Link` header.
    public func decodePage<R: Resource>(_ type: R.Type, from data: Data, context: ResponseContext) throws -> Page<R> {
        let items = try decodeCollection(R.self, from: data, context: context)
        let links = context.response.headerFields[HTTPField.Name("Link")!].map { LinkHeader.relations($0, base: context.url) } ?? [:]
        return Page(items: items, next: links["next"], previous: links["prev"] ?? links["previous"], first: links["first"], last: links["last"], url: context.url)
    }

    /// Includes need a format that has them: this throws ``ClientError/Kind/invalidRequest``.
    public func fetch<R: Resource>(_ path: ResourcePath<R, Op.Show>, including includes: [IncludePath], query: [QueryItem], headers: [HeaderField], client: Client) async throws -> R {
        throw client.unsupportedIncludes(path.httpMethod, path.path, codec: self)
    }

    /// Includes need a format that has them: this throws ``ClientError/Kind/invalidRequest``.
    public func fetch<R: Resource>(_ path: ResourcePath<R, Op.List>, including includes: [IncludePath], query: [QueryItem], headers: [HeaderField], client: Client) async throws -> [R] {
        throw client.unsupportedIncludes(path.httpMethod, path.path, codec: self)
    }
}

/// What a codec knows about the response it decodes.
public struct ResponseContext: Sendable {
    /// The decoder configured by the client (date format…).
    public var decoder: JSONDecoder
    /// The URL the response came from (after redirects): relative links resolve against it.
    public var url: URL
    /// The response head.
    public var response: HTTPResponse

    /// Creates a context.
    public init(decoder: JSONDecoder, url: URL, response: HTTPResponse) {
        self.decoder = decoder
        self.url = url
        self.response = response
    }
}

/// Plain JSON: a resource is its model's `Codable` form, a collection a JSON array of them.
public struct PlainJSONCodec: ResourceCodec {
    /// Creates the codec.
    public init() {}

    public var mediaType: String { "application/json" }

    public func decodeResource<R: Resource>(_ type: R.Type, from data: Data, context: ResponseContext) throws -> R {
        try context.decoder.decodeUsingTape(R.self, from: data)
    }

    public func decodeCollection<R: Resource>(_ type: R.Type, from data: Data, context: ResponseContext) throws -> [R] {
        try context.decoder.decodeUsingTape([R].self, from: data)
    }

    public func decodeValue<T: Decodable>(_ type: T.Type, from data: Data, context: ResponseContext) throws -> T {
        try context.decoder.decodeUsingTape(T.self, from: data)
    }

    public func encodeBody<R: Resource>(_ value: some Encodable & Sendable, for type: R.Type, encoder: JSONEncoder) throws -> Data {
        try encoder.encode(value)
    }
}
