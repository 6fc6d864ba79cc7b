// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "resgen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "resgen", targets: ["resgen"]),
        // Generate at build time from a target's resgen-config.yaml.
        .plugin(name: "ResgenBuildPlugin", targets: ["ResgenBuildPlugin"]),
        // `swift package generate-resgen-sources`: write the generated files into the target, to check in.
        .plugin(name: "ResgenCommandPlugin", targets: ["ResgenCommandPlugin"]),
        // The runtime: the format-neutral core, both wire formats, the cache and downloads, one import
        // (`import ResgenRuntime`).
        .library(name: "ResgenRuntime", targets: ["ResgenRuntime"]),
        // One wire format only (with the core), for an app that links no code of the other.
        .library(name: "ResgenJSONAPI", targets: ["ResgenJSONAPI"]),
        .library(name: "ResgenHAL", targets: ["ResgenHAL"]),
        // What such an app adds when it uses it: the HTTP cache; downloads to files and streamed bodies;
        // LoggingMiddleware.
        .library(name: "ResgenCaching", targets: ["ResgenCaching"]),
        .library(name: "ResgenDownloads", targets: ["ResgenDownloads"]),
        .library(name: "ResgenLogging", targets: ["ResgenLogging"]),
        // The layer apps build on: one record per resource, live queries (issue 51).
        .library(name: "ResgenStore", targets: ["ResgenStore"]),
        // A `Transport` over AsyncHTTPClient (SwiftNIO); its own product so URLSession users never build NIO.
        .library(name: "ResgenAsyncHTTPClient", targets: ["ResgenAsyncHTTPClient"]),
        // For users' test targets: MockTransport answers requests from routes, without a server.
        .library(name: "ResgenTesting", targets: ["ResgenTesting"]),
        // The generator as a library; no API promise, hence the underscore (as swift-openapi-generator does).
        .library(name: "_ResgenCore", targets: ["ResgenCore"]),
        // Drafting a schema (`infer`, `import-openapi`) as a library, likewise without an API promise.
        .library(name: "_ResgenDrafting", targets: ["ResgenDrafting"]),
    ],
    dependencies: [
        // Read schemas: libyaml, embedded in Yams.
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // Templates: swift-mustache parses them; ResgenCore's TemplateInterpreter renders that parse,
        // which it reads through `Mirror` (the tokens are internal), and the tests render with
        // swift-mustache to check the bytes. So a release that changes the parse's shape or its rules
        // must be taken on purpose: patch releases only, and a new minor version after the tests pass.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", .upToNextMinor(from: "2.1.1")),
        // CLI.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Runtime: HTTP request/response values and logging.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        // The HTTP cache's keyed hash (HMAC-SHA256) of request identities, `Vary` values and file names
        // (ResgenCaching only). A range over both major versions this machine and AsyncHTTPClient's graph
        // resolve (3.x and 4.x have the same HMAC API), so the cache adds no version conflict to an app.
        // SQLite for ResgenStore's file (on Debian's libsqlite3-dev); exact, as its 7.x releases added Linux.
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        // The AsyncHTTPClient transport only (ResgenAsyncHTTPClient); ResgenRuntime never depends on it.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        // `resgen import-openapi`: read OpenAPI 3.0/3.1 documents (the generator only; never the runtime).
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0"),
        // `make docs`: the DocC catalog of ResgenRuntime. A command plugin only; no target depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: Generator
        .target(
            name: "ResgenCore",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                "ResgenTemplates",
            ]
        ),
        // Drafting a schema from what exists: `resgen infer` (a server's documents) and `resgen
        // import-openapi` (an OpenAPI document). Apart from the generator, so the plugins' tool links neither.
        .target(
            name: "ResgenDrafting",
            dependencies: [
                "ResgenCore",
                .product(name: "Yams", package: "Yams"),
                // `resgen import-openapi` (OpenAPIImport/): OpenAPI 3.1, and 3.0 converted to 3.1.
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
            ]
        ),
        .target(name: "ResgenTemplates"),
        // The commands that need only the generator (generate, check, validate, templates…), shared by
        // `resgen` and `resgen-generator`. ControlCharacterEscaping.swift is the runtime's file, symlinked:
        // what the commands print is escaped as the runtime escapes what it describes.
        .target(
            name: "ResgenCommandLine",
            dependencies: [
                "ResgenCore",
                "ResgenTemplates",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "resgen",
            dependencies: [
                "ResgenCommandLine",
                "ResgenCore",
                "ResgenDrafting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // `resgen infer` fetches through the runtime's Client (its security rules).
                "ResgenRuntime",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The plugins' tool: `resgen`'s generate, check and validate, linking the generator alone (no
        // drafting, OpenAPIKit or runtime), so a package using the plugins builds only what they run.
        .executableTarget(
            name: "resgen-generator",
            dependencies: [
                "ResgenCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Plugins (Plugins/PluginsShared is symlinked into both, as swift-openapi-generator does)
        .plugin(
            name: "ResgenBuildPlugin",
            capability: .buildTool(),
            dependencies: ["resgen-generator"]
        ),
        .plugin(
            name: "ResgenCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "generate-resgen-sources",
                    description: "Generate Swift sources from each target's resgen-config.yaml into <target>/Generated."
                ),
                permissions: [
                    .writeToPackageDirectory(reason: "To write the generated Swift files into the targets' Generated folders.")
                ]
            ),
            dependencies: ["resgen-generator"]
        ),

        // MARK: Runtime (never depends on Yams, Mustache or ArgumentParser)
        // The format-neutral core: the client, HTTP, models, paths, includes. Imports neither format.
        .target(
            name: "ResgenRuntimeCore",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
            ]
        ),
        // The wire formats, each on the core alone.
        .target(
            name: "ResgenHAL",
            dependencies: [
                "ResgenRuntimeCore",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "ResgenJSONAPI",
            dependencies: [
                "ResgenRuntimeCore",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The resource store: an identity map over a JSON:API or HAL client, merged from every read, with live
        // queries whose cost on a change is that of the watchers of what changed.
        .target(
            name: "ResgenStore",
            dependencies: [
                "ResgenRuntimeCore", "ResgenJSONAPI", "ResgenHAL", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What a client may use beyond calls, each on the core alone, which reaches it only through a
        // protocol (`Client.Cache`) or not at all: on Linux an executable links every module it depends on
        // whole, so an app that caches nothing and downloads nothing links none of their code.
        .target(
            name: "ResgenCaching",
            dependencies: [
                "ResgenRuntimeCore", .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "ResgenDownloads",
            dependencies: ["ResgenRuntimeCore", .product(name: "HTTPTypes", package: "swift-http-types")]
        ),
        // LoggingMiddleware, the only part of the core that logged: swift-log stays out of an app that does
        // not log (a HAL app still has it: traversal logs).
        .target(
            name: "ResgenLogging",
            dependencies: [
                "ResgenRuntimeCore",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The umbrella: `import ResgenRuntime` is the core, both formats, the cache, downloads and logging.
        .target(
            name: "ResgenRuntime",
            dependencies: ["ResgenRuntimeCore", "ResgenHAL", "ResgenJSONAPI", "ResgenCaching", "ResgenDownloads", "ResgenLogging"]
        ),

        .target(
            name: "ResgenAsyncHTTPClient",
            dependencies: [
                // The core alone: a transport knows no wire format, so a one-format app links only its own.
                "ResgenRuntimeCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                "CResgenZlib",
            ]
        ),
        // The system's zlib: the AsyncHTTPClient transport inflates gzip and deflate response bodies a step
        // at a time, counting as it goes, instead of letting AsyncHTTPClient inflate each read whole.
        .target(name: "CResgenZlib", linkerSettings: [.linkedLibrary("z")]),

        // MARK: Testing library (for users' test targets)
        .target(
            name: "ResgenTesting",
            dependencies: [
                "ResgenRuntime",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
            ]
        ),

        // MARK: Launching child processes (the tests' servers and compilers, the fuzz harnesses' swiftc)
        // One lock for the whole test binary: Foundation's Process.run() leaks descriptors into children
        // launched at the same moment (see ProcessLaunch).
        .target(name: "ResgenProcessLaunch"),

        // MARK: Fuzzing (Fuzz/, `make fuzz`): the harnesses, shared by libFuzzer and the replay tests
        .target(
            name: "ResgenFuzzing",
            dependencies: [
                "ResgenCore",
                // The infer, openapi and openapiscreen targets.
                "ResgenDrafting",
                "ResgenRuntime",
                // The storedocument target checks the store's split of a document into records.
                "ResgenStore",
                "ResgenFuzzingCatalog",
                "ResgenFuzzingMedia",
                "ResgenProcessLaunch",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                // The openapiscreen target compares the screen with the tree Yams composes.
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The union schemas' generated models for the `tape` target (the golden sources, through
        // `Generated/`): Schemas/catalog (JSON:API) and Schemas/media (HAL). Modules of their own, as their
        // `Book`, `Author` and `Item` would clash with Library's and with each other.
        .target(name: "ResgenFuzzingCatalog", dependencies: ["ResgenRuntime"]),
        .target(name: "ResgenFuzzingMedia", dependencies: ["ResgenRuntime"]),
        // Declares libFuzzer's driver; linked only in the `-sanitize=fuzzer` build.
        .target(name: "CLibFuzzer"),
        .executableTarget(
            name: "resgen-fuzz",
            dependencies: ["ResgenFuzzing", "CLibFuzzer"]
        ),

        // MARK: Tests
        .testTarget(
            name: "ResgenCoreTests",
            // ResgenRuntime: the keyword stress test typechecks generated code against it. OpenAPIKit: the
            // import-openapi loader's tests read the document it decodes.
            dependencies: [
                "ResgenCore", "ResgenDrafting", "ResgenRuntime", "ResgenProcessLaunch", .product(name: "OpenAPIKit", package: "OpenAPIKit"),
            ]
        ),
        .testTarget(
            name: "ResgenReferenceTests",
            dependencies: ["ResgenCore", "ResgenDrafting", "ResgenProcessLaunch"],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "ResgenGeneratedCodeTests",
            // ResgenAsyncHTTPClient: HALServerTests runs over both transports. Logging: what traversal logs.
            dependencies: [
                "ResgenRuntime", "ResgenAsyncHTTPClient", .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"), "ResgenProcessLaunch", "ResgenStore",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ResgenCLITests",
            dependencies: ["resgen", "resgen-generator", "ResgenCommandLine", "ResgenProcessLaunch"]
        ),
        .testTarget(
            name: "ResgenRuntimeTests",
            dependencies: [
                "ResgenRuntime",
                // The transport suites run against both transports.
                "ResgenAsyncHTTPClient",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                "ResgenProcessLaunch",
            ]
        ),
        .testTarget(
            // Replays Fuzz/Corpus and Fuzz/Crashes through the fuzz targets' harnesses.
            name: "ResgenFuzzTests",
            dependencies: ["ResgenFuzzing", "ResgenCore", "ResgenRuntime"]
        ),
        .testTarget(
            // The generated Press client (Schemas/press, through `Generated/`) against fixtures and the
            // real JSON:API server in Tests/Servers/jsonapi, over either transport.
            name: "ResgenJSONAPITests",
            dependencies: [
                "ResgenRuntime",
                "ResgenStore",
                // The real-server suites run over both transports.
                "ResgenAsyncHTTPClient",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "ResgenProcessLaunch",
            ],
            // Fixtures/polymorphic: the polymorphic server's recorded answers (`make polymorphic-fixtures`).
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            // The generated Catalog client (Schemas/catalog: unions of resources) against the polymorphic
            // JSON:API server in Tests/Servers/jsonapi_polymorphic and its recorded answers, over either
            // transport. Its own module: Catalog's `Book` and `Author` would clash with Library's.
            name: "ResgenPolymorphicTests",
            dependencies: [
                "ResgenRuntime",
                "ResgenAsyncHTTPClient",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "ResgenProcessLaunch",
            ]
        ),
        .testTarget(
            // MockTransport against the generated Forum (JSON:API) and Contacts (HAL) clients.
            name: "ResgenTestingTests",
            dependencies: [
                "ResgenTesting",
                "ResgenRuntime",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ]
)

for target in package.targets where target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
