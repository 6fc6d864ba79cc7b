import Foundation
import InferCheckSupport
import ResgenAsyncHTTPClient
import ResgenRuntime

// The App Store Connect client generated from the draft `resgen import-openapi` wrote from a part of Apple's
// OpenAPI document (Tests/Servers/asc_subset.py: what the three tasks of issue 47 read), against the stand-in
// server that answers from the same document (Tests/Servers/asc_standin.py; its URL is the argument). Over
// both transports: each list to its last page, each show, with and without every declared include, the
// typed list parameters sent as the document declares them; every value compared with the raw JSON.
guard CommandLine.arguments.count == 2, let base = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: AppStoreConnectCheck <server URL>\n".utf8))
    exit(64)
}
var failed = false
for (name, transport) in [("URLSession", URLSessionTransport() as any Transport), ("AsyncHTTPClient", AsyncHTTPClientTransport())] {
    let checker = StandinChecker(client: Client(api: AppStoreConnect.self, baseURL: base, transport: transport))
    // List apps with their latest builds.
    let app = await checker.list("App.list", App.list())
    await checker.list("App.list including all", App.list(), including: .all)
    let appsInclude = checker.lastInclude ?? ""
    await checker.list(
        "App.list(filter:sort:limit:includeLimits:) including builds",
        App.list(filter: .init(appStoreVersionsPlatform: [.ios, .macos]), sort: [.name.descending, .bundleId], limit: 2, includeLimits: .init(builds: 1)),
        including: .builds)
    await checker.list("Build.list", Build.list())
    let build = await checker.list("Build.list(sort:) including all", Build.list(sort: [.uploadedDate.descending]), including: .all)
    let buildsInclude = checker.lastInclude ?? ""
    if let build {
        await checker.show("Build.show", Build.show(build))
        await checker.show("Build.show including all", Build.show(build), including: .all, wire: buildsInclude)
    }
    if let app {
        await checker.show("App.show", App.show(app))
        await checker.show("App.show including all", App.show(app), including: .all, wire: appsInclude)
        await checker.list("App/builds", App.show(app) / Build.InApp.list())
        // GET /v1/apps/{id}/builds declares no include parameter (acceptsIncludes: []): refused before sending.
        await checker.refused("App/builds including all", App.show(app) / Build.InApp.list(), including: .all)
        // Page through all beta testers of an app.
        await checker.list("BetaTester.list(filter: apps)", BetaTester.list(filter: .init(apps: [app]), limit: 2))
        let tester = await checker.list("BetaTester.list including all", BetaTester.list(filter: .init(apps: [app])), including: .all)
        let testersInclude = checker.lastInclude ?? ""
        if let tester {
            await checker.show("BetaTester.show", BetaTester.show(tester))
            await checker.show("BetaTester.show including all", BetaTester.show(tester), including: .all, wire: testersInclude)
        }
        // An app's localizations (the third task patches one).
        await checker.list("App/appStoreVersions", App.show(app) / AppStoreVersion.InApp.list())
        let version = await checker.list("App/appStoreVersions including all", App.show(app) / AppStoreVersion.InApp.list(), including: .all)
        let versionsInclude = checker.lastInclude ?? ""
        if let version {
            await checker.show("AppStoreVersion.show", AppStoreVersion.show(version))
            await checker.show("AppStoreVersion.show including all", AppStoreVersion.show(version), including: .all, wire: versionsInclude)
            await checker.list("AppStoreVersion/localizations", AppStoreVersion.show(version) / AppStoreVersionLocalization.InAppStoreVersion.list())
            let localization = await checker.list(
                "AppStoreVersion/localizations including all", AppStoreVersion.show(version) / AppStoreVersionLocalization.InAppStoreVersion.list(),
                including: .all)
            let localizationsInclude = checker.lastInclude ?? ""
            if let localization {
                await checker.show("AppStoreVersionLocalization.show", AppStoreVersionLocalization.show(localization))
                await checker.show(
                    "AppStoreVersionLocalization.show including all", AppStoreVersionLocalization.show(localization), including: .all,
                    wire: localizationsInclude)
            }
        }
    }
    checker.finish("AppStoreConnectCheck over \(name)", strict: false)
    failed = failed || !checker.failures.isEmpty
}
exit(failed ? 1 : 0)
