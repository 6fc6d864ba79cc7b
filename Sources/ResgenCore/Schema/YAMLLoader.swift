@preconcurrency import CYaml

/// Stage 1: schema bytes (YAML or JSON) → ``RawNode`` tree with a location on every node.
///
/// Drives libyaml's event parser (the one Yams embeds) directly instead of `Yams.compose`, for three
/// reasons: Yams stops at the first duplicate key while we report each one at its own position; we
/// need each scalar's style to keep YAML 1.1 booleans from turning strings into `false`; and events
/// give locations without building Yams' resolver-tagged tree first. JSON is read by the same parser,
/// since JSON documents are YAML flow documents.
public enum YAMLLoader {
    /// Parses one file. Syntax errors and duplicate keys are emitted to `diagnostics`; the result is
    /// nil when the file could not be parsed at all (or holds no document).
    public static func load(_ file: InputFile, diagnostics: any DiagnosticCollector) -> RawNode? {
        var loader = EventLoader(file: file, diagnostics: diagnostics)
        return loader.run()
    }
}

/// Builds ``RawNode``s from libyaml events; one instance per file.
private struct EventLoader {
    let file: InputFile
    let diagnostics: any DiagnosticCollector
    let columns: ColumnConverter
    var anchors: [String: RawNode] = [:]

    init(file: InputFile, diagnostics: any DiagnosticCollector) {
        self.file = file
        self.diagnostics = diagnostics
        self.columns = ColumnConverter(bytes: file.contents)
    }

    mutating func run() -> RawNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        // libyaml, told the encoding, would read a byte order mark as a character of the first line
        // and then find the second line less indented than the first.
        var bytes = Array(file.contents.dropFirst(columns.bomLength))
        return bytes.withUnsafeMutableBufferPointer { buffer -> RawNode? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var reader = EventReader(parser: &parser)
            do {
                return try document(&reader)
            } catch let failure as SyntaxFailure {
                diagnostics.emit(.error(failure.message, at: failure.location, notes: failure.notes))
                return nil
            } catch {
                return nil
            }
        }
    }

    func location(_ mark: yaml_mark_t) -> SourceLocation {
        let position = columns.position(mark)
        return SourceLocation(file: file.path, line: position.line, column: position.column)
    }

    /// Where a reader error (invalid UTF-8, a control character) is: libyaml gives its byte offset.
    func location(byteOffset: Int) -> SourceLocation {
        let position = columns.position(ofByte: byteOffset)
        return SourceLocation(file: file.path, line: position.line, column: position.column)
    }

    mutating func document(_ reader: inout EventReader) throws -> RawNode? {
        var root: RawNode?
        var documents = 0
        while true {
            let event = try reader.next(self)
            switch event.kind {
            case .streamEnd:
                return root
            case .documentStart:
                documents += 1
                let node = try self.node(reader.next(self), &reader)
                if documents == 1 {
                    root = node
                } else {
                    diagnostics.emit(.error("a schema file holds one YAML document; this is document \(documents)", at: node.location))
                }
                _ = try reader.next(self)  // document end
            default:
                continue
            }
        }
    }

    mutating func node(_ event: Event, _ reader: inout EventReader) throws -> RawNode {
        let at = location(event.start)
        var result: RawNode
        switch event.kind {
        case .alias(let name):
            guard let target = anchors[name] else {
                throw SyntaxFailure(message: "unknown YAML alias '*\(name)'", location: at)
            }
            return target
        case .scalar(let text, let plain, _, let quoted):
            // A quoted scalar's location is its first character after the quote, so offsets into
            // the text (a type name inside `"[Person]?"`, a `{` in a path) land on the right column —
            // when the source spells the text as it is: on one line, without escapes.
            result = RawNode(.scalar(text, plain: plain), at: quoted ? at.advanced(by: 1) : at)
            result.textIsVerbatim =
                event.start.line == event.end.line && event.end.index - event.start.index == text.unicodeScalars.count + (quoted ? 2 : 0)
        case .sequenceStart:
            var elements: [RawNode] = []
            while true {
                let next = try reader.next(self)
                if case .sequenceEnd = next.kind { break }
                elements.append(try node(next, &reader))
            }
            result = RawNode(.sequence(elements), at: at)
        case .mappingStart:
            var entries: [RawNode.Entry] = []
            var firstSeen: [String: SourceLocation] = [:]
            while true {
                let keyEvent = try reader.next(self)
                if case .mappingEnd = keyEvent.kind { break }
                let keyNode = try node(keyEvent, &reader)
                let value = try node(reader.next(self), &reader)
                guard let key = keyNode.scalar else {
                    diagnostics.emit(.error("mapping keys must be scalars, found \(keyNode.kindDescription)", at: keyNode.location))
                    continue
                }
                if let first = firstSeen[key] {
                    diagnostics.emit(.error("duplicate key '\(key)'", at: keyNode.location, notes: [.note("'\(key)' first given here", at: first)]))
                    continue
                }
                firstSeen[key] = keyNode.location
                entries.append(RawNode.Entry(key: key, keyLocation: keyNode.location, value: value))
            }
            result = RawNode(.mapping(entries), at: at)
        default:
            throw SyntaxFailure(message: "unexpected YAML event", location: at)
        }
        if let anchor = event.anchor { anchors[anchor] = result }
        return result
    }
}

/// A libyaml error that ends parsing of a file.
private struct SyntaxFailure: Error {
    var message: String
    var location: SourceLocation
    var notes: [Diagnostic] = []
}

/// One libyaml event copied into Swift values.
private struct Event {
    enum Kind {
        case streamStart, streamEnd, documentStart, documentEnd
        case alias(String)
        case scalar(String, plain: Bool, tag: String?, quoted: Bool)
        case sequenceStart, sequenceEnd, mappingStart, mappingEnd
    }
    var kind: Kind
    var anchor: String?
    var start: yaml_mark_t
    var end: yaml_mark_t
}

/// Pulls events from a libyaml parser and turns parser errors into ``SyntaxFailure``s.
private struct EventReader {
    let parser: UnsafeMutablePointer<yaml_parser_t>

    init(parser: UnsafeMutablePointer<yaml_parser_t>) { self.parser = parser }

    func next(_ loader: EventLoader) throws -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else {
            let problem = parser.pointee.problem.map { String(cString: $0) } ?? "invalid YAML"
            // A reader error (bad encoding) has no mark, only a byte offset.
            let isReaderError = parser.pointee.error == YAML_READER_ERROR
            let location = isReaderError ? loader.location(byteOffset: parser.pointee.problem_offset) : loader.location(parser.pointee.problem_mark)
            var message = "YAML syntax error: \(problem)"
            if !isReaderError, loader.columns.byte(at: parser.pointee.problem_mark) == UInt8(ascii: "\t") {
                message += "; YAML indents with spaces, not tabs"
            } else if problem == "mapping values are not allowed in this context" {
                message += "; check this line's indentation, or quote a value that contains ': '"
            }
            // Where the construct being parsed started (e.g. an unclosed '['), unless that is the same place.
            var notes: [Diagnostic] = []
            if let context = parser.pointee.context.map({ String(cString: $0) }) {
                let start = loader.location(parser.pointee.context_mark)
                if start != location { notes.append(.note("\(context) starting here", at: start)) }
            }
            throw SyntaxFailure(message: message, location: location, notes: notes)
        }
        defer { yaml_event_delete(&event) }
        func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }
        let kind: Event.Kind
        var anchor: String?
        switch event.type {
        case YAML_STREAM_START_EVENT: kind = .streamStart
        case YAML_STREAM_END_EVENT: kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT: kind = .documentStart
        case YAML_DOCUMENT_END_EVENT: kind = .documentEnd
        case YAML_ALIAS_EVENT: kind = .alias(string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let tag = string(scalar.tag)
            let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE && tag != "tag:yaml.org,2002:str" && tag != "!!str"
            let quoted = scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE || scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE
            kind = .scalar(text, plain: plain, tag: tag, quoted: quoted)
            anchor = string(scalar.anchor)
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart
            anchor = string(event.data.sequence_start.anchor)
        case YAML_SEQUENCE_END_EVENT: kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart
            anchor = string(event.data.mapping_start.anchor)
        case YAML_MAPPING_END_EVENT: kind = .mappingEnd
        default: kind = .streamEnd
        }
        return Event(kind: kind, anchor: anchor, start: event.start_mark, end: event.end_mark)
    }
}

/// Turns libyaml's marks into the Swift compiler's locations, in constant time per mark.
///
/// libyaml counts in Unicode scalars: `index` from the start of the stream (after a byte order mark,
/// which the loader does not pass on), `column` from the start of the line, and it ends a line at
/// CR, LF, CRLF, NEL, LS or PS.
/// Diagnostics count columns in UTF-8 bytes, so both scalar counts become byte offsets: the column
/// is the distance in bytes between the mark and the start of its line (`index - column`), on
/// libyaml's own idea of lines. Walking each line from its start instead cost O(line length) per
/// event, quadratic on a minified JSON schema, which is one long line.
struct ColumnConverter {
    /// How many scalars lie between two checkpoints.
    static let checkpointStride = 64

    private let bytes: [UInt8]
    /// Bytes of a UTF-8 byte order mark at the start: libyaml never sees them, columns count them.
    let bomLength: Int
    /// The byte offset of every `checkpointStride`-th scalar; empty when the text is ASCII, where
    /// a scalar's index is its byte offset.
    private let checkpoints: [Int]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.bomLength = bomLength
        var checkpoints: [Int] = []
        if !bytes.allSatisfy({ $0 < 0x80 }) {
            checkpoints.reserveCapacity(bytes.count / Self.checkpointStride + 1)
            var scalars = 0
            // Continuation bytes (10xxxxxx) do not start a scalar.
            for offset in bomLength..<bytes.count where bytes[offset] & 0xC0 != 0x80 {
                if scalars % Self.checkpointStride == 0 { checkpoints.append(offset) }
                scalars += 1
            }
        }
        self.checkpoints = checkpoints
    }

    /// The byte offset of the scalar libyaml counts as `index`, clamped to the text.
    func byteOffset(ofScalar index: Int) -> Int {
        guard index > 0 else { return bomLength }
        guard !checkpoints.isEmpty else { return min(bomLength + index, bytes.count) }
        let checkpoint = index / Self.checkpointStride
        guard checkpoint < checkpoints.count else { return bytes.count }
        var offset = checkpoints[checkpoint]
        for _ in 0..<(index % Self.checkpointStride) {
            guard offset < bytes.count else { break }
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
        }
        return offset
    }

    /// The 1-based line and UTF-8 column of a libyaml mark.
    func position(_ mark: yaml_mark_t) -> (line: Int, column: Int) {
        let offset = byteOffset(ofScalar: mark.index)
        if offset == bytes.count, mark.line > 0, mark.column == 0, !endsWithLineBreak {
            // libyaml ends an unterminated last line with a line break of its own, so the end of the
            // stream would be on a line the file does not have: it is at the end of the last line.
            return position(ofByte: bytes.count - bomLength)
        }
        // The first line starts before the byte order mark.
        let lineStart = mark.line == 0 ? 0 : byteOffset(ofScalar: mark.index - mark.column)
        return (mark.line + 1, offset - lineStart + 1)
    }

    /// Whether the text ends with a line break (or is empty), as libyaml counts them.
    private var endsWithLineBreak: Bool {
        guard let last = bytes.last, bytes.count > bomLength else { return true }
        if last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { return true }
        if bytes.count >= 2, bytes[bytes.count - 2] == 0xC2, last == 0x85 { return true }  // NEL
        return bytes.count >= 3 && bytes[bytes.count - 3] == 0xE2 && bytes[bytes.count - 2] == 0x80 && (last == 0xA8 || last == 0xA9)  // LS, PS
    }

    /// The byte a libyaml mark points at, if there is one.
    func byte(at mark: yaml_mark_t) -> UInt8? {
        let offset = byteOffset(ofScalar: mark.index)
        return offset < bytes.count ? bytes[offset] : nil
    }

    /// The 1-based line and UTF-8 column of a byte offset into what libyaml read (it reports invalid
    /// UTF-8 that way),
    /// counting line breaks as libyaml does. Walks the text once; only errors need it.
    func position(ofByte target: Int) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0, offset = bomLength
        let end = min(max(bomLength + target, 0), bytes.count)
        while offset < end {
            let byte = bytes[offset]
            var breakLength = 0
            if byte == UInt8(ascii: "\n") {
                breakLength = 1
            } else if byte == UInt8(ascii: "\r") {
                breakLength = offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "\n") ? 2 : 1
            } else if byte == 0xC2, offset + 1 < bytes.count, bytes[offset + 1] == 0x85 {
                breakLength = 2  // NEL
            } else if byte == 0xE2, offset + 2 < bytes.count, bytes[offset + 1] == 0x80, bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9 {
                breakLength = 3  // LS, PS
            }
            guard breakLength > 0, offset + breakLength <= end else {
                offset += 1
                continue
            }
            offset += breakLength
            line += 1
            lineStart = offset
        }
        return (line, end - lineStart + 1)
    }
}
