import Foundation
import ResgenRuntime

/// The polymorphic server's recorded answers (`Tests/ResgenJSONAPITests/Fixtures/polymorphic`, written by
/// `make polymorphic-fixtures`), decoded with the generated Catalog client's codec.
enum CatalogFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ResgenPolymorphicTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("ResgenJSONAPITests/Fixtures/polymorphic")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name + ".json"))
    }

    static let codec = JSONAPICodec(api: Catalog.self)

    /// The collection document `name`, relationships resolved along `includes`.
    static func collection<R: Resource>(_ type: R.Type, _ name: String, including includes: [IncludePath] = []) throws -> [R] {
        try codec.decodeDocument([R].self, from: data(name), decoder: JSONDecoder(), includes: includes).data
    }

    /// The single-resource document `name`, relationships resolved along `includes`.
    static func resource<R: Resource>(_ type: R.Type, _ name: String, including includes: [IncludePath] = []) throws -> R? {
        try codec.decodeDocument(R?.self, from: data(name), decoder: JSONDecoder(), includes: includes).data
    }
}
