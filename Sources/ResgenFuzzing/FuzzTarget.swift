import Foundation

/// One fuzz target: a name (the folder of its corpus under `Fuzz/Corpus/` and of its crashes under
/// `Fuzz/Crashes/`) and the harness that checks one input.
///
/// The same harness runs under libFuzzer (`resgen-fuzz` built with `-sanitize=fuzzer`, `make fuzz`), in
/// the replay command (`resgen-fuzz <target> <files>`) and in the replay tests (`ResgenFuzzTests`), so
/// a crash file committed under `Fuzz/Crashes/<target>/` is checked by `make test` from then on.
public struct FuzzTarget: Sendable {
    /// The target's name.
    public var name: String
    /// What it checks, for `resgen-fuzz --list`.
    public var summary: String
    /// Checks one input: throws a ``Finding`` when the input shows a defect.
    public var run: @Sendable (_ input: Data, _ options: FuzzOptions) throws(Finding) -> Void

    /// Every target, in the order `make fuzz` runs them.
    public static let all: [FuzzTarget] = [
        TapeDifferential.target,
        PipelineHarness.target,
        URITemplateHarness.target,
        URIReferenceHarness.target,
        LinkHeaderHarness.target,
        MediaTypeHeaderHarness.target,
        BodyEncodersHarness.target,
        RetryAfterHarness.target,
        InferenceHarness.target,
        OpenJSONHarness.target,
        HALTraversalHarness.target,
        OpenAPIImportHarness.target,
        OpenAPIScreenHarness.target,
        CacheHeadersHarness.target,
        CacheFileHarness.target,
        RangeHarness.target,
        ConfigHarness.target,
        ISODatesHarness.target,
        PartialDownloadHarness.target,
        StoreDocumentHarness.target,
        HALRecordsHarness.target,
    ]

    /// The target called `name`.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
