import Foundation
@testable import ResgenCore
import Testing

/// The contract between generated code and the runtime (issue 26), checked both ways against the
/// runtime modules' symbol graphs (SPI included), before any golden is compiled:
/// - every runtime type or member that the templates and the Translator write (as the probe's and the
///   committed generated sources show) is declared by a runtime module (or by Swift, Foundation or
///   the generated code itself): a rename in the runtime that the generator did not follow fails here;
/// - every `@_spi(Generated)` declaration is used by generated code;
/// - `Sources/ResgenCore/Naming/RuntimeContract.swift` lists exactly that contract, so a change to it
///   shows in review (and asks whether `ResgenRuntimeAPI` needs a bump). `make tables` (`RESGEN_RECORD=1`) rewrites it.
@Suite struct RuntimeContractTests {
    static let file = packageRoot.appendingPathComponent("Sources/ResgenCore/Naming/RuntimeContract.swift")

    /// One extraction and scan for the suite's tests.
    static let result = Task { try await RuntimeContractGenerator.check() }

    @Test func everyNameGeneratedCodeUsesIsDeclared() async throws {
        let result = try await Self.result.value
        let unresolved = result.unresolved.sorted { $0.key < $1.key }.map { "\($0.key) (in \($0.value))" }
        #expect(
            unresolved.isEmpty,
            "generated code names what no runtime module (\(RuntimeContractGenerator.runtimeModules.joined(separator: ", "))), Swift, Foundation or the generated code declares: \(unresolved.joined(separator: ", "))")
    }

    @Test func everyContractNameIsInTheRuntime() async throws {
        let result = try await Self.result.value
        // The committed contract's names: one the runtime no longer declares was renamed or removed,
        // and re-recording the contract does not make that go away while generated code still uses it.
        let missing = (RuntimeContract.types.union(RuntimeContract.members)).filter { !result.runtimeDeclares($0) }.sorted()
        #expect(missing.isEmpty, "RuntimeContract.swift names what the runtime modules (\(RuntimeContract.modules.joined(separator: ", "))) do not declare: \(missing.joined(separator: ", "))")
    }

    @Test func everyGeneratedSPIDeclarationIsUsed() async throws {
        let result = try await Self.result.value
        let unused = result.spi.filter { !$0.value }.keys.sorted()
        #expect(unused.isEmpty, "@_spi(Generated) declarations that generated code does not use (make them internal, @usableFromInline, or public): \(unused.joined(separator: ", "))")
    }

    @Test func committedContractMatches() async throws {
        let generated = RuntimeContractGenerator.render(try await Self.result.value)
        let committed = try? String(contentsOf: Self.file, encoding: .utf8)
        if ProcessInfo.processInfo.environment["RESGEN_RECORD"] == "1" {
            if committed != generated {
                try generated.write(to: Self.file, atomically: true, encoding: .utf8)
                Issue.record("recorded RuntimeContract.swift; review the diff (does ResgenRuntimeAPI need a bump?), rebuild and rerun without RESGEN_RECORD")
            }
            return
        }
        #expect(
            committed == generated,
            "RuntimeContract.swift no longer matches generated code and the runtime; run `make tables` and review the diff")
    }
}
