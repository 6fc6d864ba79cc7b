/// Which generated file holds each resource, and what those files are called.
///
/// A resource's code (its model, wire-format coding, include sets and paths) goes to one of
/// `count` files `<prefix>+Resources01.swift` … (`+Resources16.swift` by default; config key
/// `resourceFiles`), chosen by a hash of the resource's name, never by its position: adding, removing
/// or editing a resource changes the one file that holds it (and the shared files when the API-level
/// code changes), so a build recompiles that file and what depends on it instead of the whole API.
/// The count is set by the config, not by the schema, because a build plugin must declare its output
/// files before resgen reads the schema; a file no resource falls in holds only its header.
enum ResourceFiles {
    /// The template each resource file renders.
    static let template = "Resources"

    /// The suffix of file `number` (1-based) of `count`: two digits (`Resources01`), three when
    /// `count` is over 99 (`Resources001`), so the names sort in file order.
    static func suffix(_ number: Int, of count: Int) -> String {
        let digits = String(number)
        let width = count > 99 ? 3 : 2
        return "Resources" + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The suffixes of `count` resource files, in file-name order.
    static func suffixes(count: Int) -> [String] {
        precondition(Config.resourceFilesRange.contains(count), "\(count) resource files is outside \(Config.resourceFilesRange)")
        return (1...count).map { suffix($0, of: count) }
    }

    /// The 0-based file, of `count`, of the resource named `name`: FNV-1a (32 bits) of its UTF-8 bytes,
    /// modulo `count`. The same on every platform and in every run, unlike `Hasher`.
    static func index(of name: String, count: Int) -> Int {
        var hash: UInt32 = 0x811c_9dc5
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return Int(hash % UInt32(count))
    }

    /// `resources` split into `count` lists, one per file, each in the order given.
    static func split(_ resources: [ResourceContext], count: Int) -> [[ResourceContext]] {
        var files = [[ResourceContext]](repeating: [], count: count)
        for resource in resources { files[index(of: resource.resourceName, count: count)].append(resource) }
        return files
    }
}
