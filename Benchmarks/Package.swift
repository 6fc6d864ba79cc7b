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
        // JSON:API document decoding with include resolution vs plain Codable (issue 5).
        .executableTarget(
            name: "JSONAPIBench",
            dependencies: [.product(name: "ResgenRuntime", package: "resgen")]
        ),
        .executableTarget(
            name: "RuntimeBench",
            dependencies: [
                .product(name: "ResgenRuntime", package: "resgen"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ]
)
