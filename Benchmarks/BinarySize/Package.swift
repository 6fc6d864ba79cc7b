// swift-tools-version:6.0
// Release build size of a small app on the Press API (issue 16): the same work through resgen's generated client
// and through swift-openapi-generator's, each over the matching transport, and a Foundation + URLSession floor.
// One package, so every executable is built with the same flags in one build and shares its dependencies.
// Benchmarks/binary_size.py generates the clients into Sources/*/Generated (not committed), builds and measures.
import PackageDescription

let package = Package(
    name: "binary-size",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "resgen", path: "../.."),
        // The peer, pinned as Benchmarks/Package.swift pins its generator: the runtime its output needs and the
        // transports that match resgen's (URLSession by default; AsyncHTTPClient as an option).
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", exact: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // The floor: Foundation and URLSession alone, one GET.
        .executableTarget(name: "HelloFoundation"),
        // resgen's Press client (Generated/, from Schemas/press) over its default URLSessionTransport. JSON:API only:
        // the ResgenJSONAPI product (the format and the core), so the app links no HAL code.
        .executableTarget(
            name: "PressResgen",
            dependencies: [.product(name: "ResgenJSONAPI", package: "resgen")]
        ),
        // swift-openapi-generator's client for press.openapi.yaml over swift-openapi-urlsession.
        .executableTarget(
            name: "PressOpenAPI",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ]
        ),
        // The same two apps with their clients generated with public access (resgen's default; what a client in a
        // module of its own needs), so unused declarations stay (sources are symlinks, Generated/ their own).
        .executableTarget(
            name: "PressResgenPublic",
            dependencies: [.product(name: "ResgenJSONAPI", package: "resgen")]
        ),
        .executableTarget(
            name: "PressOpenAPIPublic",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ]
        ),
        // The same two apps over AsyncHTTPClient (their sources and Generated/ are symlinks to the above).
        .executableTarget(
            name: "PressResgenAHC",
            dependencies: [
                .product(name: "ResgenJSONAPI", package: "resgen"),
                .product(name: "ResgenAsyncHTTPClient", package: "resgen"),
            ]
        ),
        .executableTarget(
            name: "PressOpenAPIAHC",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // The other format alone: resgen's HAL Contacts client (Generated/, from Schemas/contacts) + ResgenHAL, which
        // must link no JSON:API code (binary_size.py checks both ways with nm).
        .executableTarget(
            name: "ContactsResgenHAL",
            dependencies: [.product(name: "ResgenHAL", package: "resgen")]
        ),
        // docs/openapi-side-by-side.md, run by Benchmarks/side_by_side.py (`make side-by-side`), not measured for size:
        // an article with its author and comments through each generator's client for press.openapi.yaml, resgen's
        // generated from the draft `resgen import-openapi` wrote of it.
        .executableTarget(
            name: "SideBySideResgen",
            dependencies: [.product(name: "ResgenJSONAPI", package: "resgen")]
        ),
        .executableTarget(
            name: "SideBySideOpenAPI",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ]
        ),
    ]
)
