/// Lines of generated code that a template places as one block.
///
/// Why not `[String]`: a Mustache section over an array renders its body once per element, and every
/// tag costs swift-mustache several dynamic casts and a context push. Handing a whole body (the
/// statements of `init(from:)`, a struct's stored properties with their doc comments) to the template
/// as one value turns hundreds of tag evaluations per resource into a handful, which is most of the
/// generator's speed. Templates still decide where a block goes and how deep it is indented:
///
/// ```mustache
/// {{#resourceDecodeStatements}}
/// {{{indent8(.)}}}
/// {{/resourceDecodeStatements}}
/// ```
///
/// The section renders nothing when the block is empty; `indentN(.)` prefixes every non-empty line with
/// N spaces (see `CodeLines+Mustache.swift`). `dump-context` shows a block as its array of lines.
public struct CodeLines: Encodable, Hashable, Sendable {
    /// One string per output line, without the block's indentation (a line may carry extra
    /// indentation of its own, e.g. the body of a nested `if`).
    public var lines: [String]

    public init(_ lines: [String]) { self.lines = lines }

    /// The lines joined by newlines, each non-empty line after `indentation` spaces.
    public func text(indentation: Int) -> String {
        guard !lines.isEmpty else { return "" }
        let capacity = lines.reduce(0) { $0 + $1.utf8.count + indentation + 1 }
        // Byte copies into one buffer: this runs for every body of every resource.
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var count = 0
            for (index, line) in lines.enumerated() {
                if index > 0 {
                    buffer[count] = UInt8(ascii: "\n")
                    count += 1
                }
                var line = line
                line.withUTF8 { bytes in
                    guard !bytes.isEmpty else { return }
                    for offset in count..<(count + indentation) { buffer[offset] = UInt8(ascii: " ") }
                    count += indentation
                    UnsafeMutableRawPointer(buffer.baseAddress! + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
                    count += bytes.count
                }
            }
            return count
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(lines)
    }
}
