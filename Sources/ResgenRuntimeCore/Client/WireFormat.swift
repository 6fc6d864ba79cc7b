import Foundation

/// A wire format resgen generates for: ``WireFormat/jsonapi`` (`application/vnd.api+json`) or
/// ``WireFormat/hal`` (`application/hal+json`).
///
/// The core names no format: each format's module declares its value (`WireFormat.hal` in the HAL
/// folder, `WireFormat.jsonapi` in the JSON:API one) with what the format plugs into the client: the
/// codec of an API, reading an entry document, reading and writing a union. Two values are equal when
/// their ``rawValue``s are.
public struct WireFormat: Hashable, Sendable, CustomStringConvertible {
    /// The name and the plug-in, behind one reference: every generated model's `init(from:)` and
    /// `encode(to:)` reads its coder's format (`Decoder.wireFormat`), and a value holding a `String`
    /// and an existential was copied and destroyed field by field, through run-time metadata for the
    /// `Optional` (~400 instructions a model); one reference costs a retain and a release.
    private final class Storage: Sendable {
        let rawValue: String
        let plugIn: any WireFormatPlugIn

        init(rawValue: String, plugIn: any WireFormatPlugIn) {
            self.rawValue = rawValue
            self.plugIn = plugIn
        }
    }

    private let storage: Storage

    /// The format's name as schemas spell it (`"jsonapi"`, `"hal"`).
    public var rawValue: String { storage.rawValue }
    /// What the format plugs into the client.
    package var plugIn: any WireFormatPlugIn { storage.plugIn }

    /// A format named `rawValue`, with what it plugs into the client.
    package init(rawValue: String, plugIn: any WireFormatPlugIn) {
        storage = Storage(rawValue: rawValue, plugIn: plugIn)
    }

    /// ``rawValue``.
    public var description: String { rawValue }

    public static func == (lhs: WireFormat, rhs: WireFormat) -> Bool { lhs.storage === rhs.storage || lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

extension Decoder {
    /// The wire format being decoded, from ``CodingUserInfoKey/resgenWireFormat``; nil for plain JSON.
    ///
    /// The tape decoder looked it up once for its document: every generated model's `init(from:)` asks,
    /// and a user-info lookup and cast cost ~1,100 instructions each time.
    @_spi(Generated) public var wireFormat: WireFormat? {
        if let tape = asTapeDecoder { return tape.document.wireFormatEntry as? WireFormat }
        return userInfo[.resgenWireFormat] as? WireFormat
    }
}

extension Encoder {
    /// The wire format being encoded, from ``CodingUserInfoKey/resgenWireFormat``; nil for plain JSON.
    @_spi(Generated) public var wireFormat: WireFormat? { userInfo[.resgenWireFormat] as? WireFormat }
}
