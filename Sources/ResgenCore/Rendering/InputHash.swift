/// The hash written into every generated file's header: it changes exactly when an input that
/// shapes the output changes (schema bytes, config, templates), so a reader can tell which inputs
/// a checked-in file came from. Only file *names* enter the hash, not their folders, so the same
/// schema gives the same header whether named by a relative or an absolute path. The config's file
/// prefix and number of resource files stay out: they name and split the files, which the names show,
/// and changing them leaves the files of the API as a whole as they are.
enum InputHash {
    static func compute(inputs: [InputFile], config: Config, templates: TemplateSet) -> String {
        var hasher = SHA256()
        for input in inputs.sorted(by: { $0.path < $1.path }) {
            hasher.update(field: String(input.path.split(separator: "/").last ?? ""))
            hasher.update(input.contents)
            hasher.update([0])
        }
        hasher.update(field: "access=\(config.accessLevel.rawValue)")
        for (name, text) in templates.templates.sorted(by: { $0.key < $1.key }) {
            hasher.update(field: name)
            hasher.update(field: text)
        }
        return hasher.finalizeHex()
    }
}
