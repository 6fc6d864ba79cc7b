extension Decoder {
    /// This decoder as the tape decoder, when it is one.
    ///
    /// Why not `decoder as? TapeDecoder`: on an `any Decoder` that is a dynamic cast through the runtime
    /// (about 260 instructions), and HAL decoding asks once per resource's `_links` — 1% of decoding a
    /// HAL document, measured with callgrind on `HALBench`. Called on an existential, this extension opens
    /// it, so the question is one comparison of type metadata. A subclass could not answer yes, and there
    /// is none: ``TapeDecoder`` is final.
    @inline(__always)
    package var asTapeDecoder: TapeDecoder? {
        // `_identityCast`: the standard library's reinterpretation of a value whose type was just compared.
        Self.self == TapeDecoder.self ? _identityCast(self, to: TapeDecoder.self) : nil
    }
}
