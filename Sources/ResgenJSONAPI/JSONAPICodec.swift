import Foundation
import HTTPTypes
@_spi(Generated) @_spi(Testing) import ResgenRuntimeCore

/// JSON:API (`application/vnd.api+json`): documents with `data`, `included`, `meta`, `links` and
/// `jsonapi`; relationships resolved from `included` along the requested include paths.
///
/// ```swift
/// let client = Client(api: Blog.self, configuration: .init(codec: JSONAPICodec(api: Blog.self)))
/// let article = try await client.fetch(Article.show("1"), including: .full)
/// article.author.resolved?.name
/// ```
///
/// Generated models decode resource objects directly (one pass, no intermediate tree); each member of
/// `included` is decoded by looking its `type` up once among the API's resource types. A type the schema
/// does not know is skipped, or is an error when `strict`. Every other `type` (primary data, linkage) must
/// be the one the schema names there, or decoding fails with a ``JSONAPITypeMismatch``.
public struct JSONAPICodec: ResourceCodec {
    /// The JSON:API media type.
    public static let mediaType = "application/vnd.api+json"

    let registry: JSONAPITypeRegistry

    /// The profiles the client asks the server to apply to its responses (JSON:API 1.1 profiles): sent
    /// in `Accept` as `profile="…"`, followed by the bare media type (see
    /// ``JSONAPIMediaType/acceptValue``), so a server that does not know them, or a JSON:API 1.0 server,
    /// still answers. Which ones the server applied, a page says (``Page/appliedProfiles``), as does a
    /// fetched document (``JSONAPIDocument/appliedProfiles``).
    public var requestedProfiles: [URL]

    /// The profiles the client's request documents apply: sent in the `Content-Type` of resource
    /// bodies. A JSON:API 1.0 server refuses such a body with `415 Unsupported Media Type`
    /// (``ClientError/Kind/unsupportedMediaType``, whose detail names the profiles).
    public var sentProfiles: [URL]

    /// Creates the codec for a generated API's resource types.
    ///
    /// - Parameters:
    ///   - api: The generated API, e.g. `Blog.self`.
    ///   - strict: Whether an included resource of a type the schema does not know is a decoding error
    ///     (a ``JSONAPITypeMismatch``; by default it is skipped).
    ///   - requestedProfiles: The profiles to ask the server to apply (``requestedProfiles``).
    ///   - sentProfiles: The profiles the request documents apply (``sentProfiles``).
    public init<API: APIDefinition>(api: API.Type, strict: Bool = false, requestedProfiles: [URL] = [], sentProfiles: [URL] = []) {
        self.init(resourceTypes: API.resourceTypes, strict: strict, requestedProfiles: requestedProfiles, sentProfiles: sentProfiles)
    }

    /// Creates the codec for the given resource types.
    public init(resourceTypes: [any Resource.Type], strict: Bool = false, requestedProfiles: [URL] = [], sentProfiles: [URL] = []) {
        self.registry = JSONAPITypeRegistry(types: resourceTypes, strict: strict)
        self.requestedProfiles = requestedProfiles
        self.sentProfiles = sentProfiles
    }

    /// Whether unknown included types are errors.
    public var strict: Bool { registry.strict }

    public var mediaType: String { Self.mediaType }

    /// The JSON:API media type with ``requestedProfiles``, and the bare one after it as the fallback.
    public var acceptHeader: String { JSONAPIMediaType(profiles: requestedProfiles).acceptValue }

    /// The JSON:API media type with ``sentProfiles``.
    public var contentTypeHeader: String { JSONAPIMediaType(profiles: sentProfiles).description }

    /// Compound documents: `include=` asks for the related resources, decoding resolves them from
    /// `included` along ``ResponseContext/includes``.
    public var includeResolution: IncludeResolution { .compoundDocument }

    // MARK: documents

    /// Decodes a document whose primary data is one resource or `null`, resolving relationships along
    /// `includes`.
    ///
    /// - Parameters:
    ///   - type: The primary data's type.
    ///   - data: The response body.
    ///   - decoder: The client's decoder, whose strategies the decoding follows.
    ///   - includes: The include paths asked for; relationships along them resolve from `included`.
    ///   - fieldsets: The sparse fieldsets asked for: included resources of their types decode
    ///     into the sparse twins (`JSONAPIDocument.sparse(_:)`).
    ///   - baseURL: The URL the document came from: every relative link in it (``JSONAPILink``, a
    ///     relationship's `link` and `selfLink`) resolves against it. Nil leaves them as written.
    public func decodeDocument<R: Resource>(
        _ type: R?.Type, from data: Data, decoder: JSONDecoder, includes: [IncludePath] = [], fieldsets: Fieldsets = [], baseURL: URL? = nil
    ) throws -> JSONAPIDocument<R?> {
        let wire = try jsonAPIDecoder(from: decoder, fieldsets: fieldsets, url: baseURL).decodeUsingTape(WireDocument<R?>.self, from: data)
        var primary = wire.data
        if let value = primary, !includes.isEmpty {
            primary = IncludeResolver(included: wire.included, primary: [value], includes: IncludeTree(includes)).resolve(value)
        }
        return JSONAPIDocument(data: primary, store: wire.included, meta: wire.meta, links: wire.links, jsonapi: wire.jsonapi, typedMeta: wire.typedMeta)
    }

    /// Decodes a document whose primary data is an array of resources, resolving relationships along
    /// `includes`.
    ///
    /// - Parameters:
    ///   - type: The primary data's type.
    ///   - data: The response body.
    ///   - decoder: The client's decoder, whose strategies the decoding follows.
    ///   - includes: The include paths asked for; relationships along them resolve from `included`.
    ///   - fieldsets: The sparse fieldsets asked for: included resources of their types decode
    ///     into the sparse twins.
    ///   - baseURL: The URL the document came from, which relative links resolve against.
    public func decodeDocument<R: Resource>(
        _ type: [R].Type, from data: Data, decoder: JSONDecoder, includes: [IncludePath] = [], fieldsets: Fieldsets = [], baseURL: URL? = nil
    ) throws -> JSONAPIDocument<[R]> {
        let decoder = jsonAPIDecoder(from: decoder, fieldsets: fieldsets, url: baseURL)
        var wire = try decoder.decodeUsingTape(WireDocument<[R]>.self, from: data, countedArray: [R].self)
        // Moved out of `wire`, so that resolving in place does not copy the array for `wire`'s sake.
        var primary = wire.data
        wire.data = []
        if !includes.isEmpty {
            // Primary resources are not repeated in `included` but may be targets (A → B → A).
            IncludeResolver.resolveAll(&primary, included: wire.included, includes: IncludeTree(includes))
        }
        return JSONAPIDocument(data: primary, store: wire.included, meta: wire.meta, links: wire.links, jsonapi: wire.jsonapi, typedMeta: wire.typedMeta)
    }

    /// A decoder like `base` (dates, keys, user info) that tells generated models to read resource
    /// objects, knows the API's types and the document's `url` (relative links resolve against it). A
    /// new one per call: the client's decoder is shared.
    package func jsonAPIDecoder(from base: JSONDecoder, fieldsets: Fieldsets = [], url: URL? = nil) -> JSONDecoder {
        var info: [CodingUserInfoKey: any Sendable] = [
            .resgenWireFormat: WireFormat.jsonapi, .resgenJSONAPIRegistry: registry, .resgenTapeReadable: JSONAPILinkageIdentifier.self,
        ]
        if !fieldsets.fieldsets.isEmpty { info[.resgenJSONAPISparseTypes] = fieldsets.sparseTypes }
        if let url { info[.jsonAPIDocumentURL] = url }
        return base.copy(addingUserInfo: info)
    }

    // MARK: ResourceCodec

    /// The primary resource, with relationships resolved along ``ResponseContext/includes``.
    public func decodeResource<R: Resource>(_ type: R.Type, from data: Data, context: ResponseContext) throws -> R {
        guard let value = try decodeDocument(R?.self, from: data, decoder: context.decoder, includes: context.includes, baseURL: context.url).data else {
            throw DecodingError.valueNotFound(R.self, .init(codingPath: [DocumentKey.data], debugDescription: "the primary data is null"))
        }
        return value
    }

    public func decodeCollection<R: Resource>(_ type: R.Type, from data: Data, context: ResponseContext) throws -> [R] {
        try decodeDocument([R].self, from: data, decoder: context.decoder, includes: context.includes, baseURL: context.url).data
    }

    /// A free-form request's response: the document's primary data decoded as `T`.
    public func decodeValue<T: Decodable>(_ type: T.Type, from data: Data, context: ResponseContext) throws -> T {
        if data.isEmpty, let empty = EmptyResponse() as? T { return empty }
        return try jsonAPIDecoder(from: context.decoder, url: context.url).decodeUsingTape(WireDocument<T>.self, from: data).data
    }

    /// `{"data": value}`, the value encoded as a resource object (generated models, `New` values and
    /// ``ResourceChanges`` write resource objects when the encoder says JSON:API).
    public func encodeBody<R: Resource>(_ value: some Encodable & Sendable, for type: R.Type, encoder: JSONEncoder) throws -> Data {
        try jsonAPIEncoder(from: encoder).encode(DataDocument(data: value))
    }

    /// An encoder like `base` that tells generated models to write resource objects.
    package func jsonAPIEncoder(from base: JSONEncoder) -> JSONEncoder {
        base.copy(addingUserInfo: [.resgenWireFormat: WireFormat.jsonapi])
    }

    /// A page: primary data, `links.first/prev/next/last` (relative ones resolved against the page's
    /// URL, `null` meaning none), top-level `meta`, the profiles the server applied (its `Content-Type`
    /// and `jsonapi.profile`) and the cursor pagination profile's item cursors and `meta.page`.
    public func decodePage<R: Resource>(_ type: R.Type, from data: Data, context: ResponseContext) throws -> Page<R> {
        let document = try decodeDocument([R].self, from: data, decoder: context.decoder, includes: context.includes, baseURL: context.url)
        func link(_ name: String) -> URL? { document.links?[name]?.url }
        var page = Page(items: document.data, next: link("next"), previous: link("prev"), first: link("first"), last: link("last"), meta: document.meta, url: context.url)
        page.typedMeta = document.typedMeta
        page.appliedProfiles = AppliedProfiles.merge(JSONAPIMediaType.profiles(inContentType: context.response.headerFields[.contentType]), document.jsonapi)
        let itemMeta = (R.self as? any JSONAPIResource.Type).map { Self.meta(of: document.data, as: $0) } ?? []
        page.cursorPagination = CursorPagination(meta: document.meta, itemMeta: itemMeta)
        return page
    }
}

extension JSONAPICodec {
    /// The resource objects' `meta` of `items`, which are of type `T`: one array cast (the same type:
    /// no per-item work), not a cast of each item to an existential.
    package static func meta<R, T: JSONAPIResource>(of items: [R], as type: T.Type) -> [JSONValue?] {
        (items as? [T])?.map(\.jsonAPI.meta) ?? []
    }
}

enum DocumentKey: String, CodingKey { case data }

/// `{"data": …}`.
struct DataDocument<Value> {
    package var data: Value
}

extension DataDocument: Encodable where Value: Encodable {}
extension DataDocument: Decodable where Value: Decodable {}
