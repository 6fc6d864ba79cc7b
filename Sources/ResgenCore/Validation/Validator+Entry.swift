/// The API's entry point (`entry:`): one per API, an absolute path, at least one link, each link's name
/// and relation once.
extension Validator {
    /// The validated entry point, or nil when the schema declares none (or after its errors).
    func validateEntry(_ schema: Schema) -> EntryInfo? {
        for extra in schema.extraEntries {
            diagnostics.emit(.error("an API has one 'entry' block", at: extra, notes: schema.entry.map { [.note("first 'entry' block here", at: $0.location)] } ?? []))
        }
        guard let entry = schema.entry else { return nil }
        var path = "/"
        if let given = entry.path {
            if given.value.hasPrefix("/"), !given.value.contains("{"), !given.value.contains("?") {
                path = given.value
            } else {
                diagnostics.emit(.error("the path of 'entry' is a path below the base URL starting with '/' (e.g. '/'), found '\(given.value)'", at: given.location))
            }
        }
        let links = validateLinks(entry.links, of: "entry")
        guard !links.isEmpty else {
            if entry.links.isEmpty {
                diagnostics.emit(.error("'entry' declares no links; list the relations of the entry document under 'links', e.g. 'links: { search: { rel: find, templated: true } }'", at: entry.location))
            }
            return nil
        }
        return EntryInfo(path: path, description: entry.description, links: links)
    }
}
