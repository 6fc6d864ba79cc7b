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

    /// The `Accept` value of the client's requests: ``ResourceCodec/mediaType`` unless the codec asks for more (a
    /// ``JSONAPICodec`` with ``JSONAPICodec/requestedProfiles``).
    var acceptHeader: String { get }

    /// The `Content-Type` of the resource bodies the client sends: ``ResourceCodec/mediaType`` unless the codec says
    /// more (a ``JSONAPICodec`` with ``JSONAPICodec/sentProfiles``).
    var contentTypeHeader: String { get }

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

    /// How the client resolves includes for this codec's wire format. The client runs the flow (codecs
    /// never make requests); ``IncludeResolution/unsupported`` by default.
    var includeResolution: IncludeResolution { get }
}

extension ResourceCodec {
    /// A page that is a plain collection, with neighbours from the RFC 8288 `Link` header.
    public func decodePage<R: Resource>(_ type: R.Type, from data: Data, context: ResponseContext) throws -> Page<R> {
        let items = try decodeCollection(R.self, from: data, context: context)
        let links = context.response.headerFields[HTTPField.Name("Link")!].map { LinkHeader.relations($0, base: context.url) } ?? [:]
        return Page(items: items, next: links["next"], previous: links["prev"] ?? links["previous"], first: links["first"], last: links["last"], url: context.url)
    }

    /// No includes.
    public var includeResolution: IncludeResolution { .unsupported }

    /// ``ResourceCodec/mediaType``.
    public var acceptHeader: String { mediaType }

    /// ``ResourceCodec/mediaType``.
    public var contentTypeHeader: String { mediaType }
}

/// What a codec knows about the response it decodes.
public struct ResponseContext: Sendable {
    /// The decoder configured by the client (date format…).
    public var decoder: JSONDecoder
    /// The URL the response came from (after redirects): relative links resolve against it.
    public var url: URL
    /// The response head.
    public var response: HTTPResponse
    /// The include paths the call asked for: a codec whose documents carry the included resources
    /// (``IncludeResolution/compoundDocument``) resolves relationships along them while decoding.
    public var includes: [IncludePath]

    /// Creates a context.
    public init(decoder: JSONDecoder, url: URL, response: HTTPResponse, includes: [IncludePath] = []) {
        self.decoder = decoder
        self.url = url
        self.response = response
        self.includes = includes
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
        try context.decoder.decodeUsingTape([R].self, from: data, countedArray: [R].self)
    }

    public func decodeValue<T: Decodable>(_ type: T.Type, from data: Data, context: ResponseContext) throws -> T {
        try context.decoder.decodeUsingTape(T.self, from: data)
    }

    public func encodeBody<R: Resource>(_ value: some Encodable & Sendable, for type: R.Type, encoder: JSONEncoder) throws -> Data {
        try encoder.encode(value)
    }
}
