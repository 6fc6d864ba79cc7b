import Foundation

extension CodingUserInfoKey {
    /// Tells generated models (and ``ToOne``/``ToMany``) which wire format they are decoded from or
    /// encoded to (a ``WireFormat``); absent means their plain `Codable` form. Codecs set it on their
    /// decoder/encoder; set it on your own `JSONDecoder`/`JSONEncoder` (`userInfo`) to read or write a model
    /// in a wire format's form outside a ``Client``. In this folder because the tape decoder looks it up once
    /// per document (`Decoder.wireFormat`).
    public static let resgenWireFormat = CodingUserInfoKey(rawValue: "resgen.wireFormat")!
}
