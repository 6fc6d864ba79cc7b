import Foundation

/// An error body in none of the standard error formats, read by the shapes web frameworks write: the
/// messages it holds, each with the field it is about when the body says.
///
/// Many servers answer errors in their framework's own JSON, even on an API whose format has an error
/// document of its own (a JSON:API server's validation layer, a proxy in front of it). Without this
/// reading such a body was either no document (its text only in ``ClientError/bodyExcerpt``) or, when it
/// had an `errors` array, misread as JSON:API error objects with every member missing, summarised as
/// "error". The shapes read, in this order:
///
/// - a headline: `title`, `error` (a string), `error_description` (OAuth 2), `message`, and `detail` (a
///   string: FastAPI's and Django REST framework's `{"detail": "Not found."}`), as one line, each text once;
///   `error` as an object (`{"error": {"message": …, "errors": […]}}`) is read by these same rules;
/// - items: `detail` as an array (FastAPI's and django-ninja's validation errors, each `{"loc": [...],
///   "msg": …}`) and `errors` as an array, of strings or of objects. An object's text is its `message`,
///   `error`, `detail`, `msg` or `title` (else its `code`), its field its `loc` (joined with `.`: `body.name`),
///   `field`, `attr`, `path`, `param` or `source.pointer`, else the body's own `attr` or `field`;
/// - a field map, when there is neither: Django REST framework's `{"name": ["This field is required."]}`,
///   nested serializers' objects (`address.city`) and lists (`items.1.name`), `non_field_errors` without a
///   field; `errors` or `detail` written as such an object (Rails, Laravel) too. Only arrays of strings are
///   messages here, so a body that is some other JSON is no document.
///
/// Reading is linear in the size of the body (one ``JSONValue``, nested at most
/// ``JSONValue/maximumDepth`` levels, each value visited once) and keeps at most ``maximumMessages``
/// messages, each field name at most ``maximumFieldLength`` characters: the text a hostile body can put
/// into an error's description is bounded by what it sent.
public struct GenericErrorDocument: Hashable, Sendable, Decodable {
    /// One message of the body.
    public struct Message: Hashable, Sendable {
        /// The text, as the server wrote it.
        public var text: String
        /// What the message is about, when the body says: a field (`name`), a location joined with `.`
        /// (`body.items.0.name`), or a JSON Pointer.
        public var field: String?

        /// Creates a message.
        public init(_ text: String, field: String? = nil) {
            self.text = text
            self.field = field
        }

        /// `field: text`, or the text alone.
        public var summary: String { field.map { "\($0): \(text)" } ?? text }
    }

    /// The messages, in the order the rules above find them; never empty.
    public var messages: [Message]

    /// The most messages kept from one body: 100. A body with more (a batch import's errors) shows the
    /// first ones; the rest stay in the ``ClientError/bodyExcerpt`` as far as it reaches.
    public static let maximumMessages = 100

    /// The longest field kept, in characters: 256; a longer one is cut and ends in `…`.
    public static let maximumFieldLength = 256

    /// Creates a document.
    public init(messages: [Message]) {
        self.messages = messages
    }

    /// One line per message.
    public var summaries: [String] { messages.map(\.summary) }

    /// Reads the body as one ``JSONValue`` (linear in its size) and then by the rules above.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the body holds no message by those rules.
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(JSONValue.self)
        guard let document = Self(value) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "no error message in a shape resgen knows"))
        }
        self = document
    }

    /// The messages of `value`, or nil when it has none.
    package init?(_ value: JSONValue) {
        var reading = Reading()
        reading.read(value, defaultField: nil)
        guard !reading.messages.isEmpty else { return nil }
        messages = reading.messages
    }

    /// The messages found so far, bounded by ``maximumMessages``.
    private struct Reading {
        var messages: [Message] = []
        var isFull: Bool { messages.count >= GenericErrorDocument.maximumMessages }

        mutating func add(_ text: String, field: String?) {
            guard !isFull, !text.isEmpty else { return }
            messages.append(Message(text, field: field))
        }

        /// The top of a body (or an `error` object inside one).
        mutating func read(_ value: JSONValue, defaultField: String?) {
            switch value {
            case .string(let text): add(text, field: defaultField)
            case .array(let items): readItems(items, defaultField: defaultField)
            case .object(let object): readObject(object, defaultField: defaultField)
            case .null, .bool, .number: break
            }
        }

        mutating func readObject(_ object: [String: JSONValue], defaultField: String?) {
            let named = object["attr"]?.stringValue ?? object["field"]?.stringValue
            let field = named.map(GenericErrorDocument.bounded) ?? defaultField
            var headline: [String] = []
            for key in ["title", "error", "error_description", "message", "detail"] {
                if let text = object[key]?.stringValue, !text.isEmpty, !headline.contains(text) { headline.append(text) }
            }
            if !headline.isEmpty { add(headline.joined(separator: ": "), field: nil) }
            var found = !headline.isEmpty
            if case .object(let inner)? = object["error"] {
                found = true
                readObject(inner, defaultField: field)
            }
            for key in ["detail", "errors"] {
                switch object[key] {
                case .array(let items)?:
                    found = true
                    readItems(items, defaultField: field)
                case .object(let fields)?:
                    found = true
                    readFields(fields, prefix: nil)
                default: break
                }
            }
            if !found { readFields(object, prefix: nil) }
        }

        /// The items of an `errors` or `detail` array: strings, or objects with a text and a field.
        mutating func readItems(_ items: [JSONValue], defaultField: String?) {
            for item in items {
                guard !isFull else { return }
                switch item {
                case .string(let text): add(text, field: defaultField)
                case .object(let object):
                    let keys = ["message", "error", "detail", "msg", "title", "code"]
                    let text = keys.lazy.compactMap { object[$0]?.stringValue }.first
                    guard let text else { continue }
                    add(text, field: Self.field(of: object).map(GenericErrorDocument.bounded) ?? defaultField)
                default: continue
                }
            }
        }

        /// Django REST framework's field map: arrays of strings under field names, nested objects and lists.
        mutating func readFields(_ object: [String: JSONValue], prefix: String?) {
            // Sorted: a JSON object's members have no order resgen can keep (and the output must not
            // change from run to run); the messages about no field come first.
            let rank = { (key: String) in (key == "non_field_errors" ? 0 : 1, key) }
            for key in object.keys.sorted(by: { rank($0) < rank($1) }) {
                guard !isFull, let value = object[key] else { return }
                let field = key == "non_field_errors" ? prefix : Self.join(prefix, key)
                readField(value, field: field)
            }
        }

        mutating func readField(_ value: JSONValue, field: String?) {
            switch value {
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    guard !isFull else { return }
                    switch element {
                    case .string(let text): add(text, field: field)
                    case .object(let nested): readFields(nested, prefix: Self.join(field, String(index)))
                    default: continue
                    }
                }
            case .object(let nested): readFields(nested, prefix: field)
            default: break
            }
        }

        /// `prefix.key`, bounded as it grows (a deep body must not make long fields for every message).
        static func join(_ prefix: String?, _ key: String) -> String {
            guard let prefix else { return GenericErrorDocument.bounded(key) }
            return GenericErrorDocument.bounded(prefix + "." + key)
        }

        /// The field an error object names: `loc`, `field`, `attr`, `path`, `param`, `source.pointer`.
        static func field(of object: [String: JSONValue]) -> String? {
            for key in ["loc", "field", "attr", "path", "param"] {
                switch object[key] {
                case .string(let text)?: return text
                case .array(let parts)?:
                    let names = parts.compactMap { part -> String? in
                        switch part {
                        case .string(let name): name
                        case .number(let number):
                            number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
                        default: nil
                        }
                    }
                    if !names.isEmpty { return names.joined(separator: ".") }
                default: continue
                }
            }
            return object["source"]?["pointer"]?.stringValue
        }
    }

    /// `field`, cut to ``maximumFieldLength`` characters. Every field is bounded once, where it is read or
    /// joined, so no message's field costs more than that to make.
    static func bounded(_ field: String) -> String {
        guard field.utf8.count > maximumFieldLength, field.prefix(maximumFieldLength).endIndex != field.endIndex else {
            return field
        }
        return String(field.prefix(maximumFieldLength - 1)) + "…"
    }
}
