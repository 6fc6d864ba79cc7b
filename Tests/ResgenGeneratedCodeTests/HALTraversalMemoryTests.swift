import Foundation
import Testing

@testable import ResgenRuntime

/// Issue 23, item 3: a traversal keeps only what it still needs — a body is dropped once decoded — and
/// takes at most its byte budget, failing with a typed error whatever the failure policy.
@Suite struct HALTraversalMemoryTests {
    /// `/contacts/0` → `/contacts/1` → … → `/contacts/<length>`, each document padded to about `padding` bytes.
    static func chain(_ length: Int, padding: Int) -> CountingDocuments {
        var documents: [String: String] = [:]
        for id in 0...length { documents["/contacts/\(id)"] = CountingDocuments.contact(id, links: id < length ? ["/contacts/\(id + 1)"] : [], padding: padding) }
        return CountingDocuments(documents)
    }

    /// Along a chain, each request is made after the previous document was decoded: no body of it may
    /// still be alive then (before the fix, the seventh request found six bodies kept).
    @Test func aDecodedBodyIsNotKept() async throws {
        let transport = Self.chain(7, padding: 100_000)
        let path = IncludePath(steps: Array(repeating: .toMany("contacts"), count: 7))
        let traversal = try await transport.client().traverse(Contact.show(0), including: [path])
        #expect(traversal.requestCount == 8 && transport.requests.count == 8)
        #expect(transport.liveBytesAtSend == Array(repeating: 0, count: 8), "bytes of earlier bodies alive at each request")
        #expect(traversal.byteCount == transport.deliveredBytes && traversal.byteCount > 800_000)

        let untyped = try await transport.client().traverseDocument(
            at: URL(string: "/contacts/0")!, includes: [Array(repeating: "[contacts]", count: 7).joined(separator: ".")])
        #expect(untyped.requestCount == 8)
        #expect(transport.liveBytesAtSend.dropFirst(8).allSatisfy { $0 == 0 }, "\(transport.liveBytesAtSend)")
    }

    /// Twenty links to 50 KB documents with a 300 KB budget: each request may read only what is left, and
    /// the call fails once the bodies pass the budget.
    @Test(arguments: [HALTraversalOptions.FailurePolicy.fail, .leaveUnresolved])
    func theByteBudgetBoundsWhatATraversalTakes(policy: HALTraversalOptions.FailurePolicy) async throws {
        var documents = ["/contacts/0": CountingDocuments.contact(0, links: (1...20).map { "/contacts/\($0)" })]
        for id in 1...20 { documents["/contacts/\(id)"] = CountingDocuments.contact(id, links: [], padding: 50_000) }
        let transport = CountingDocuments(documents)
        let options = HALTraversalOptions(maximumConcurrency: 1, failurePolicy: policy, byteBudget: 300_000)
        await #expect(throws: HALTraversalError.byteBudgetExceeded(budget: 300_000, path: "[contacts]")) {
            try await transport.client().traverse(Contact.show(0), including: [IncludePath(.toMany("contacts"))], options: options)
        }
        #expect(transport.deliveredBytes <= 300_000 && transport.requests.count <= 8)
        // Each request reads only what is left after every body before it (counted before the next starts).
        let left = transport.sizes.indices.map { 300_000 - transport.sizes[..<$0].reduce(0, +) }
        #expect(transport.limits == left, "limits \(transport.limits), bodies \(transport.sizes)")

        // The call's own resource counts too.
        let small = HALTraversalOptions(byteBudget: 1_000)
        let error = HALTraversalError.byteBudgetExceeded(budget: 1_000, path: "")
        await #expect(throws: error) { try await transport.client().traverse(Contact.show(1), including: [], options: small) }
        #expect(error.description == "the traversal's resource: the traversal's byte budget of 1000 response bytes is spent (raise HALTraversalOptions.byteBudget)")
    }
}
