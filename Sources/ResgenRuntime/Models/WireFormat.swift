import Foundation

/// The wire formats resgen generates for.
public enum WireFormat: String, Hashable, Sendable, CaseIterable {
    /// JSON:API (`application/vnd.api+json`).
    case jsonapi
    /// HAL (`application/hal+json`).
    case hal
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
