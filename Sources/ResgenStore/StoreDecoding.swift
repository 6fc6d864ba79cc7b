import Foundation
@_spi(Testing) import ResgenRuntimeCore
import ResgenJSONAPI

/// Decodes a document the store assembled exactly as a response's is decoded: the generated model's
/// JSON:API decoding (on the runtime's tape, as the client decodes a response), then `included`
/// resolved along the include paths.
enum StoreDecoding {
    static func decode<R: JSONAPIResource>(_ type: R.Type, from data: Data, many: Bool, decoder: JSONDecoder, includes: [IncludePath]) throws -> [R] {
        let tree = IncludeTree(includes)
        if many {
            let wire = try decoder.decodeUsingTape(WireDocument<[R]>.self, from: data, countedArray: [R].self)
            var items = wire.data
            IncludeResolver.resolveAll(&items, included: wire.included, includes: tree)
            return items
        }
        let wire = try decoder.decodeUsingTape(WireDocument<R>.self, from: data)
        return [IncludeResolver(included: wire.included, primary: [wire.data], includes: tree).resolve(wire.data)]
    }

    /// Decodes from a document already parsed (a response's own tape), as ``decode(_:from:many:decoder:includes:)``
    /// does from text; nil when the tape decoder cannot say (the caller then decodes the text, and throws
    /// what that throws).
    static func decode<R: JSONAPIResource>(_ type: R.Type, tape: JSONTape, many: Bool, decoder: JSONDecoder, includes: [IncludePath]) -> [R]? {
        guard Swift.type(of: decoder) == JSONDecoder.self, let options = TapeDecoder.Options(like: decoder) else { return nil }
        let tree = IncludeTree(includes)
        if many {
            guard case .decoded(let wire) = TapeDecoder.attempt(WireDocument<[R]>.self, tape: tape, options: options, userInfo: decoder.userInfo, countedArray: [R].self) else {
                return nil
            }
            var items = wire.data
            IncludeResolver.resolveAll(&items, included: wire.included, includes: tree)
            return items
        }
        guard case .decoded(let wire) = TapeDecoder.attempt(WireDocument<R>.self, tape: tape, options: options, userInfo: decoder.userInfo) else { return nil }
        return [IncludeResolver(included: wire.included, primary: [wire.data], includes: tree).resolve(wire.data)]
    }
}
