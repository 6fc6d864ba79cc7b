import Foundation
import ResgenRuntime

/// The polymorphic server's recorded answers, `Fixtures/polymorphic/` (`make polymorphic-fixtures`
/// re-records them with `Tests/Servers/jsonapi_polymorphic/record_fixtures.py`): real shapes for tests
/// that run without a server. Their links say `http://127.0.0.1:8000`.
enum PolymorphicFixtures {
    /// One recorded request, in the order they were sent to a freshly seeded server (the writes at the end
    /// change its data).
    struct Request: Decodable, Sendable {
        /// The fixture's name: its document is `<name>.json`.
        var name: String
        var method: String
        /// The path and query, as written (`fields[books]` unencoded).
        var path: String
        /// The status the server answered.
        var status: Int
        /// The request document, for writes.
        var body: JSONValue?
        /// False when the answer had no document (a 204).
        var document: Bool?

        var hasDocument: Bool { document ?? true }
    }

    /// The folder of the fixtures.
    static var folder: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "polymorphic", withExtension: nil, subdirectory: "Fixtures") else {
                throw RawJSONAPIError(description: "Fixtures/polymorphic is not in the test bundle")
            }
            return url
        }
    }

    /// Every recorded request, in order (`manifest.json`).
    static func manifest() throws -> [Request] {
        try JSONDecoder().decode([Request].self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    }

    /// The file of a recorded document.
    static func file(_ name: String) throws -> URL {
        try folder.appendingPathComponent("\(name).json")
    }

    /// A recorded document.
    static func document(_ name: String) throws -> JSONValue {
        try JSONValue(parsing: Data(contentsOf: file(name)))
    }
}
