import Foundation
import Testing

/// The targets' schemas are copies of the examples in the repository's `Schemas/` (a plugin can only
/// read files inside its target); these tests keep them from drifting apart.
@Suite struct SchemaCopiesTests {
    /// The IntegrationTest package's folder.
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The resgen repository's folder.
    static let repository = package.deletingLastPathComponent()

    @Test(arguments: [
        ("Sources/ContactsClient/Schema", "Schemas/contacts"),
        ("Sources/BlogClient/Schema", "Schemas/blog"),
        ("Sources/ForumClient/Schema", "Schemas/forum"),
    ])
    func copyIsIdentical(copy: String, original: String) throws {
        let copyFolder = Self.package.appendingPathComponent(copy)
        let originalFolder = Self.repository.appendingPathComponent(original)
        let names = try FileManager.default.contentsOfDirectory(atPath: originalFolder.path).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: copyFolder.path).sorted() == names)
        for name in names {
            let same = try Data(contentsOf: copyFolder.appendingPathComponent(name))
                == Data(contentsOf: originalFolder.appendingPathComponent(name))
            #expect(same, "\(copy)/\(name) differs from \(original)/\(name); copy it again (cp \(original)/* IntegrationTest/\(copy)/)")
        }
    }
}
