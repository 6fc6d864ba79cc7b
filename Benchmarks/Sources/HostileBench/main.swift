import Foundation

// HostileBench: what hostile input costs the client, one workload per process (issue 23).
//
//     HostileBench <workload>      runs it and prints one JSON line:
//     {"workload": …, "cpu_seconds": …, "peak_mib_above_baseline": …, "baseline_mib": …, …}
//     HostileBench --list          lists the workloads
//
// Each workload builds its input first (not measured), then the work runs once: `cpu_seconds` is user +
// system time (getrusage) around the work only; `peak_mib_above_baseline` is the peak resident set
// during the work (VmHWM, reset after the set-up where the kernel allows) minus the resident set read
// just before it (VmRSS). Targets (issue 23): under 1 s of CPU and 64 MiB above the baseline, release.
//
// A new workload is one more file with a type conforming to `Workload`, and one more case below.

/// The workload called `name`, nil when there is none.
func workload(named name: String) -> (any Workload)? {
    switch name {
    case "hal-links-one-url-typed": HALTraversalWorkload(name: name, targets: .oneURL, typed: true)
    case "hal-links-one-url-untyped": HALTraversalWorkload(name: name, targets: .oneURL, typed: false)
    case "hal-links-one-url-two-levels-typed": HALTraversalWorkload(name: name, targets: .oneURL, typed: true, levels: 2)
    case "hal-links-one-url-two-levels-untyped": HALTraversalWorkload(name: name, targets: .oneURL, typed: false, levels: 2)
    case "hal-links-distinct-typed": HALTraversalWorkload(name: name, targets: .distinct, typed: true)
    case "hal-links-distinct-untyped": HALTraversalWorkload(name: name, targets: .distinct, typed: false)
    case "error-document-arrays-60-deep": ErrorDocumentWorkload(name: name, shape: .nestedArrays(depth: 60))
    case "error-document-arrays-500-deep": ErrorDocumentWorkload(name: name, shape: .nestedArrays(depth: 500))
    case "error-document-objects-60-deep": ErrorDocumentWorkload(name: name, shape: .nestedObjects(depth: 60))
    case "error-document-wide-object": ErrorDocumentWorkload(name: name, shape: .wideObject)
    case "error-document-many-errors": ErrorDocumentWorkload(name: name, shape: .manyErrors)
    case "fallback-open-json-per-item": FallbackWorkload(name: name)
    case "hal-curies-one-head-typed": HALCURIEWorkload(name: name, shape: .oneHeadMatchingEveryRelation, typed: true)
    case "hal-curies-one-head-untyped": HALCURIEWorkload(name: name, shape: .oneHeadMatchingEveryRelation, typed: false)
    case "hal-curies-inherited-typed": HALCURIEWorkload(name: name, shape: .inheritedByEveryResource, typed: true)
    case "hal-curies-too-many-typed": HALCURIEWorkload(name: name, shape: .tooMany, typed: true)
    case "hal-links-wide-typed": HALCURIEWorkload(name: name, shape: .wideLinks, typed: true)
    case "hal-entry-links-wide": WideListWorkload(name: name, shape: .halEntryLinks)
    case "jsonapi-profiles-many": WideListWorkload(name: name, shape: .jsonAPIProfiles)
    case "cache-budget-memory": CacheBudgetWorkload(name: name, withDirectory: false)
    case "cache-budget-directory": CacheBudgetWorkload(name: name, withDirectory: true)
    default: nil
    }
}

/// Every workload name, for `--list`.
let names = [
    "hal-links-one-url-typed", "hal-links-one-url-untyped", "hal-links-one-url-two-levels-typed", "hal-links-one-url-two-levels-untyped",
    "hal-links-distinct-typed", "hal-links-distinct-untyped", "error-document-arrays-60-deep", "error-document-arrays-500-deep",
    "error-document-objects-60-deep", "error-document-wide-object", "error-document-many-errors", "fallback-open-json-per-item",
    "hal-curies-one-head-typed", "hal-curies-one-head-untyped", "hal-curies-inherited-typed", "hal-curies-too-many-typed", "hal-links-wide-typed",
    "hal-entry-links-wide", "jsonapi-profiles-many", "cache-budget-memory", "cache-budget-directory",
]

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--list" {
    names.forEach { print($0) }
    exit(0)
}
guard let name = arguments.first, var selected = workload(named: name) else {
    FileHandle.standardError.write(Data("usage: HostileBench <workload> | --list; workloads: \(names.joined(separator: ", "))\n".utf8))
    exit(64)
}
do {
    print(try await RunMeasurement.run(&selected).json)
} catch {
    FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
    exit(1)
}
