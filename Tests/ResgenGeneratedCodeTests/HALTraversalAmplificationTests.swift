import Foundation
import Testing

@testable import ResgenRuntime

/// Issue 23, item 2: a traversal's work follows what the servers sent, not how often they repeat a link.
/// Many links to one URL cost one request, one decode and one resolution per include node; the limits
/// (links per relation, resources resolved) fail the call with a typed error whatever the failure policy.
@Suite struct HALTraversalAmplificationTests {
    static let policies: [HALTraversalOptions.FailurePolicy] = [.fail, .leaveUnresolved]

    /// `/contacts/0` whose `contacts` are `count` links to `target`; `/contacts/1` links to nothing.
    static func fan(_ count: Int, to target: String) -> CountingDocuments {
        CountingDocuments([
            "/contacts/0": CountingDocuments.contact(0, links: Array(repeating: target, count: count)),
            "/contacts/1": CountingDocuments.contact(1, links: []),
        ])
    }

    @Test func manyLinksToOneURLAreFetchedAndDecodedOnce() async throws {
        let transport = Self.fan(2_000, to: "/contacts/1")
        let options = HALTraversalOptions(resourceBudget: 2_000, maximumLinksPerRelation: 2_000)
        let traversal = try await transport.client().traverse(Contact.show(0), including: [IncludePath(.toMany("contacts"))], options: options)
        #expect(traversal.value.contacts.resolved?.count == 2_000 && traversal.value.contacts.resolved?.allSatisfy { $0.id == 1 } == true)
        #expect(transport.requests == ["/contacts/0", "/contacts/1"] && traversal.requestCount == 2)
        #expect(traversal.decodeCount == 2, "one decode per URL, not one per link")
        #expect(traversal.resourceCount == 2_000)
    }

    /// A document that links to itself 300 times, included two levels deep: 90,000 related values, of
    /// which only 600 are distinct resolutions (300 at each level), all sharing one decode.
    @Test func aSelfLinkIncludedTwiceIsResolvedOncePerLevelTypedAndUntyped() async throws {
        let transport = Self.fan(300, to: "/contacts/0")
        let options = HALTraversalOptions(resourceBudget: 600)
        let typed = try await transport.client().traverse(
            Contact.show(0), including: [IncludePath(.toMany("contacts"), .toMany("contacts"))], options: options)
        #expect(typed.value.contacts.resolved?.count == 300 && typed.value.contacts.resolved?.last?.contacts.resolved?.count == 300)
        #expect(typed.requestCount == 1 && typed.decodeCount == 1 && typed.resourceCount == 600)

        let untyped = try await transport.client().traverseDocument(at: URL(string: "/contacts/0")!, includes: ["[contacts].[contacts]"], options: options)
        #expect(untyped.value.embedded("contacts")?.count == 300 && untyped.value.embedded("contacts")?.first?.embedded("contacts")?.count == 300)
        #expect(untyped.requestCount == 1 && untyped.decodeCount == 1 && untyped.resourceCount == 600)
        #expect(transport.requests == ["/contacts/0", "/contacts/0"], "one request per traversal")
    }

    @Test(arguments: policies) func tooManyLinksInOneRelationFailTheCallBeforeAnyIsFollowed(policy: HALTraversalOptions.FailurePolicy) async throws {
        let transport = Self.fan(1_001, to: "/contacts/1")
        let client = transport.client()
        let expected = HALTraversalError.tooManyLinks(path: "[contacts]", count: 1_001, limit: 1_000)
        await #expect(throws: expected) {
            try await client.traverse(Contact.show(0), including: [IncludePath(.toMany("contacts"))], options: HALTraversalOptions(failurePolicy: policy))
        }
        await #expect(throws: expected) {
            try await client.traverseDocument(at: URL(string: "/contacts/0")!, includes: ["[contacts]"], options: HALTraversalOptions(failurePolicy: policy))
        }
        #expect(transport.requests == ["/contacts/0", "/contacts/0"])
        #expect(expected.description == "include '[contacts]': the relation has 1001 links, more than the 1000 followed per relation (raise HALTraversalOptions.maximumLinksPerRelation)")
    }

    @Test(arguments: policies) func theResourceBudgetCountsRepeatedLinks(policy: HALTraversalOptions.FailurePolicy) async throws {
        let transport = Self.fan(100, to: "/contacts/1")
        let client = transport.client()
        let options = HALTraversalOptions(failurePolicy: policy, resourceBudget: 99)
        let expected = HALTraversalError.resourceBudgetExceeded(budget: 99, path: "[contacts]")
        await #expect(throws: expected) { try await client.traverse(Contact.show(0), including: [IncludePath(.toMany("contacts"))], options: options) }
        await #expect(throws: expected) { try await client.traverseDocument(at: URL(string: "/contacts/0")!, includes: ["[contacts]"], options: options) }
        #expect(transport.requests == ["/contacts/0", "/contacts/0"], "refused before the related resources are fetched")
        #expect(expected.description.hasSuffix("the traversal's resource budget of 99 related resources is spent (each link followed counts, repeats included; raise HALTraversalOptions.resourceBudget)"))
        // Exactly the budget is enough.
        let fits = try await client.traverse(Contact.show(0), including: [IncludePath(.toMany("contacts"))], options: HALTraversalOptions(resourceBudget: 100))
        #expect(fits.resourceCount == 100 && fits.requestCount == 2)
    }

    /// Left unresolved, a target that fails is reported once per include path, not once per link to it.
    @Test func aFailedTargetSharedByManyLinksIsReportedOnce() async throws {
        let transport = Self.fan(50, to: "/contacts/404")
        let traversal = try await transport.client().traverse(
            Contact.show(0), including: [IncludePath(.toMany("contacts"))], options: HALTraversalOptions(failurePolicy: .leaveUnresolved))
        #expect(traversal.value.contacts.resolved == nil)
        #expect(traversal.failures.map(\.path) == ["[contacts]"] && transport.requests == ["/contacts/0", "/contacts/404"])
    }
}
