@preconcurrency import CYaml
import ResgenCore
import Foundation

/// Screens an OpenAPI document's nesting before anything decodes it: the document's bytes in, the first
/// value nested deeper than ``maximumDepth`` out (its JSON pointer), or nil.
///
/// Decoding recurses on the C stack at least once per level of nesting: Yams composes its node tree,
/// then `YAMLDecoder` and OpenAPIKit decode it. A 9.6 KB document nested 230 schemas deep overflowed a
/// debug build's stack (issue 46, finding 8). This pass reads libyaml's events in a loop (libyaml keeps
/// its own state on the heap) and holds one small frame per open object or array, so its stack does not
/// grow with the document, and it stops at the first value too deep. JSON is read the same way (it is
/// YAML's flow style), from the same bytes Yams is given, so the screen sees the structure the decoders
/// will. A document libyaml refuses passes the screen: the decoders then stop at the same place, no
/// deeper than the screen went, and report it as before.
///
/// Depth counts the objects and arrays around a value, the document's own being 1, as `resgen infer`
/// counts it (``JSONNodeParser/maximumDepth``, the same limit). An alias counts as what it names,
/// expanded, because the decoders read it expanded: an anchored object 200 levels deep, named by an
/// alias 100 levels deep, is 300 levels deep.
enum OpenAPINestingScreen {
    /// The deepest nesting read; deeper documents are refused before decoding.
    static let maximumDepth = JSONNodeParser.maximumDepth

    /// The first value nested deeper than the limit.
    struct TooDeep: Hashable, Sendable {
        /// Where the value is: an object or array one level too deep, or the alias that would expand to it.
        var pointer: JSONPointer
        /// The alias's name, when an alias expands too deep.
        var alias: String?
    }

    /// One object or array the pass is inside.
    private struct Frame {
        var isMapping: Bool
        /// This collection's depth.
        var depth: Int
        /// The deepest depth reached inside it so far (itself included), aliases expanded.
        var deepest: Int
        /// Its anchor, whose height is recorded when it ends.
        var anchor: String?
        /// The key of the member being read (a mapping), or the index of the item (a sequence).
        var key = ""
        var index = 0
        /// A mapping's next node is a key.
        var expectsKey = true

        /// This frame's token in the pointer of the node being read.
        var token: String { isMapping ? key : String(index) }
    }

    /// The first value of `bytes` nested deeper than `limit`, or nil when there is none (or libyaml
    /// refuses the text, which the decoders will report).
    static func firstTooDeep(in bytes: [UInt8], limit: Int = maximumDepth) -> TooDeep? {
        // The bytes Yams parses: `YAMLDecoder` makes a String of the data (nil for invalid UTF-8, which
        // it refuses) and hands libyaml its UTF-8.
        guard let text = String(data: Data(bytes), encoding: .utf8) else { return nil }
        var input = Array(text.utf8)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        return input.withUnsafeMutableBufferPointer { buffer -> TooDeep? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var frames: [Frame] = []
            /// For each anchor, how many levels of objects and arrays its node holds (0: a scalar).
            var heights: [String: Int] = [:]

            func pointer() -> JSONPointer { JSONPointer.root.appending(frames.map(\.token)) }
            /// The node in the innermost frame is read: the next member or item.
            func completeNode() {
                guard !frames.isEmpty else { return }
                if frames[frames.count - 1].isMapping {
                    frames[frames.count - 1].expectsKey.toggle()
                } else {
                    frames[frames.count - 1].index += 1
                }
            }
            func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
                pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            }
            /// A collection is starting: refused when too deep, else its frame is pushed.
            func open(isMapping: Bool, anchor: String?) -> TooDeep? {
                if let last = frames.indices.last, frames[last].isMapping, frames[last].expectsKey {
                    frames[last].key = ""  // a complex key: the pointer has no name for it
                }
                let depth = frames.count + 1
                if depth > limit { return TooDeep(pointer: pointer(), alias: nil) }
                frames.append(Frame(isMapping: isMapping, depth: depth, deepest: depth, anchor: anchor))
                return nil
            }

            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    if let anchor = string(scalar.anchor) { heights[anchor] = 0 }
                    if let last = frames.indices.last, frames[last].isMapping, frames[last].expectsKey {
                        frames[last].key = String(
                            decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                    }
                    completeNode()
                case YAML_ALIAS_EVENT:
                    let name = string(event.data.alias.anchor) ?? ""
                    if let last = frames.indices.last, frames[last].isMapping, frames[last].expectsKey {
                        frames[last].key = ""  // an alias as a key: no name for the pointer either
                    }
                    let reach = frames.count + (heights[name] ?? 0)
                    if reach > limit { return TooDeep(pointer: pointer(), alias: name) }
                    if let last = frames.indices.last { frames[last].deepest = max(frames[last].deepest, reach) }
                    completeNode()
                case YAML_SEQUENCE_START_EVENT:
                    if let refusal = open(isMapping: false, anchor: string(event.data.sequence_start.anchor)) {
                        return refusal
                    }
                case YAML_MAPPING_START_EVENT:
                    if let refusal = open(isMapping: true, anchor: string(event.data.mapping_start.anchor)) {
                        return refusal
                    }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let frame = frames.popLast() else { return nil }
                    if let anchor = frame.anchor { heights[anchor] = frame.deepest - frame.depth + 1 }
                    if let last = frames.indices.last {
                        frames[last].deepest = max(frames[last].deepest, frame.deepest)
                    }
                    completeNode()
                default:
                    break  // stream and document starts, document ends
                }
            }
        }
    }
}
