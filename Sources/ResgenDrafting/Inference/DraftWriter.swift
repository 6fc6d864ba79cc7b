import ResgenCore

/// Writes a ``Draft`` as a YAML schema file: the schema language of docs/schema.md, with a comment
/// on every line whose content was guessed, and what could not be inferred written commented out
/// with the reason.
enum DraftWriter {
    /// Operations a resource may have besides the fetched ones, in the schema's order.
    static let allOperations = ["list", "show", "create", "replace", "patch", "delete"]

    /// The YAML text of `draft`.
    static func write(_ draft: Draft) -> String {
        var lines: [String] = draft.header.map(YAMLText.comment)
        lines += ["api:", "  name: \(YAMLText.scalar(draft.name))", "  format: \(draft.format.rawValue)"]
        if let baseURL = draft.baseURL { lines.append("  baseURL: \(YAMLText.scalar(baseURL))") }
        for entry in draft.entryPoints { lines += entryPoint(entry, format: draft.format) }
        if !draft.resources.isEmpty {
            lines += ["", "resources:"]
            for (index, resource) in draft.resources.enumerated() {
                if index > 0 { lines.append("") }
                lines += self.resource(resource, format: draft.format)
            }
        }
        lines += unions(draft.unions)
        if !draft.objects.isEmpty {
            lines += ["", "objects:"]
            for (index, object) in draft.objects.enumerated() {
                if index > 0 { lines.append("") }
                lines.append(commented("  \(YAMLText.scalar(object.name)):", object.comment))
                if let description = object.description { lines.append("    description: \(YAMLText.quoted(description))") }
                // An object's members sit under `attributes:`, as a resource's do (docs/schema.md).
                lines.append("    attributes:")
                lines += attributes(object.attributes, indent: "      ")
            }
        }
        lines += enums(draft.enums)
        lines += requests(draft.requests)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `enums:` section.
    private static func enums(_ enums: [Draft.Enum]) -> [String] {
        guard !enums.isEmpty else { return [] }
        var lines = ["", "enums:"]
        for item in enums {
            lines.append(commented("  \(YAMLText.scalar(item.name)):", item.comment))
            if let description = item.description { lines.append("    description: \(YAMLText.quoted(description))") }
            // Quoted: `yes`, `1` and `null` are strings here.
            let values = item.values.map { value in item.caseNames[value].map { "{ \(YAMLText.scalar($0)): \(YAMLText.quoted(value)) }" } ?? YAMLText.quoted(value) }
            lines.append("    values: [\(values.joined(separator: ", "))]")
        }
        return lines
    }

    /// The `requests:` section: those drafted, then those refused, commented out with the reason.
    private static func requests(_ requests: [Draft.Request]) -> [String] {
        guard !requests.isEmpty else { return [] }
        var lines = [""]
        let drafted = requests.filter { $0.refusal == nil }
        if !drafted.isEmpty { lines.append("requests:") }
        for (index, request) in drafted.enumerated() {
            if index > 0 { lines.append("") }
            lines.append(commented("  \(YAMLText.scalar(request.name)):", request.comment))
            if let description = request.description { lines.append("    description: \(YAMLText.quoted(description))") }
            lines.append("    method: \(request.method)")
            lines.append("    path: \(YAMLText.scalar(request.path))")
            for (key, members) in [("parameters", request.parameters), ("query", request.query), ("headers", request.headers)] where !members.isEmpty {
                lines.append("    \(key):")
                lines += attributes(members, indent: "      ")
            }
            if let body = request.body {
                lines.append(commented("    body: \(YAMLText.scalar(body))", request.bodyComment))
            } else if let comment = request.bodyComment {
                lines.append("    " + YAMLText.comment(comment))
            }
            if let response = request.response {
                lines.append(commented("    response: \(YAMLText.scalar(response))", request.responseComment))
            } else if let comment = request.responseComment {
                lines.append("    " + YAMLText.comment(comment))
            }
        }
        let indent = drafted.isEmpty ? "" : "  "
        for request in requests where request.refusal != nil {
            lines.append(indent + YAMLText.comment("\(request.name) (\(request.method) \(request.path)): \(request.refusal ?? "")"))
        }
        return lines
    }

    /// An entry point, as comments: it is no resource, and the schema has no key for it (yet).
    private static func entryPoint(_ entry: Draft.EntryPoint, format: WireFormat) -> [String] {
        let untyped = format == .hal ? "client.resource(at:)" : "client.request(.get, url)"
        var lines = [
            "",
            YAMLText.comment("The API's entry point, GET \(entry.path): a document of links, not a resource, so it is not drafted as one."),
            YAMLText.comment("Read it untyped with \(untyped). Its links:"),
        ]
        for link in entry.links {
            let note = link.templated ? "templated" : link.resource.map { "the collection of \($0)" }
            lines.append(YAMLText.comment("  \(link.rel): \(link.href)" + (note.map { " (\($0))" } ?? "")))
        }
        return lines
    }

    /// `line`, followed by `  # comment` when there is one.
    private static func commented(_ line: String, _ comment: String?) -> String {
        guard let comment else { return line }
        return line + "  " + YAMLText.comment(comment)
    }

    private static func resource(_ resource: Draft.Resource, format: WireFormat) -> [String] {
        var lines = [
            "  \(YAMLText.scalar(resource.name)):",
            commented("    type: \(YAMLText.scalar(resource.type))", resource.typeComment),
        ]
        if let description = resource.description { lines.append("    description: \(YAMLText.quoted(description))") }
        lines += resource.notes.map { "    " + YAMLText.comment($0) }
        if let parent = resource.parent { lines.append("    parent: \(YAMLText.scalar(parent))") }
        if let path = resource.path {
            lines.append(commented("    path: \(YAMLText.scalar(path))", resource.placementComment))
        } else if let comment = resource.placementComment {
            lines.append("    " + YAMLText.comment(comment))
        }
        if let id = resource.id {
            lines.append(commented("    id: \(id)", resource.idComment))
        } else if let comment = resource.idComment {
            lines.append("    " + YAMLText.comment(comment))
        }
        if resource.path != nil, let source = resource.operationsSource {
            lines.append(commented("    operations: [\(resource.operations.joined(separator: ", "))]", source))
        } else if resource.path != nil {
            let rest = allOperations.filter { !resource.operations.contains($0) }
            lines.append(commented("    operations: [\(resource.operations.joined(separator: ", "))]", resource.operations.isEmpty ? "none fetched" : "fetched"))
            if !rest.isEmpty {
                lines.append("    " + YAMLText.comment("not tried: \(rest.joined(separator: ", ")); add those the server allows to operations"))
            }
        }
        if resource.sparseFieldsets { lines.append(commented("    sparseFieldsets: true", "an operation takes fields[\(resource.type)]")) }
        if resource.path != nil, let pagination = resource.pagination {
            lines.append(commented("    pagination: \(pagination.yaml)", pagination.evidence))
        }
        if resource.path != nil, let list = resource.list {
            lines.append(commented("    list:", list.evidence))
            lines += list.yaml
        }
        if !resource.attributes.isEmpty {
            lines.append("    attributes:")
            lines += attributes(resource.attributes, indent: "      ")
        }
        if !resource.relationships.isEmpty {
            lines.append("    relationships:")
            for relationship in resource.relationships {
                lines.append(self.relationship(relationship, format: format))
            }
        }
        if !resource.includes.isEmpty {
            lines.append("    includes:")
            for set in resource.includes {
                let paths = set.paths.map(YAMLText.quoted).joined(separator: ", ")
                let comment = set.comment ?? "the include= of the URLs fetched"
                lines.append(commented("      \(YAMLText.scalar(set.name)): [\(paths)]", comment.isEmpty ? nil : comment))
            }
        }
        if let accepted = resource.acceptsIncludes {
            lines.append(commented("    acceptsIncludes: [\(accepted.map(YAMLText.scalar).joined(separator: ", "))]", resource.acceptsIncludesComment))
        }
        if !resource.furtherPaths.isEmpty {
            lines.append("    paths:")
            for further in resource.furtherPaths {
                var fields = further.parent.map { ["parent: \(YAMLText.scalar($0))"] } ?? []
                fields.append("path: \(YAMLText.scalar(further.path))")
                fields.append("operations: [\(further.operations.joined(separator: ", "))]")
                if let accepted = further.acceptsIncludes {
                    fields.append("acceptsIncludes: [\(accepted.map(YAMLText.scalar).joined(separator: ", "))]")
                }
                lines.append(
                    commented("      \(YAMLText.scalar(further.name)): { \(fields.joined(separator: ", ")) }", further.comment))
            }
        }
        if !resource.links.isEmpty {
            lines.append("    links:")
            for link in resource.links {
                var fields = ["rel: \(YAMLText.scalar(link.rel))"]
                if link.templated { fields.append("templated: true") }
                let reason = link.templated ? "a templated link" : "a link that leads to no resource of this API"
                lines.append(commented("      \(YAMLText.scalar(link.name)): { \(fields.joined(separator: ", ")) }", reason))
            }
        }
        return lines
    }

    /// The `unions:` section: those drafted, then those refused, commented out with the reason.
    private static func unions(_ unions: [Draft.Union]) -> [String] {
        guard !unions.isEmpty else { return [] }
        var lines = [""]
        let drafted = unions.filter { $0.refusal == nil }
        if !drafted.isEmpty { lines.append("unions:") }
        for (index, union) in drafted.enumerated() {
            if index > 0 { lines.append("") }
            lines.append("  \(YAMLText.scalar(union.name)):")
            if let type = union.type { lines.append(commented("    type: \(YAMLText.scalar(type))", "the _embedded key of its items")) }
            lines.append(commented("    members: [\(union.members.map(YAMLText.scalar).joined(separator: ", "))]", union.membersComment))
            if let path = union.path {
                lines.append(commented("    path: \(YAMLText.scalar(path))", union.pathComment))
                lines.append(commented("    operations: [list]", union.operationsComment ?? "fetched; a union has no other operation"))
            }
            if !union.includes.isEmpty {
                lines.append("    includes:")
                for set in union.includes {
                    let paths = set.paths.map(YAMLText.quoted).joined(separator: ", ")
                    lines.append(commented("      \(YAMLText.scalar(set.name)): [\(paths)]", "the include= of the URLs fetched"))
                }
            }
            if let discriminator = union.discriminator {
                lines.append(commented("    discriminator: \(discriminator)", union.discriminatorComment))
            }
        }
        let indent = drafted.isEmpty ? "" : "  "
        for union in unions where union.refusal != nil {
            lines.append(indent + YAMLText.comment("\(union.name): \(union.refusal ?? "")"))
        }
        return lines
    }

    /// `date`, `{ pattern: "…" }`, or a list of them (`[date, { pattern: "…" }]`).
    private static func dateFormat(_ formats: [Draft.DateFormat]) -> String {
        let written = formats.map { format in
            switch format {
            case .name(let name): YAMLText.scalar(name)
            case .pattern(let pattern): "{ pattern: \(YAMLText.quoted(pattern)) }"
            }
        }
        return written.count == 1 ? written[0] : "[\(written.joined(separator: ", "))]"
    }

    private static func attributes(_ attributes: [Draft.Attribute], indent: String) -> [String] {
        attributes.map { attribute in
            let name = YAMLText.scalar(attribute.name)
            guard let type = attribute.type else {
                return indent + YAMLText.comment("\(attribute.name): key \(YAMLText.quoted(attribute.key)) — \(attribute.comment ?? "no type fits")")
            }
            var fields: [String] = []
            if attribute.key != attribute.name { fields.append("key: \(YAMLText.scalar(attribute.key))") }
            if !attribute.dateFormats.isEmpty { fields.append("dateFormat: \(dateFormat(attribute.dateFormats))") }
            if let value = attribute.defaultValue { fields.append("default: \(value)") }
            if attribute.readOnly { fields.append("readOnly: true") }
            if attribute.writeOnly { fields.append("writeOnly: true") }
            if let description = attribute.description { fields.append("description: \(YAMLText.quoted(description))") }
            let value = fields.isEmpty ? YAMLText.scalar(type) : "{ type: \(YAMLText.scalar(type)), \(fields.joined(separator: ", ")) }"
            return commented("\(indent)\(name): \(value)", attribute.comment)
        }
    }

    private static func relationship(_ relationship: Draft.Relationship, format: WireFormat) -> String {
        let indent = "      "
        let cardinality = relationship.toMany ? "toMany" : "toOne"
        if !relationship.targets.isEmpty {
            // A polymorphic relationship: an inline list, optional spelled out (a list takes no `?`).
            var fields = ["\(cardinality): [\(relationship.targets.map(YAMLText.scalar).joined(separator: ", "))]"]
            if relationship.optional { fields.append("optional: true") }
            if relationship.key != relationship.name { fields.append("key: \(YAMLText.scalar(relationship.key))") }
            if let description = relationship.description { fields.append("description: \(YAMLText.quoted(description))") }
            return commented("\(indent)\(YAMLText.scalar(relationship.name)): { \(fields.joined(separator: ", ")) }", relationship.comment)
        }
        guard let target = relationship.target else {
            return indent + YAMLText.comment("\(relationship.name): \(format == .hal ? "rel" : "key") \(YAMLText.quoted(relationship.key)) — \(relationship.comment ?? "target unknown")")
        }
        var fields = ["\(cardinality): \(YAMLText.scalar(target + (relationship.optional ? "?" : "")))"]
        if relationship.key != relationship.name { fields.append("\(format == .hal ? "rel" : "key"): \(YAMLText.scalar(relationship.key))") }
        if relationship.linkageWhenIncluded { fields.append("linkage: whenIncluded") }
        if let description = relationship.description { fields.append("description: \(YAMLText.quoted(description))") }
        return commented("\(indent)\(YAMLText.scalar(relationship.name)): { \(fields.joined(separator: ", ")) }", relationship.comment)
    }
}
