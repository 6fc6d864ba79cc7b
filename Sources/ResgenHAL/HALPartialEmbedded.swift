import Foundation
@_spi(Generated) import ResgenRuntimeCore

extension ToMany {
    /// HAL: the embedded resources when some of them were partial (``resolved`` is then `nil` until a
    /// traversal fetches those through their `self` links); usually nil.
    @usableFromInline package var partialEmbedded: PartialMembers<Target>? {
        get { partial }
        set { partial = newValue }
    }
}

/// Reading an embedded resource that may be partial (what ``HALEmbedded`` does for each one).
/// Internal (usable from inlinable code) rather than SPI: generated code never names it.
@usableFromInline
enum HALEmbeddedItem {
    /// The resource decoded, or — when it lacks an attribute of its own that the type requires — the URL
    /// of its `self` link.
    ///
    /// - Parameters:
    ///   - decode: Decodes the resource at the current position; on failure it must leave the position
    ///     where it was (as `JSONDecoder`'s and the tape decoder's containers do), so that `selfLink` can
    ///     read the same value.
    ///   - selfLink: Reads the `self` link of the resource at the current position (and moves past it).
    ///   - depth: The coding path's length at the resource's own members, asked only when decoding failed:
    ///     a container's `codingPath` is an array built on each call (~3,000 instructions for an item of a
    ///     collection, 2% of decoding a HAL collection when it was asked for every embedded array).
    ///   - declineIfTape: Throws when the container is the tape decoder's: whether an error means a
    ///     partial resource is read from the error's details, which only `JSONDecoder`'s errors are sure
    ///     to have right (the tape decoder leaves errors to it), so the tape declines the document.
    /// - Throws: A `DecodingError.keyNotFound` naming the resource's JSON path when it is partial and has
    ///   no `self` link to fetch it from; any other error of decoding it.
    @inlinable
    package static func read<Target>(
        depth: () -> Int, position: () -> Int?, declineIfTape: () throws -> Void, _ decode: () throws -> Target, selfLink: () throws -> URL?
    ) throws -> PartialMembers<Target>.Slot {
        let before = position()
        do {
            return .complete(try decode())
        } catch let error as DecodingError {
            try declineIfTape()
            guard case .keyNotFound(let key, let context) = error, context.codingPath.count == depth(), position() == before else { throw error }
            guard let url = try? selfLink() else {
                let location = Self.describe(context.codingPath)
                throw DecodingError.keyNotFound(key, .init(
                    codingPath: context.codingPath,
                    debugDescription: "the embedded resource at '\(location)' is partial (it has no '\(key.stringValue)') and has no self link to fetch the whole resource from",
                    underlyingError: error))
            }
            return .partial(url)
        }
    }

    /// Throws the tape decoder's "unsure" when `array` is the tape decoder's.
    @usableFromInline
    static func declineIfTape(_ array: any UnkeyedDecodingContainer) throws {
        if let tape = array as? TapeUnkeyedContainer { throw tape.decoder.unsure() }
    }

    /// Throws the tape decoder's "unsure" when `container` is the tape decoder's.
    @usableFromInline
    static func declineIfTape(_ container: KeyedDecodingContainer<HALKey>, forKey key: HALKey) throws {
        if let tape = (try? container.superDecoder(forKey: key))?.asTapeDecoder { throw tape.unsure() }
    }

    /// `path` as a reader writes it (`_embedded.orders[1]`).
    @usableFromInline
    package static func describe(_ path: [any CodingKey]) -> String {
        DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "")).pathDescription
    }
}

/// The `self` link of a HAL resource, read without the rest of it.
@usableFromInline
struct HALSelfLink: Decodable {
    /// The link's absolute URL; nil when the resource has none (or it is templated or not a URL).
    @usableFromInline package var url: URL?

    /// Reads the resource's `_links` (absent or `null` gives no self link).
    @usableFromInline package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: HALKey.self)
        let links = try HALLinks(container, forKey: HALKey("_links"), decoder: decoder)
        url = links.selfLink.flatMap { $0.templated ? nil : $0.url }
    }
}
