import Foundation

/// A wire format resgen generates for: ``WireFormat/jsonapi`` (`application/vnd.api+json`) or
/// ``WireFormat/hal`` (`application/hal+json`).
///
/// The core names no format: each format's module declares its value (`WireFormat.hal` in the HAL
/// folder, `WireFormat.jsonapi` in the JSON:API one) with what the format plugs into the client: the
/// codec of an API, reading an entry document, reading and writing a union. Two values are equal when
/// their ``rawValue``s are.
public struct WireFormat: Hashable, Sendable, CustomStringConvertible {
    /// The format's name as schemas spell it (`"jsonapi"`, `"hal"`).
    public let rawValue: String
    /// What the format plugs into the client.
    package let plugIn: any WireFormatPlugIn

    /// A format named `rawValue`, with what it plugs into the client.
    package init(rawValue: String, plugIn: any WireFormatPlugIn) {
        self.rawValue = rawValue
        self.plugIn = plugIn
    }

    /// ``rawValue``.
    public var description: String { rawValue }

    public static func == (lhs: WireFormat, rhs: WireFormat) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

extension CodingUserInfoKey {
    /// Tells generated models (and ``ToOne``/``ToMany``) which wire format they are decoded from or
    /// encoded to; absent means their plain `Codable` form. Codecs set it on their decoder/encoder;
    /// set it on your own `JSONDecoder`/`JSONEncoder` (`userInfo`) to read or write a model in a wire
    /// format's form outside a ``Client``.
    public static let resgenWireFormat = CodingUserInfoKey(rawValue: "resgen.wireFormat")!
}

extension Decoder {
    /// The wire format being decoded, from ``CodingUserInfoKey/resgenWireFormat``; nil for plain JSON.
    @_spi(Generated) public var wireFormat: WireFormat? { userInfo[.resgenWireFormat] as? WireFormat }
}

extension Encoder {
    /// The wire format being encoded, from ``CodingUserInfoKey/resgenWireFormat``; nil for plain JSON.
    @_spi(Generated) public var wireFormat: WireFormat? { userInfo[.resgenWireFormat] as? WireFormat }
}
