extension Client {
    /// `reference` (a path, a relative or absolute URL as text) as an error's detail may quote it: its
    /// userinfo, fragment and the values of ``Configuration/sensitiveQueryParameterNames`` redacted.
    ///
    /// ``ClientError/description`` redacts every absolute URL in a detail itself; a relative reference it
    /// cannot tell from other text, so the error's maker redacts it.
    package func redacted(_ reference: String) -> String {
        URLRedaction.reference(reference, redacting: configuration.sensitiveQueryParameterNames)
    }
}
