import ResgenCore

/// `resgen import-openapi`'s core: an OpenAPI 3.0 or 3.1 document (JSON or YAML bytes) in, a draft
/// schema (YAML text with comments) and warnings out. No network and no files: the CLI reads and writes.
///
/// Stages, each pure: load (``OpenAPIDocumentLoader``: OpenAPIKit decodes, 3.0 is converted to 3.1) →
/// build a ``Draft`` (``OpenAPIDraftBuilder``: format, resources, paths, requests) → write YAML
/// (``DraftWriter``, as `resgen infer` does) → validate it with the generator's own validator, lines it
/// still refuses commented out with its message (``SchemaInference``), so the draft always validates.
public enum OpenAPIImport {
    /// A drafted schema.
    public struct Result: Sendable {
        /// The YAML text.
        public var text: String
        /// What could not be mapped as the document says, each at its JSON pointer.
        public var warnings: [OpenAPIImportWarning]
        /// Lines the validator refused and that were commented out, with its messages.
        public var repairs: [String]
        /// How much was drafted.
        public var summary: Summary
    }

    /// Counts of what the draft declares.
    public struct Summary: Sendable, Hashable, CustomStringConvertible {
        public var format: String
        public var resources: Int
        public var attributes: Int
        public var relationships: Int
        /// The resources' typed list parameters (`list:`): filters, sort keys, `limit`s and include limits.
        public var listParameters: Int
        public var requests: Int
        /// The requests' path, query and header parameters that have a type (the others are comments).
        public var parameters: Int
        public var objects: Int
        public var enums: Int
        public var warnings: Int

        public var description: String {
            "\(format): \(resources) resources (\(attributes) attributes, \(relationships) relationships, \(listParameters) list parameters), \(requests) requests (\(parameters) typed parameters), \(objects) objects, \(enums) enums, \(warnings) warnings"
        }
    }

    /// Drafts the schema of API `name` from the OpenAPI document `bytes` (read from `source`, which
    /// names it in messages).
    ///
    /// - Throws: ``OpenAPIImportError`` for a bad name or a document OpenAPIKit refuses (naming the
    ///   JSON pointer where it stopped).
    public static func draft(name: String, document bytes: [UInt8], source: String) throws(OpenAPIImportError) -> Result
    {
        do {
            try SchemaInference.checkAPIName(name)
        } catch {
            if case .invalidName(let name, let reason) = error { throw .invalidName(name, reason: reason) }
            throw .invalidName(name, reason: error.description)
        }
        let (document, version) = try OpenAPIDocumentLoader.load(bytes, source: source)
        var builder = OpenAPIDraftBuilder(document: document, apiName: name)
        builder.statedVersion = version
        let draft = builder.build(source: source)
        let text = DraftWriter.write(draft)
        let validated: SchemaInference.Result
        do {
            validated = try SchemaInference.validated(text)
        } catch {
            if case .draftInvalid(let lines) = error { throw .draftInvalid(lines) }
            throw .draftInvalid([error.description])
        }
        let typed = draft.resources.flatMap(\.attributes).filter { $0.type != nil }
        let requests = draft.requests.filter { $0.refusal == nil }
        let summary = Summary(
            format: builder.isPlain ? "plain JSON" : draft.format == .hal ? "HAL" : "JSON:API",
            resources: draft.resources.count, attributes: typed.count,
            relationships: draft.resources.flatMap(\.relationships).filter { $0.target != nil || !$0.targets.isEmpty }
                .count,
            listParameters: draft.resources.compactMap(\.list).reduce(0) {
                $0 + $1.filters.count + $1.sortKeys.count + ($1.limit == nil ? 0 : 1) + $1.includeLimits.count
            },
            requests: requests.count,
            parameters: requests.flatMap { $0.parameters + $0.query + $0.headers }.filter { $0.type != nil }.count,
            objects: draft.objects.count, enums: draft.enums.count, warnings: builder.warnings.warnings.count)
        return Result(
            text: validated.text, warnings: builder.warnings.warnings, repairs: validated.repairs, summary: summary)
    }
}
