import Testing
import ResgenCore

@Test func blogValidates() throws {
    let collector = CollectingDiagnosticCollector()
    let model = try? Pipeline.validate(inputs: try exampleInputs("blog"), diagnostics: collector)
    for d in collector.sorted { print(d) }
    #expect(model != nil)
    if let model { print(model.requests.map { "\($0.name) \($0.path) \($0.pathParameters.map(\.swiftName))" }) }
}
