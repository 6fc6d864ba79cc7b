@_spi(Generated) import ResgenRuntimeCore

// A resource identifier read straight from a ``JSONTape``: one pass over the identifier's members for
// `type`, `id` and `meta`, no container, no coding path. Anything the `Decodable` path would reject (not
// an object, no `type` or `id`, one that is not a string, a `meta` JSONValue refuses) makes the decoder unsure, so that
// JSONDecoder decodes the document and reports the error.

extension JSONAPILinkageIdentifier: TapeReadable {
    /// The identifier at node `index`, which `path` and `key` lead to (used only for `meta`'s depth).
    package init(_ decoder: TapeDecoder, at index: Int, path: CodingPathNode, key: (any CodingKey)?) throws {
        try self.init(decoder, at: index, key: key) { path }
    }

    /// The identifier at node `index`, whose parent's coding path `path` makes only when `meta` needs it.
    init(_ decoder: TapeDecoder, at index: Int, key: (any CodingKey)?, path: () -> CodingPathNode) throws {
        let tape = decoder.tape
        guard tape.nodes[index].kind == .object else { throw decoder.unsure() }
        let (typeNode, idNode, metaNode) = tape.values(in: index, named: "type", "id", "meta")
        guard let type = typeNode, tape.nodes[type].kind == .string, let id = idNode, tape.nodes[id].kind == .string
        else { throw decoder.unsure() }
        do {
            var meta: JSONValue?
            // `decodeIfPresent`: absent and `null` are both nil.
            if let node = metaNode, tape.nodes[node].kind != .null {
                let metaPath = path().appending(key).appending(JSONAPIResourceKey.meta)
                meta = try JSONValue(tape: tape, node: node, codingPath: metaPath.keys, depth: metaPath.depth)
            }
            self.init(type: try tape.string(at: type), id: try tape.string(at: id), meta: meta)
        } catch {
            throw decoder.unsure()
        }
    }
}
