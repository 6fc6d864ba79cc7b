import ResgenCore
import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// Bytes in, an OpenAPI 3.1 document (OpenAPIKit's model) out: JSON or YAML, OpenAPI 3.0.x (converted
/// by OpenAPIKitCompat) or 3.1.x. A document OpenAPIKit refuses is an ``OpenAPIImportError/rejected(source:pointer:reason:)``
/// naming the JSON pointer OpenAPIKit's decoding stopped at.
///
/// Both are composed by Yams (JSON is YAML) and decoded by ``OpenAPINodeDecoder`` (OpenAPIKit reads through
/// `Codable`), which keeps the document's key order; this folder and Schema/ are the only users of Yams. Decoding recurses per
/// level of nesting, so ``OpenAPINestingScreen`` reads the document's depth first and refuses one deeper
/// than 256 levels.
enum OpenAPIDocumentLoader {
    /// Just the version, read before the whole document to choose the model.
    private struct VersionProbe: Decodable {
        var openapi: String?
        var swagger: String?
    }

    /// The document and the version it states.
    static func load(_ bytes: [UInt8], source: String) throws(OpenAPIImportError) -> (
        OpenAPIKit.OpenAPI.Document, version: String
    ) {
        if let tooDeep = OpenAPINestingScreen.firstTooDeep(in: bytes) {
            let what =
                tooDeep.alias.map { "its YAML alias '*\(TerminalSafe.text($0))' expands to objects and arrays" }
                ?? "objects and arrays nest"
            throw .rejected(
                source: source, pointer: TerminalSafe.text(tooDeep.pointer.description),
                reason: "\(what) deeper than \(OpenAPINestingScreen.maximumDepth) levels here, the most resgen reads")
        }
        let isJSON = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
        // Composed once, then screened and decoded from the same node tree (it was composed three times:
        // for the version, the tag screen and the document). Yams for JSON too: OpenAPIKit keeps the order
        // of properties and paths as the decoder lists a mapping's keys, and Foundation's JSONDecoder lists
        // them in hash order (a new order each run).
        let root: Node
        do {
            // As YAMLDecoder reads the bytes: a String of UTF-8 (invalid UTF-8 is refused).
            guard let text = String(data: Data(bytes), encoding: .utf8) else {
                throw YamlError.dataCouldNotBeDecoded(encoding: .utf8)
            }
            root = try Yams.compose(yaml: text) ?? ""
        } catch {
            // Worded as YAMLDecoder words it.
            let error = DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The given data was not valid YAML.", underlyingError: error))
            throw .rejected(
                source: source, pointer: "#",
                reason: isJSON
                    ? "it is not JSON (\(Self.reason(error)))" : "it is neither JSON nor YAML (\(Self.reason(error)))")
        }
        let decoder = OpenAPINodeDecoder(userInfo: Self.userInfo)
        let probe: VersionProbe
        do {
            probe = try decoder.decode(VersionProbe.self, from: root)
        } catch {
            throw .rejected(
                source: source, pointer: "#",
                reason: isJSON
                    ? "it is not JSON (\(Self.reason(error)))" : "it is neither JSON nor YAML (\(Self.reason(error)))")
        }
        try screenTags(root, size: bytes.count, source: source)
        guard let version = probe.openapi else {
            let reason =
                probe.swagger != nil
                ? "Swagger 2.0 is not read; convert it to OpenAPI 3 first" : "it has no 'openapi' version"
            throw .rejected(source: source, pointer: "#/openapi", reason: reason)
        }
        do {
            if version.hasPrefix("3.0") {
                return (try decoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: root).convert(to: .v3_1_1), version)
            }
            return (try decoder.decode(OpenAPIKit.OpenAPI.Document.self, from: root), version)
        } catch {
            let wrapped = OpenAPIKit.OpenAPI.Error(from: error)
            let pointer = JSONPointer.root.appending(wrapped.codingPath.map(\.stringValue))
            throw .rejected(
                source: source, pointer: pointer.description, reason: TerminalSafe.text(wrapped.localizedDescription))
        }
    }

    /// OpenAPIKit's decoders without vendor extensions (issue 46, finding 8): each object that may carry
    /// `x-` members decoded its whole subtree a second time, as `AnyCodable`, to find them, so a schema
    /// nested N deep was decoded N times over (a 1 MB document 200 levels deep: 256 s and 1 GB, where
    /// one level deep took 6.4 s). The importer reads no extension, so none is decoded. OpenAPIKit30
    /// declares its own key of the same name (`vendor-extensions-enabled`), which this one therefore sets
    /// too (a dictionary literal holding both would trap on the duplicate key).
    ///
    /// That pass was also what refused a member OpenAPI does not define (`summery:` in an operation): such
    /// a member is now ignored, as the draft does not need it.
    static var userInfo: [CodingUserInfoKey: Any] { [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false] }

    /// Refuses a node with an application tag (`!type: string`): OpenAPIKit 6.4 traps while it builds the
    /// error for one inside a path item (fuzz finding), and JSON has no tags, so no OpenAPI document needs
    /// them. Tags of the YAML core schema (`!!str`, resolved plain scalars) pass.
    ///
    /// Also refuses a document whose aliases expand it far beyond its bytes (a "billion laughs": 546 bytes
    /// of nested `*alias` lists are 10⁹ nodes, which decoding would walk for hours): composing keeps an
    /// alias as a shared value, but `YAMLDecoder` and OpenAPIKit read it expanded. A node takes at least a
    /// byte, so a document without aliases stays far below the budget, and decoding stays linear in size.
    private static func screenTags(_ root: Node, size: Int, source: String) throws(OpenAPIImportError) {
        // Depth first, the path to the node kept as one array of tokens (cut to the node's depth, then its
        // token appended) and made a pointer only for a refusal: a pointer per node was a third of this
        // walk's time.
        var path: [String] = []
        var stack: [(node: Node, depth: Int, token: String)] = [(root, 0, "")]
        var visited = 0
        let budget = max(100_000, 8 * size)
        while let (node, depth, token) = stack.popLast() {
            path.removeSubrange(max(0, depth - 1)...)
            if depth > 0 { path.append(token) }
            visited += 1
            if visited > budget {
                throw .rejected(
                    source: source, pointer: JSONPointer.root.appending(path).description,
                    reason: "its YAML aliases expand it to more than \(budget) nodes (\(size) bytes): not read")
            }
            let tag = node.tag.rawValue
            if !tag.hasPrefix("tag:yaml.org,2002:") {
                throw .rejected(source: source, pointer: JSONPointer.root.appending(path).description, reason: "the YAML tag '\(TerminalSafe.text(tag))' is not one of JSON's types")
            }
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping.reversed() {
                    let token = key.string ?? ""
                    stack.append((value, depth + 1, token))
                    stack.append((key, depth + 1, token))  // a key may carry a tag too
                }
            case .sequence(let sequence):
                for (index, value) in sequence.enumerated().reversed() { stack.append((value, depth + 1, String(index))) }
            default:
                break
            }
        }
    }

    private static func reason(_ error: any Error) -> String {
        TerminalSafe.text(OpenAPIKit.OpenAPI.Error(from: error).localizedDescription)
    }
}

extension JSONPointer {
    /// This pointer with each of `tokens` appended.
    func appending(_ tokens: [String]) -> JSONPointer {
        tokens.reduce(self) { $0 / $1 }
    }
}

/// Text from the document made safe for a terminal and a YAML comment: control characters escaped.
enum TerminalSafe {
    static func text(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
