import Foundation
import HTTPTypes

@testable import ResgenRuntime

/// Target `tape`: the tape decoder against `JSONDecoder`, differentially.
///
/// Input: a first line naming a case and a date format (`hal.contact iso8601`), then the document. A
/// line that names no case still picks one (by its hash), so every mutation of an input is a valid input.
/// Each case decodes the document into one model (the generated `Schemas/contacts`, `Schemas/press` and
/// `Schemas/library` models, the unions of `Schemas/catalog` and `Schemas/media`, runtime types, plain structs) with the decoder its codec builds from the client's decoder
/// for that date format; the tape decoder's answer, when it gives one, must be the value `JSONDecoder`
/// gives (`==` and the same `JSONEncoder` bytes). When it declines, the client asks `JSONDecoder`, so
/// there is nothing to compare; a trap anywhere is a finding too.
enum TapeDifferential {
    static let target = FuzzTarget(
        name: "tape",
        summary: "the tape decoder differentially against JSONDecoder (generated models, runtime types, plain structs)"
    ) { input, _ throws(Finding) in
        if let message = check(input) { throw Finding(target: "tape", kind: "difference", message: message) }
    }

    /// One model and codec.
    struct Case: Sendable {
        var name: String
        /// Decodes the document both ways with `decoder`: a description of the difference, or `nil`.
        var compare: @Sendable (_ document: Data, _ clientDecoder: JSONDecoder) -> String?
    }

    /// Every case; the order is part of the input format (a header that names no case picks by index).
    static let cases: [Case] = [
        plain("plain.everything", Everything.self),
        plain("plain.probe", Probe.self),
        plain("plain.keys", KeyProbe.self),
        plain("plain.numbers", NumberProbe.self),
        plain("plain.json", JSONValue.self),
        plain("plain.contacts", [Contact].self),
        plain("plain.articles", [Article].self),
        hal("hal.contact", Contact.self),
        hal("hal.order", Order.self),
        hal("hal.website", Website.self),
        hal("hal.orderitem", OrderItem.self),
        hal("hal.contacts", HALCollectionDocument<Contact>.self) { $0.items == $1.items && $0.links == $1.links && $0.meta == $1.meta },
        hal("hal.orderitems", HALCollectionDocument<OrderItem>.self) { $0.items == $1.items && $0.links == $1.links && $0.meta == $1.meta },
        hal("hal.document", HALDocument.self),
        hal("hal.links", HALLinks.self),
        jsonAPI("jsonapi.article", Article?.self),
        jsonAPI("jsonapi.articles", [Article].self),
        jsonAPI("jsonapi.sparse", [Article.Sparse].self),
        jsonAPI("jsonapi.people", [Person].self),
        jsonAPI("jsonapi.comment", Comment?.self),
        jsonAPI("jsonapi.tags", [Tag].self),
        jsonAPI("jsonapi.value", JSONValue.self),
        // Sparse fieldsets for included types: restricted types decode into their `Sparse` twins.
        jsonAPI("jsonapi.sparse.included", [Article.Sparse].self,
                fieldsets: [Article.fieldset(.title, .author), Person.fieldset(.name)]),
        jsonAPI("jsonapi.articles.sparse.people", [Article].self, fieldsets: [Person.fieldset(.name, .twitter)]),
        // The Library API (Schemas/library): a date-only attribute read by the runtime's own date
        // format, a write-only attribute, optional to-ones that may be not sent or null.
        jsonAPI("jsonapi.books", [Book].self, api: Library.self),
        jsonAPI("jsonapi.book", Book?.self, api: Library.self),
        jsonAPI("jsonapi.authors", [Author].self, api: Library.self),
        plain("plain.books", [Book].self),
        // What a to-many relation's single link points to: a collection, one member, or neither.
        hal("hal.orders.members", HALToManyTarget<Order>.self) { $0.items == $1.items },
        // An untyped collection (client.collection(at:), a bracketed include): HALCollectionReader's rule.
        hal("hal.documents", HALDocumentCollection.self) { $0.items == $1.items && $0.links == $1.links && $0.meta == $1.meta },
    ] + unionCases

    /// Splits `input` into its header and document and runs the case: a description of a difference, or `nil`.
    static func check(_ input: Data) -> String? {
        let bytes = [UInt8](input)
        let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
        let document = Data(bytes[min(newline + 1, bytes.count)...])
        let testCase = pick(header.first, from: cases, name: \.name)
        let format = pick(header.dropFirst().first, from: DateFormat.allCases, name: \.rawValue)
        guard let difference = testCase.compare(document, clientDecoder(format)) else { return nil }
        return "\(testCase.name) \(format.rawValue): \(difference)"
    }

    /// The element called `name`, else one picked by the name's hash.
    static func pick<T>(_ name: String?, from elements: [T], name key: (T) -> String) -> T {
        let name = name ?? ""
        if let match = elements.first(where: { key($0) == name }) { return match }
        return elements[Int(ContentHash.fnv1a(Data(name.utf8)) % UInt64(elements.count))]
    }

    /// The decoder a `Client` configured with `format` decodes responses with.
    static func clientDecoder(_ format: DateFormat) -> JSONDecoder {
        Client(baseURL: baseURL, transport: NoTransport(), configuration: .init(dateFormat: format)).decoder
    }

    static let baseURL = URL(string: "https://api.example.com/v1/")!

    /// A plain-JSON case: the client's decoder as it is (``PlainJSONCodec``), an array of resources built
    /// as its `decodeCollection` builds one.
    static func plain<T: Decodable & Equatable & Sendable>(_ name: String, _ type: T.Type) -> Case {
        Case(name: name) { document, decoder in differ(T.self, document, decoder, countedArray: T.self as? any TapeCountedArray.Type, equal: ==) }
    }

    /// A HAL case: the decoder ``HALCodec`` builds for a response from `…/contacts/1`.
    static func hal<T: Decodable & Equatable & Sendable>(_ name: String, _ type: T.Type) -> Case {
        hal(name, T.self, equal: ==)
    }

    static func hal<T: Decodable & Sendable>(_ name: String, _ type: T.Type, equal: @escaping @Sendable (T, T) -> Bool) -> Case {
        Case(name: name) { document, decoder in differ(T.self, document, halDecoder(decoder), equal: equal) }
    }

    /// The decoder ``HALCodec`` builds from the client's `decoder` for a response from `…/contacts/1`.
    static func halDecoder(_ decoder: JSONDecoder) -> JSONDecoder {
        let context = ResponseContext(
            decoder: decoder, url: URL(string: "contacts/1", relativeTo: baseURL)!.absoluteURL, response: HTTPResponse(status: .ok))
        return HALCodec.decoder(context)
    }

    /// A JSON:API case: the decoder ``JSONAPICodec`` builds for `api` (the Press API unless named),
    /// decoding the wire document, with `fieldsets` restricting the types whose resources decode into
    /// their `Sparse` twins.
    static func jsonAPI<Primary: Decodable & Equatable & Sendable>(
        _ name: String, _ type: Primary.Type, api: any APIDefinition.Type = Press.self, fieldsets: Fieldsets = []
    ) -> Case {
        let codec = JSONAPICodec(resourceTypes: api.resourceTypes)
        return Case(name: name) { document, decoder in
            // A collection's array is built as `JSONAPICodec` builds it, with its count known up front.
            differ(
                WireDocument<Primary>.self, document, codec.jsonAPIDecoder(from: decoder, fieldsets: fieldsets),
                countedArray: Primary.self as? any TapeCountedArray.Type, equal: same)
        }
    }

    /// Whether two wire documents hold the same primary data, included resources (in order), meta and links.
    static func same<Primary: Equatable>(_ tape: WireDocument<Primary>, _ reference: WireDocument<Primary>) -> Bool {
        tape.data == reference.data && tape.meta == reference.meta && tape.links == reference.links
            && tape.jsonapi == reference.jsonapi
            && tape.included.all.map { AnyHashable($0) } == reference.included.all.map { AnyHashable($0) }
    }

    /// Decodes `document` as `T` with the tape decoder and with `decoder`: when the tape answers,
    /// `JSONDecoder` must succeed with an equal value that also encodes to the same bytes.
    /// `countedArray`: the array the tape decoder builds with its count known up front (``TapeCountedArray``),
    /// as the codecs name their collections.
    static func differ<T: Decodable>(
        _ type: T.Type, _ document: Data, _ decoder: JSONDecoder, countedArray: (any TapeCountedArray.Type)? = nil, equal: (T, T) -> Bool
    ) -> String? {
        guard let tape = TapeDecoder.decode(T.self, from: document, like: decoder, userInfo: decoder.userInfo, countedArray: countedArray) else {
            return nil
        }
        let reference: T
        do {
            reference = try decoder.decode(T.self, from: document)
        } catch {
            return "the tape decoded \(describe(tape)) where JSONDecoder threw \(error)"
        }
        guard equal(tape, reference) else {
            return "the tape decoded \(describe(tape)), JSONDecoder \(describe(reference))"
        }
        let (tapeBytes, referenceBytes) = (encoded(tape), encoded(reference))
        guard tapeBytes == referenceBytes else {
            return "the values are equal but encode differently: tape \(tapeBytes ?? "-"), JSONDecoder \(referenceBytes ?? "-")"
        }
        return nil
    }

    /// The value's `JSONEncoder` output with sorted keys, when it is `Encodable` (an error's description otherwise).
    static func encoded<T>(_ value: T) -> String? {
        guard let value = value as? any Encodable else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            return "\(error)"
        }
    }

    /// A bounded description of a value for findings.
    static func describe<T>(_ value: T) -> String {
        let text = String(reflecting: value)
        return text.count > 2_000 ? String(text.prefix(2_000)) + "…" : text
    }
}

/// A transport that is never used: the harness only borrows the client's decoder.
struct NoTransport: Transport {
    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        throw CancellationError()
    }
}
