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
}
