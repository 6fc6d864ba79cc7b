struct Validator {
    let diagnostics: any DiagnosticCollector
    func validate(_ schema: Schema) -> ResourceModel { ResourceModel() }
}
