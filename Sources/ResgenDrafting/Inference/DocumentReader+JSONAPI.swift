import ResgenCore
import Foundation

/// JSON:API documents: primary `data` (one resource or a collection) and `included`.
extension DocumentReader {
    static func readJSONAPI(_ root: JSONNode, url: LinkTarget?, into reading: inout DocumentReading) {
        let path = url?.path
        if let data = root["data"] { reading.primaryShape = jsonapiShape(.object([JSONNode.Member("data", data)])) }
        switch root["data"] {
        case .object(let members)?:
            if let sample = jsonapiSample(.object(members), documentURL: url?.absolute) {
                if let path { reading.shownPaths[sample.typeKey, default: []].append(path) }
                noteIncludes(of: url, for: sample.typeKey, into: &reading)
                reading.samples.append(sample)
            }
        case .array(let elements)?:
            let samples = elements.compactMap { jsonapiSample($0, documentURL: url?.absolute) }
            let typeKeys = unique(samples.map(\.typeKey))
            if typeKeys.count > 1 {
                // A polymorphic collection: the path lists the union of its types, not each of them.
                if let path {
                    reading.mixedCollections.append(
                        MixedCollection(path: path, members: MixedMembers(typeKeys: typeKeys), includePaths: includePaths(of: url)))
                }
            } else {
                for typeKey in typeKeys {
                    if let path { reading.listedPaths[typeKey, default: []].append(path) }
                    noteIncludes(of: url, for: typeKey, into: &reading)
                    if let guess = PaginationGuess.read(meta: root["meta"], links: root["links"], url: url) { reading.pagination[typeKey] = guess }
                    reading.listQueryItems[typeKey, default: []] += ListGuess.queryItems(url: url?.absolute, links: root["links"])
                }
            }
            // Fetching one item shows whether its own URL serves it (`show`): its self link, else (many
            // servers send none) the collection URL and its id, the usual JSON:API route; not for a
            // polymorphic collection, where an id means nothing without its type.
            if let first = samples.first?.selfLink {
                reading.followUps.append(first.absolute)
            } else if typeKeys.count == 1, let url, let id = samples.first?.id, !url.segments.contains(where: LinkTarget.looksLikeID),
                let guess = LinkTarget(LinkTarget.path(url.segments + [id], trailingSlash: url.trailingSlash), relativeTo: url.absolute)
            {
                reading.followUps.append(guess.absolute)
            }
            reading.samples += samples
        case nil:
            // No primary data: an entry point (`GET /`) when it has links (JSON:API allows a document of
            // `meta` and `links` only).
            if let links = root["links"]?.members { readEntryPoint(links, url: url, into: &reading) }
        default:
            break
        }
        for node in root["included"]?.elements ?? [] {
            if let sample = jsonapiSample(node, documentURL: url?.absolute) { reading.samples.append(sample) }
        }
        // One related link per type and relationship (else its `self` link, which some servers answer
        // with the related resources too): enough to see the target type and shape when the linkage
        // is empty, as it is on servers that write it only when the relationship was included.
        var followed: Set<[String]> = []
        for node in (root["data"].map { $0.elements ?? [$0] } ?? []) + (root["included"]?.elements ?? []) {
            guard let type = node["type"]?.stringValue, let relationships = node["relationships"]?.members else { continue }
            for relationship in relationships where followed.insert([type, relationship.key]).inserted {
                let links = relationship.value["links"]
                if let link = href(links?["related"]) ?? href(links?["self"]),
                    let target = LinkTarget(link, relativeTo: url?.absolute)
                {
                    reading.followUps.append(target.absolute)
                    reading.relationshipLinks[[type, relationship.key]] = target.absolute
                }
            }
        }
    }

    /// Notes a JSON:API entry point's links (a URI string or a link object each) and follows those to
    /// this API.
    private static func readEntryPoint(_ links: [JSONNode.Member], url: LinkTarget?, into reading: inout DocumentReading) {
        var entry = EntryPoint(path: url?.path ?? "/")
        for member in links where member.key != "self" {
            guard let href = member.value.stringValue ?? member.value["href"]?.stringValue else { continue }
            entry.links.append(.init(rel: member.key, href: href, templated: false))
            if let target = LinkTarget(href, relativeTo: url?.absolute), target.origin == reading.origin { reading.followUps.append(target.absolute) }
        }
        reading.entryPoints.append(entry)
    }

    /// The `include=` paths of the URL, for the type it returned.
    private static func noteIncludes(of url: LinkTarget?, for typeKey: String, into reading: inout DocumentReading) {
        let paths = includePaths(of: url)
        if !paths.isEmpty { reading.includePaths[typeKey, default: []] += paths }
    }

    /// The `include=` paths of the URL, as written.
    private static func includePaths(of url: LinkTarget?) -> [String] {
        guard let absolute = url?.absolute, let items = URLComponents(string: absolute)?.queryItems else { return [] }
        return items.filter { $0.name == "include" }.compactMap(\.value).flatMap { $0.split(separator: ",").map(String.init) }
    }

    /// A resource object; nil when it has no string `type`.
    private static func jsonapiSample(_ node: JSONNode, documentURL: String?) -> ResourceSample? {
        guard let type = node["type"]?.stringValue, !type.isEmpty else { return nil }
        let relationships = (node["relationships"]?.members ?? []).map { member in
            ResourceSample.Relationship(key: member.key, shape: jsonapiShape(member.value))
        }
        return ResourceSample(
            typeKey: type, typeSource: .jsonapiType, id: idText(node["id"])?.text,
            selfLink: href(node["links"]?["self"]).flatMap { LinkTarget($0, relativeTo: documentURL) },
            attributes: node["attributes"]?.members ?? [], relationships: relationships)
    }

    /// A relationship object's linkage (or a document's primary data, under `data` alike).
    private static func jsonapiShape(_ relationship: JSONNode) -> ResourceSample.RelationshipShape {
        switch relationship["data"] {
        case .null?: .null
        case .object(let members)?: .toOne(JSONNode.object(members)["type"]?.stringValue)
        case .array(let elements)?: .toMany(unique(elements.compactMap { $0["type"]?.stringValue }))
        default: .unknown
        }
    }
}
