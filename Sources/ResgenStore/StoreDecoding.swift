import Foundation
@_spi(Testing) import ResgenRuntimeCore
import ResgenJSONAPI

/// Decodes a document the store assembled exactly as a response's is decoded: the generated model's
/// JSON:API decoding (on the runtime's tape, as the client decodes a response), then `included`
/// resolved along the include paths.
enum StoreDecoding {
    static func decode<R: JSONAPIResource>(_ type: R.Type, from data: Data, many: Bool, decoder: JSONDecoder, includes: [IncludePath]) throws -> [R] {
        if many {
            return resolved(try decoder.decodeUsingTape(WireDocument<[R]>.self, from: data, countedArray: [R].self), includes)
        }
        return resolved(try decoder.decodeUsingTape(WireDocument<R>.self, from: data), includes)
    }

    /// Decodes from a document already parsed (a response's own tape), as ``decode(_:from:many:decoder:includes:)``
    /// does from text; nil when the tape decoder cannot say (the caller then decodes the text, and throws
    /// what that throws).
    static func decode<R: JSONAPIResource>(_ type: R.Type, tape: JSONTape, many: Bool, decoder: JSONDecoder, includes: [IncludePath]) -> [R]? {
        guard Swift.type(of: decoder) == JSONDecoder.self, let options = TapeDecoder.Options(like: decoder) else { return nil }
        if many {
            let outcome = TapeDecoder.attempt(WireDocument<[R]>.self, tape: tape, options: options, userInfo: decoder.userInfo, countedArray: [R].self)
            guard case .decoded(let wire) = outcome else { return nil }
            return resolved(wire, includes)
        }
        guard case .decoded(let wire) = TapeDecoder.attempt(WireDocument<R>.self, tape: tape, options: options, userInfo: decoder.userInfo) else { return nil }
        return resolved(wire, includes)
    }

    /// A collection document's items with `included` resolved along `includes`.
    private static func resolved<R: JSONAPIResource>(_ wire: WireDocument<[R]>, _ includes: [IncludePath]) -> [R] {
        var items = wire.data
        IncludeResolver.resolveAll(&items, included: wire.included, includes: IncludeTree(includes))
        return items
    }

    /// A single-resource document's resource with `included` resolved along `includes`.
    private static func resolved<R: JSONAPIResource>(_ wire: WireDocument<R>, _ includes: [IncludePath]) -> [R] {
        [IncludeResolver(included: wire.included, primary: [wire.data], includes: IncludeTree(includes)).resolve(wire.data)]
    }
}
