extension Validator {
    /// A validator that reserves the names generated code uses with `templates`, derived by rendering
    /// the probe; nil reserves none (the probe validates its own schema so).
    convenience init(diagnostics: any DiagnosticCollector, templates: TemplateSet?) {
        guard let templates else {
            self.init(diagnostics: diagnostics, generatedNames: nil)
            return
        }
        let names: @Sendable (WireFormat) -> GeneratedNames = { format in GeneratedNames.forTemplates(templates, format: format) }
        self.init(diagnostics: diagnostics, generatedNames: names)
    }
}
