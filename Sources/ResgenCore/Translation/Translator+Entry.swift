/// The API's entry point (`entry:`) → `<Name>.Entry: EntryPoint` with its `Link` enum.
extension Translator {
    /// The entry point's context: none or one, a section for the template.
    func entryContexts() -> [EntryContext] {
        guard let entry = model.entry else { return [] }
        let summary = "The API's entry point, `GET \(entry.path)`: read it with `client.entry(\(model.api.name).Entry.self)` and follow its links by ``Link``."
        let description = [entry.description, summary].compactMap { $0 }.joined(separator: "\n\n")
        let templated = entry.links.filter(\.templated).map { SwiftNaming.escaped($0.swiftName) }
        return [EntryContext(
            access: access,
            entryDoc: SwiftSyntax.docLines(description, remark: "entry"),
            entryPathLiteral: SwiftSyntax.stringLiteral(entry.path),
            entryFormatCase: "." + model.api.format.rawValue,
            entryLinkCases: entry.links.map(linkCase),
            entryTemplatedLinks: templated,
            entryHasTemplatedLinks: !templated.isEmpty
        )]
    }
}
