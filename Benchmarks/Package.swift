// swift-tools-version:6.0
// Benchmarks, kept out of the main package so its build never pulls benchmark-only code.
// Run with `make bench` from the repository root (release builds).
import PackageDescription

let package = Package(
    name: "resgen-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "resgen", path: ".."),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        // Transport benchmarks (issue 14): raw AsyncHTTPClient as the baseline, and the NIO loopback server.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        // The peer generator for the side-by-side benchmark (issue 7); only its executable is built, in release.
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ],
    targets: [
        // HAL: decoding into the generated Contacts models (the golden sources, symlinked) and traversal.
        .executableTarget(
            name: "HALBench",
            dependencies: [
                .product(name: "ResgenRuntime", package: "resgen"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // ResourceStore (issue 51): merge, persist, watcher fan-out, opening a large file, memory; the generated
        // Press models are the golden sources, symlinked as for JSONAPIBench.
        .executableTarget(
            name: "StoreBench",
            dependencies: [
                "ProcessMeasurement",
                .product(name: "ResgenRuntime", package: "resgen"),
                .product(name: "ResgenStore", package: "resgen"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // JSON:API document decoding with include resolution vs plain Codable (issue 5).
        .executableTarget(
            name: "JSONAPIBench",
            dependencies: [.product(name: "ResgenRuntime", package: "resgen")]
        ),
        // Polymorphic JSON:API decoding (issue 24): loans whose item is a book, a film or an album, into the
        // generated Catalog models (the golden sources, symlinked) vs plain Codable.
        .executableTarget(
            name: "PolymorphicBench",
            dependencies: [.product(name: "ResgenRuntime", package: "resgen")]
        ),
        // Client overhead, URI templates, and both transports over loopback against their raw clients (issue 14).
        .executableTarget(
            name: "RuntimeBench",
            dependencies: [
                .product(name: "ResgenRuntime", package: "resgen"),
                .product(name: "ResgenAsyncHTTPClient", package: "resgen"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // What hostile input costs (issue 23): one workload per process, one JSON line of CPU and peak memory.
        // The generated Contacts models are the golden sources, symlinked as for HALBench.
        .executableTarget(
            name: "HostileBench",
            dependencies: [
                "ProcessMeasurement",
                .product(name: "ResgenRuntime", package: "resgen"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // A 1 GiB download to a file over loopback, whole and resumed, per transport (issue 27): one run per process,
        // one JSON line of throughput and peak memory; Benchmarks/bench_downloads.py runs it.
        .executableTarget(
            name: "DownloadBench",
            dependencies: [
                "ProcessMeasurement",
                .product(name: "ResgenRuntime", package: "resgen"),
                .product(name: "ResgenAsyncHTTPClient", package: "resgen"),
            ]
        ),
        // CPU time and peak memory of a benchmark process, for HostileBench and DownloadBench.
        .target(name: "ProcessMeasurement"),
        // The loopback server RuntimeBench's transport workloads run against (microseconds per request).
        .executableTarget(
            name: "LoopbackServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ]
)
