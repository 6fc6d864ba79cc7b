import Foundation
import ResgenCore
import ResgenDrafting
import Testing

/// Keeps the draft of App Store Connect's OpenAPI document honest (issue 47): its counts, read from
/// `../shared/peer-suites/app-store-connect/app_store_connect_api.json` next to the package root (not
/// copied into the project; see that folder's SOURCE). A count that moves fails here: when it moves for
/// the better, update it and say how in the commit.
///
/// Typed list parameters (issue 47 item 1, drafted by import-openapi since): before, 120 filter names and 15
/// sorts were comments and no `limit` was said; now 283 list parameters in 51 resources' `list:`, no comment.
///
/// Include sets per path (issue 47, round two): 76 paths say which sets they accept (`acceptsIncludes`).
///
/// Before issue 47 the draft had 208 resources, 460 relationships with a target and 117 warnings (50 of
/// them relationship objects carrying only `links`, 40 relationship endpoints "under no resource's
/// instance").
@Suite("App Store Connect draft")
struct AppStoreConnectDraftTests {
    static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ResgenReferenceTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/peer-suites/app-store-connect/app_store_connect_api.json")

    /// Whether to run: when the document is there, and always on CI (where a missing one must fail).
    static let isAvailable: Bool = {
        if FileManager.default.fileExists(atPath: document.path) { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        print("note: \(document.standardized.path) is missing; skipping the App Store Connect draft test")
        return false
    }()

    @Test("Counts, targets from related paths and linkage endpoints, include sets", .enabled(if: isAvailable))
    func draft() throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.document.path), "\(Self.document.path) is missing")
        let result = try OpenAPIImport.draft(
            name: "AppStoreConnect", document: Array(bytes), source: "app_store_connect_api.json")
        let summary = result.summary
        #expect(summary.format == "JSON:API")
        #expect(summary.resources == 208)
        #expect(summary.relationships == 509, "relationships with a target")
        #expect(summary.listParameters == 283, "typed list parameters: 124 filters, 49 sort keys, 51 limits, 59 include limits")
        #expect(summary.requests == 113)
        #expect(summary.parameters == 598, "typed request parameters")
        #expect(summary.warnings == 32)
        #expect(result.warnings.count == summary.warnings)
        #expect(result.repairs.isEmpty, "the validator refused lines the importer wrote: \(result.repairs)")

        let text = result.text
        // Relationship objects with only `links`: the related resources' path names the target…
        #expect(text.contains("      customerReviews: { toMany: CustomerReview }  # target from its related resources at /v1/appStoreVersions/{id}/customerReviews"))
        #expect(text.contains("      appPriceSchedule: { toOne: AppPriceSchedule }  # target from its related resources at /v1/apps/{id}/appPriceSchedule"))
        // …else the relationship endpoint's linkage (`AppBetaTestersLinkagesRequest`: App has no related path).
        #expect(text.contains("      betaTesters: { toMany: BetaTester }  # target from the linkage of /v1/apps/{id}/relationships/betaTesters"))
        // A relationship endpoint of a declared relationship is no comment any more.
        #expect(!text.contains("relationship endpoint /v1/apps/{id}/relationships/builds "))
        // A resource type without fields (`type`, `id` and `links`) is a resource, placed where it is listed.
        #expect(text.contains("  AppKeyword:\n    type: appKeywords\n"))
        #expect(text.contains("      searchKeywords: { toMany: AppKeyword }  # target from its related resources at /v1/apps/{id}/searchKeywords"))
        // A type only ever included takes its schema from a response's `included` (BuildBundle, with a build).
        #expect(text.contains("      appClipDomainCacheStatus: { toOne: AppClipDomainStatus }\n"))
        #expect(!text.contains("only seen as a relationship's target"))
        // One include set per value of the `include` enum, and all of them.
        #expect(text.contains("      builds: [\"builds\"]\n"))
        // A `fields[type]` parameter anywhere (a related path's too) gives that type sparse fieldsets.
        #expect(text.components(separatedBy: "    sparseFieldsets: true").count - 1 == 195)
        // A collection GET's filters, sort keys and limits are its `list:`, none a comment (before: 120 filter
        // names and 15 sorts in comments, the `limit[…]` parameters not even noted): 51 resources.
        #expect(text.components(separatedBy: "\n    list:  # the query parameters of GET ").count - 1 == 51)
        #expect(!text.contains("    # filters:") && !text.contains("    # sort:"))
        #expect(text.contains("""
                    appStoreVersionsPlatform: { type: "[String]", key: "filter[appStoreVersions.platform]", values: [IOS, MAC_OS, TV_OS, VISION_OS] }
            """))
        #expect(text.contains("        existsGameCenterEnabledVersions: { type: Bool, key: \"exists[gameCenterEnabledVersions]\" }\n"))
        #expect(text.contains("      sort: [name, bundleId, sku]\n      limit: limit  # at most 200 a page\n      includeLimits: [androidToIosAppMappingDetails, appClips, "))
        #expect(text.contains("        inviteType: { type: \"[String]\", values: [EMAIL, PUBLIC_LINK] }\n"))
        // The include sets each path accepts, from its GET operations' `include` enums (before: every set offered
        // on every path, and 60 of the 692 reads through the stand-in answered 400): 76 paths take fewer sets than
        // the resource declares, 14 of them a resource's own path, 21 of them none.
        #expect(text.components(separatedBy: "acceptsIncludes: [").count - 1 == 76)
        #expect(text.components(separatedBy: "\n    acceptsIncludes: [").count - 1 == 14)
        #expect(text.components(separatedBy: "acceptsIncludes: []").count - 1 == 21)
        #expect(text.contains(
            "      inAppCategory: { parent: AppCategory, path: subcategories, operations: [list], acceptsIncludes: [] }  # the same collection, also served at /v1/appCategories/{id}/subcategories\n"))
        #expect(text.contains(
            "      inGameCenterGroup: { parent: GameCenterGroup, path: gameCenterLeaderboards, operations: [list], acceptsIncludes: [gameCenterDetail, gameCenterGroup, groupLeaderboard, gameCenterLeaderboardSets, localizations, releases, activity, challenge] }"))
        // Collections page through `links.next`: no `pagination:` is drafted.
        #expect(!text.contains("pagination:"))
        // What still warns is what the schema language cannot say or the document does not: no relationship
        // object without a target is left unexplained.
        let unexplained = result.warnings.filter { $0.message.contains("without 'data'") }
        #expect(unexplained.count == 5, "\(unexplained.map(\.pointer))")
    }
}
