/// Deriving ``GeneratedNames`` by rendering the probe schema (``GeneratedNames/Probe``) with a template
/// set. It runs the Validator, the Translator and the Renderer, so it sits above them: the Validator
/// receives the names from ``Pipeline`` and does not call this itself.
extension GeneratedNames {
    /// The names for `format` with `templates`, computed once per template set and format.
    package static func forTemplates(_ templates: TemplateSet, format: WireFormat) -> GeneratedNames {
        let key = CacheKey(templates: templates, format: format)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let names = derive(templates: templates, format: format) ?? (templates == .defaults ? GeneratedNames() : forTemplates(.defaults, format: format))
        cache.withLock { $0[key] = names }
        return names
    }

    private struct CacheKey: Hashable, Sendable {
        var templates: TemplateSet
        var format: WireFormat
    }

    private static let cache = LockedDictionary<CacheKey, GeneratedNames>()

    /// Renders the probe with `templates` and reads the names off the output; nil when the templates
    /// do not render (the run reports that itself when it renders the real schema).
    static func derive(templates: TemplateSet, format: WireFormat) -> GeneratedNames? {
        guard let text = Probe.render(templates: templates, format: format) else { return nil }
        return GeneratedNames(scanning: SwiftDeclarationScanner(text))
    }
}
