import ResgenCore

/// `resgen infer`'s core: fetched documents in, a draft schema (YAML text with comments) out. No
/// network and no files: the CLI fetches (``followUps(of:)`` says what to fetch next) and writes.
///
/// Stages, each pure: read each document (``DocumentReader``: parse, detect the format, collect
/// resource samples) → build a ``Draft`` (``DraftBuilder``: types, names, paths, operations) →
/// write YAML (``DraftWriter``) → validate it with the generator's own ``Pipeline/validate(inputs:templates:diagnostics:)``.
/// What the validator still refuses (a name rule inference does not know) is commented out with
/// the validator's message, so the draft always validates.
public enum SchemaInference {
    /// A drafted schema.
    public struct Result: Sendable {
        /// The YAML text.
        public var text: String
        /// Lines the validator refused and that were commented out, with its messages.
        public var repairs: [String]
    }

    /// Drafts the schema of API `name` from `documents`, in order.
    ///
    /// - Throws: ``InferenceError`` for a bad name, a body that is not JSON, a document that is
    ///   neither HAL nor JSON:API, both formats at once, or no resources at all.
    public static func draft(name: String, documents: [FetchedDocument]) throws(InferenceError) -> Result {
        guard !documents.isEmpty else { throw .noDocuments }
        try checkAPIName(name)
        var readings: [DocumentReading] = []
        for document in documents { readings.append(try DocumentReader.read(document)) }
        let format = readings[0].format
        if let other = readings.firstIndex(where: { $0.format != format }) {
            let (hal, jsonapi) = format == .hal ? (0, other) : (other, 0)
            throw .mixedFormats(hal: documents[hal].url, jsonapi: documents[jsonapi].url)
        }
        guard readings.contains(where: { !$0.samples.isEmpty }) else { throw .noResources }
        var builder = DraftBuilder(apiName: name, format: format, readings: readings)
        let text = DraftWriter.write(builder.build())
        return try validated(text)
    }

    /// The absolute URLs worth fetching after `document`: related links (JSON:API), links to other
    /// resources (HAL), the first item of a collection.
    ///
    /// - Throws: ``InferenceError`` when the document is not JSON or neither format.
    public static func followUps(of document: FetchedDocument) throws(InferenceError) -> [String] {
        try DocumentReader.read(document).followUps
    }

    /// Checks the API name the way the validator will: a Swift type name generated code does not use.
    public static func checkAPIName(_ name: String) throws(InferenceError) {
        guard SwiftNaming.isIdentifier(name), !SwiftNaming.keywords.contains(name), !SwiftNaming.reservedMemberNames.contains(name) else {
            throw .invalidName(name, reason: "it is not a Swift type name (try '\(SwiftNaming.typeName(name))')")
        }
        for format in WireFormat.allCases where GeneratedNames.forTemplates(.defaults, format: format).typeNames[name] != nil {
            throw .invalidName(name, reason: "generated code uses a type of that name")
        }
    }

    /// The path diagnostics name the draft by.
    static let draftPath = "draft.yml"

    /// `text`, with each line the validator refuses commented out (up to a few rounds: a repair can
    /// reveal the next error).
    static func validated(_ text: String) throws(InferenceError) -> Result {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var repairs: [String] = []
        for _ in 0..<8 {
            let current = lines.joined(separator: "\n")
            let diagnostics = CollectingDiagnosticCollector()
            do {
                _ = try Pipeline.validate(inputs: [InputFile(path: draftPath, text: current)], diagnostics: diagnostics)
                return Result(text: current, repairs: repairs)
            } catch {
                let errors = diagnostics.diagnostics.filter { $0.severity == .error }
                var repaired = false
                for error in errors {
                    guard let line = error.location?.line, line >= 1, line <= lines.count, isLeaf(line - 1, in: lines) else { continue }
                    let original = lines[line - 1]
                    let indent = original.prefix { $0 == " " }
                    guard !original.dropFirst(indent.count).hasPrefix("#") else { continue }
                    lines[line - 1] = indent + YAMLText.comment("\(original.dropFirst(indent.count)) — refused: \(error.message)")
                    repairs.append("line \(line): \(error.message)")
                    repaired = true
                }
                if !repaired { throw .draftInvalid(errors.map { "\($0.location.map { "\($0.line):\($0.column): " } ?? "")\($0.message)" }) }
            }
        }
        throw .draftInvalid(repairs)
    }

    /// Whether line `index` holds no nested block (the next content line is not indented deeper), so
    /// commenting it out leaves the YAML structure of the rest intact.
    private static func isLeaf(_ index: Int, in lines: [String]) -> Bool {
        let indent = lines[index].prefix { $0 == " " }.count
        for next in lines[(index + 1)...] {
            let trimmed = next.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            return next.count - trimmed.count <= indent
        }
        return true
    }
}
