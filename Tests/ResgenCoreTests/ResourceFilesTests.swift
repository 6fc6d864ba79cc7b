import ResgenCore
import Testing

/// `resourceFiles` (`--resource-files`): how many `<prefix>+ResourcesNN.swift` files hold the resources,
/// each resource in the file a hash of its name picks.
@Suite struct ResourceFilesTests {
    /// Forty resources, so that 16 and 64 files both leave some files empty and fill others.
    static let names = (0..<40).map { "Thing\($0)" }

    static let schema = "api: { name: Many, format: jsonapi }\nresources:\n" + names.map { name in
        """
          \(name):
            type: \(name.lowercased())
            path: /\(name.lowercased())
            operations: [list, show]
            attributes: { title: String }

        """
    }.joined()

    func generate(resourceFiles: Int? = nil, schema: String = Self.schema) throws -> [GeneratedFile] {
        let config = resourceFiles.map { Config(resourceFiles: $0) } ?? Config()
        return try Pipeline.generate(
            inputs: [InputFile(path: "many.yml", text: schema)],
            config: config,
            templates: .defaults,
            diagnostics: CollectingDiagnosticCollector()
        )
    }

    /// FNV-1a (32 bits) of the name's UTF-8 bytes, written out again here so the test does not check the
    /// generator against itself.
    static func fileNumber(of name: String, count: Int) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash % UInt32(count)) + 1
    }

    static func resourceFileName(_ number: Int, of count: Int) -> String {
        let digits = String(number)
        return "Many+Resources" + String(repeating: "0", count: max(0, (count > 99 ? 3 : 2) - digits.count)) + digits + ".swift"
    }

    @Test func theDefaultIsSixteen() throws {
        #expect(Config().resourceFiles == 16)
        #expect(try generate() == generate(resourceFiles: 16))
        #expect(try generate().count == 20)
    }

    @Test(arguments: [1, 16, 64])
    func fileSetAndPlacement(count: Int) throws {
        let files = try generate(resourceFiles: count)
        let shared = ["Includes", "Models", "Paths", "Requests"].map { "Many+\($0).swift" }
        #expect(files.map(\.name) == shared + (1...count).map { Self.resourceFileName($0, of: count) })
        #expect(try generate(resourceFiles: count) == files, "the same inputs give the same bytes")

        var holders: [String: [String]] = [:]
        for name in Self.names {
            let holding = files.filter { $0.contents.contains("struct \(name):") }.map(\.name)
            #expect(holding == [Self.resourceFileName(Self.fileNumber(of: name, count: count), of: count)], "\(name)")
            holders[holding.first ?? "", default: []].append(name)
        }
        for file in files where file.name.contains("+Resources") {
            let header = file.contents.split(separator: "\n")[1]
            if let held = holders[file.name] {
                #expect(header == "// Resources: " + held.sorted().joined(separator: ", "), "\(file.name)")
            } else {
                #expect(header == "// No resource of Many falls in this file; every API has \(count) resource files.", "\(file.name)")
            }
        }
        if count == 1 { #expect(holders.keys.sorted() == ["Many+Resources01.swift"]) }
        if count == 64 { #expect(holders.count > 16 && holders.count < 40, "several files, some shared, some empty") }
    }

    @Test func namesHaveThreeDigitsOverNinetyNine() throws {
        #expect(try generate(resourceFiles: 99).last?.name == "Many+Resources99.swift")
        let hundred = try generate(resourceFiles: 100).map(\.name)
        #expect(hundred[4] == "Many+Resources001.swift" && hundred.last == "Many+Resources100.swift")
        #expect(hundred.count == 104)
        #expect(try generate(resourceFiles: 256).last?.name == "Many+Resources256.swift")
    }

    /// The count moves code between resource files only: the files of the API as a whole (the input
    /// hash included) are the same bytes whatever it is.
    @Test func sharedFilesDoNotDependOnTheCount() throws {
        let shared = { (files: [GeneratedFile]) in files.filter { !$0.name.contains("+Resources") } }
        let sixteen = shared(try generate(resourceFiles: 16))
        #expect(sixteen.count == 4)
        for count in [1, 64, 256] { #expect(shared(try generate(resourceFiles: count)) == sixteen, "\(count)") }
    }

    /// Adding a resource rewrites only the file it lands in (and the Models file, for the input hash),
    /// whatever the count.
    @Test(arguments: [1, 64])
    func addingAResourceChangesItsFileOnly(count: Int) throws {
        let before = try generate(resourceFiles: count)
        let after = try generate(
            resourceFiles: count,
            schema: Self.schema + "  Extra:\n    type: extras\n    path: /extras\n    operations: [show]\n"
        )
        let changed = zip(before, after).filter { $0.contents != $1.contents }.map(\.0.name)
        #expect(changed == ["Many+Models.swift", Self.resourceFileName(Self.fileNumber(of: "Extra", count: count), of: count)])
    }
}
