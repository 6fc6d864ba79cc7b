/// Which generated file holds each resource, and what those files are called.
///
/// A resource's code (its model, wire-format coding, include sets and paths) goes to one of
/// ``count`` files `<prefix>+Resources01.swift` … `+Resources16.swift`, chosen by a hash of the
/// resource's name, never by its position: adding, removing or editing a resource changes the one
/// file that holds it (and the shared files when the API-level code changes), so a build recompiles
/// that file and what depends on it instead of the whole API. The count is fixed because a build
/// plugin must declare its output files before resgen reads the schema; a file no resource falls in
/// holds only its header.
enum ResourceFiles {
    /// How many resource files every API has.
    static let count = 16

    /// The template each resource file renders.
    static let template = "Resources"

    /// The suffix of file `number` (1-based): `Resources01`.
    static func suffix(_ number: Int) -> String {
        number < 10 ? "Resources0\(number)" : "Resources\(number)"
    }

    /// Every resource file's suffix, in file-name order.
    static var suffixes: [String] { (1...count).map(suffix) }

    /// The 0-based file of the resource named `name`: FNV-1a (32 bits) of its UTF-8 bytes, modulo
    /// ``count``. The same on every platform and in every run, unlike `Hasher`.
    static func index(of name: String) -> Int {
        var hash: UInt32 = 0x811c_9dc5
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return Int(hash % UInt32(count))
    }

    /// `resources` split into ``count`` lists, one per file, each in the order given.
    static func split(_ resources: [ResourceContext]) -> [[ResourceContext]] {
        var files = [[ResourceContext]](repeating: [], count: count)
        for resource in resources { files[index(of: resource.resourceName)].append(resource) }
        return files
    }
}
