import Foundation
import Testing

/// `Sources/ResgenCore/Naming/RuntimeSymbols.swift` is generated from ResgenRuntime's public
/// declarations; this test fails when the runtime changed and the table was not regenerated, and
/// `make tables` (`RESGEN_RECORD=1`) rewrites it.
@Suite struct RuntimeSymbolsTests {
    static let file = packageRoot.appendingPathComponent("Sources/ResgenCore/Naming/RuntimeSymbols.swift")

    @Test func tableMatchesTheRuntime() async throws {
        let generated = try await RuntimeSymbolsGenerator.generate()
        let committed = try? String(contentsOf: Self.file, encoding: .utf8)
        if ProcessInfo.processInfo.environment["RESGEN_RECORD"] == "1" {
            if committed != generated {
                try generated.write(to: Self.file, atomically: true, encoding: .utf8)
                Issue.record("recorded RuntimeSymbols.swift; review the diff, rebuild and rerun without RESGEN_RECORD")
            }
            return
        }
        #expect(
            committed == generated,
            "RuntimeSymbols.swift no longer matches ResgenRuntime; run `make tables` and review the diff")
    }
}
