// swift-tools-version:6.0
// Uses resgen the three ways a user would, from this repository by path; `make integration` builds
// and tests it, and checks the checked-in sources (CI runs that through `make test`).
import PackageDescription

let package = Package(
    name: "IntegrationTest",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [
        .package(name: "resgen", path: ".."),
    ],
    targets: [
        // Build plugin, HAL: generated at build time from Schema/contacts.yml (a copy of Schemas/contacts),
        // into 3 resource files (the config's `resourceFiles`).
        .target(
            name: "ContactsClient",
            dependencies: [.product(name: "ResgenRuntime", package: "resgen")],
            plugins: [.plugin(name: "ResgenBuildPlugin", package: "resgen")]
        ),
        // Build plugin, JSON:API: a schema folder of three files (a copy of Schemas/blog).
        .target(
            name: "BlogClient",
            dependencies: [.product(name: "ResgenRuntime", package: "resgen")],
            plugins: [.plugin(name: "ResgenBuildPlugin", package: "resgen")]
        ),
        // Checked-in sources: Generated/ is written by
        // `swift package --allow-writing-to-package-directory generate-resgen-sources --target ForumClient`
        // and guarded by `resgen check --config Sources/ForumClient/resgen-config.json --output Sources/ForumClient/Generated`.
        .target(
            name: "ForumClient",
            dependencies: [.product(name: "ResgenRuntime", package: "resgen")],
            exclude: ["resgen-config.json", "Schema"]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "ContactsClient",
                "BlogClient",
                "ForumClient",
                .product(name: "ResgenRuntime", package: "resgen"),
            ]
        ),
    ]
)
