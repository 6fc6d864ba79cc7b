import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// HAL (`application/hal+json`): generated models decode straight from HAL documents, collections are
/// read from `_embedded`, pages from `_links.next/prev/first/last`, and includes are resolved by
/// traversal (embedded resources, else links followed concurrently; see ``HALTraversalOptions``).
///
/// ```swift
/// let client = Client(baseURL: url, configuration: .init(codec: HALCodec()))
/// let contact = try await client.fetch(Contact.show(1), including: .contactsAndWebsiteOfContacts)
/// ```
public struct HALCodec: ResourceCodec {
    /// How includes are traversed (every depth alike).
    public var options: HALTraversalOptions

    /// Creates the codec.
    public init(options: HALTraversalOptions = HALTraversalOptions()) {
        self.options = options
    }

    /// The HAL media type.
    public static let mediaType = "application/hal+json"

    public var mediaType: String { Self.mediaType }

    /// Traversal with ``options``: `_embedded` resources are taken, links followed.
    public var includeResolution: IncludeResolution { .traversal(options) }

    /// A decoder like the client's, that tells models they read HAL and where the document came from.
    package static func decoder(_ context: ResponseContext) -> JSONDecoder {
        context.decoder.copy(addingUserInfo: [.resgenWireFormat: WireFormat.hal, .halDocumentURL: context.url])
    }

    /// An encoder like `base` that tells models to write HAL.
    package static func encoder(from base: JSONEncoder) -> JSONEncoder {
        base.copy(addingUserInfo: [.resgenWireFormat: WireFormat.hal])
    }

    /// Decodes a HAL document: through a ``TapeDecoder``, which reads `_links` straight from the parsed
    /// bytes, and with the client's `JSONDecoder` whenever only it can say what the result (or the error) is.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, context: ResponseContext) throws -> T {
        try decoder(context).decodeUsingTape(T.self, from: data)
    }

    public func decodeResource<R: Resource>(_ type: R.Type, from data: Data, context: ResponseContext) throws -> R {
        try Self.decode(R.self, from: data, context: context)
    }

    public func decodeCollection<R: Resource>(_ type: R.Type, from data: Data, context: ResponseContext) throws -> [R] {
        try Self.decode(HALCollectionDocument<R>.self, from: data, context: context).items
    }

    /// A value; an array of resources (a request type's `response: "[Contact]"`) reads a HAL collection.
    public func decodeValue<T: Decodable>(_ type: T.Type, from data: Data, context: ResponseContext) throws -> T {
        if let collection = T.self as? any HALCollectionDecodable.Type {
            return try collection.decodeHALCollection(from: data, context: context) as! T  // swift-format-ignore: NeverForceUnwrap
        }
        return try Self.decode(T.self, from: data, context: context)
    }

    /// The body generated `encode(halTo:)` writes: the attributes, and the relationships the schema says
    /// the server takes (`write:`; in `_links` or properties); no `_embedded` or read-only values.
    public func encodeBody<R: Resource>(_ value: some Encodable & Sendable, for type: R.Type, encoder: JSONEncoder) throws -> Data {
        try Self.encoder(from: encoder).encode(value)
    }

    /// Items from `_embedded`, neighbours from `_links`, and every other top-level property as `meta`.
    public func decodePage<R: Resource>(_ type: R.Type, from data: Data, context: ResponseContext) throws -> Page<R> {
        let document = try Self.decode(HALCollectionDocument<R>.self, from: data, context: context)
        let links = document.links
        return Page(
            items: document.items, next: links.link("next")?.url, previous: (links.link("prev") ?? links.link("previous"))?.url,
            first: links.link("first")?.url, last: links.link("last")?.url,
            meta: document.meta.isEmpty ? nil : .object(document.meta), url: context.url)
    }
}

/// A HAL collection document of generated resources, read by ``HALCollectionReader``'s rule (the one untyped
/// calls use too): a bare JSON array, `_embedded` as an array (drf-hal-json), or the `_embedded` entry
/// ``HALCollectionItems`` picks for the resource type; a union told by its `_embedded` keys takes each
/// member's entry.
package struct HALCollectionDocument<R: Resource>: Decodable {
    package var items: [R]
    package var links = HALLinks()
    package var meta: [String: JSONValue] = [:]

    package init(from decoder: any Decoder) throws {
        let read = try HALCollectionReader<R>(from: decoder, array: { try Self.items(&$0) }) { embedded, keys in
            if case .embeddedKey(let memberKeys)? = (R.self as? any HALResource.Type)?.halDiscriminator {
                return try Self.unionItems(embedded, keys: memberKeys.filter(keys.contains))
            }
            return try HALCollectionReader<R>.entry(
                embedded, keys: keys, named: R.resourceType, codingPath: decoder.codingPath, array: { try Self.items(&$0) },
                one: { try $0.decode(R.self, forKey: $1) })
        }
        items = read.items
        links = read.links
        meta = read.meta
    }

    /// The items of a union told by its `_embedded` keys: those under each member's key, members in the
    /// union's order (a JSON object's keys have none), each in its array's order.
    private static func unionItems(_ embedded: KeyedDecodingContainer<HALKey>, keys: [String]) throws -> [R] {
        var result: [R] = []
        for key in keys.map(HALKey.init) {
            if var array = try? embedded.nestedUnkeyedContainer(forKey: key) {
                result += try items(&array)
            } else {
                result.append(try embedded.decode(R.self, forKey: key))
            }
        }
        return result
    }

    /// The items of `array`; generated HAL models through `init(halFrom:)`, without the wire-format check
    /// and copy of `init(from:)`.
    private static func items(_ array: inout any UnkeyedDecodingContainer) throws -> [R] {
        if let type = R.self as? any HALResource.Type { return try halItems(type, &array) }
        var items: [R] = []
        items.reserveCapacity(array.count ?? 0)
        while !array.isAtEnd { items.append(try array.decode(R.self)) }
        return items
    }

    /// `type` is `R.self` opened as a HAL resource (the result is `[R]`, not `[H]`, which opening the
    /// existential would erase to `[any HALResource]`).
    private static func halItems<H: HALResource>(_ type: H.Type, _ array: inout any UnkeyedDecodingContainer) throws -> [R] {
        precondition(H.self == R.self)
        var items: [H] = []
        items.reserveCapacity(array.count ?? 0)
        while !array.isAtEnd { items.append(try array.decode(HALDecoded<H>.self).value) }
        return unsafeBitCast(items, to: [R].self)
    }
}

/// Arrays of resources, which HAL sends as collection documents.
protocol HALCollectionDecodable {
    static func decodeHALCollection(from data: Data, context: ResponseContext) throws -> Self
}

extension Array: HALCollectionDecodable where Element: Resource {
    static func decodeHALCollection(from data: Data, context: ResponseContext) throws -> [Element] {
        try HALCodec.decode(HALCollectionDocument<Element>.self, from: data, context: context).items
    }
}
