@_spi(Generated) import ResgenRuntime
@testable import ResgenCore
import Testing

/// The generator cannot import the runtime, so it keeps the runtime API version it generates for in
/// its own constant: this fails when that constant and `ResgenRuntimeAPI.version` drift apart.
@Suite struct RuntimeAPIVersionTests {
    @Test func generatorWritesTheRuntimesVersion() {
        #expect(
            RuntimeAPIVersion.current == ResgenRuntimeAPI.version,
            "bump both together; see ResgenRuntimeAPI's doc comment")
    }

    @Test func protocolNameCarriesVersionAndHint() {
        #expect(
            RuntimeAPIVersion.protocolName(7) == "ResgenRuntimeAPIVersion7_IfMissingUpdateResgenRuntimeOrRegenerate")
    }
}
