import ResgenCore

/// Reads one fetched document (bytes, content type, URL) into a ``DocumentReading``: parse the JSON,
/// detect the format, collect its resource objects. Pure; the CLI uses it to decide what to fetch
/// next, inference to draft the schema.
enum DocumentReader {
    /// Reads `document`.
    ///
    /// - Throws: ``InferenceError/notJSON(url:_:)`` or ``InferenceError/neitherFormat(url:contentType:)``.
    static func read(_ document: FetchedDocument) throws(InferenceError) -> DocumentReading {
        let root: JSONNode
        do {
            root = try JSONNodeParser.parse(Array(document.body.utf8))
        } catch {
            throw .notJSON(url: document.url, error)
        }
        guard let format = WireFormat.detect(contentType: document.contentType, root: root) else {
            throw .neitherFormat(url: document.url, contentType: document.contentType)
        }
        let url = LinkTarget(document.url, relativeTo: nil)
        var reading = DocumentReading(format: format, origin: url?.origin ?? "")
        reading.url = url?.absolute
        switch format {
        case .jsonapi: readJSONAPI(root, url: url, into: &reading)
        case .hal: try readHAL(root, url: url, into: &reading)
        }
        reading.followUps = unique(reading.followUps)
        return reading
    }

    /// `items` without repeats, first occurrence kept.
    static func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }

    /// The text of an id-like scalar: a string, or an integer as written.
    static func idText(_ node: JSONNode?) -> (text: String, isInteger: Bool)? {
        switch node {
        case .string(let text): (text, false)
        case .number(let text, let isInteger) where isInteger: (text, true)
        default: nil
        }
    }

    /// The `href` of a link object (or of the first of an array of them).
    static func href(_ node: JSONNode?) -> String? {
        switch node {
        case .string(let text): text
        case .object: node?["href"]?.stringValue
        case .array(let elements): elements.first.flatMap { href($0) }
        default: nil
        }
    }
}
