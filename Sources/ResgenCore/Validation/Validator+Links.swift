/// Link relations beyond relationships: a resource's `links:` and the entry point's.
extension Validator {
    /// The links of `owner` (a resource's `links:`, or `entry`): each Swift name and relation once (a
    /// relation is the raw value of the link's case in the generated `Link` enum).
    func validateLinks(_ decls: [LinkDecl], of owner: String) -> [LinkInfo] {
        var names = NameScope("link", of: owner, fix: "rename one of them (set 'rel' to keep the relation)")
        reserveGeneratedMembers(.link, in: &names)
        var rels: [String: SourceLocation] = [:]
        var links: [LinkInfo] = []
        for link in decls {
            let swiftName = SwiftNaming.memberName(link.name.value)
            guard names.claim(swiftName, for: link.name.value, at: link.name.location, diagnostics: diagnostics) else { continue }
            let rel = link.rel?.value ?? link.name.value
            let at = link.rel?.location ?? link.name.location
            if let first = rels[rel] {
                diagnostics.emit(.error("link '\(link.name.value)' of '\(owner)' has relation '\(rel)', which another link already has; keep one", at: at, notes: [.note("first given here", at: first)]))
                continue
            }
            rels[rel] = at
            links.append(LinkInfo(swiftName: swiftName, rel: rel, templated: link.templated, description: link.description))
        }
        return links
    }
}
