// swift-tools-version:6.0
// The last step of `make infer-servers` and `make openapi-servers` (part of `make test`): clients generated
// from the schemas `resgen infer` drafted against the real JSON:API and HAL test servers, and
// `resgen import-openapi` from their OpenAPI documents, fetch the same resources back,
// and every value must equal the server's raw JSON. Generated/ folders are written by the Makefile
// target, never checked in.
import PackageDescription

let package = Package(
    name: "InferCheck",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "resgen", path: "..")],
    targets: [
        // Compares decoded models, written back by ResgenTesting's MockDocumentEncoder, with raw documents.
        .target(
            name: "InferCheckSupport",
            dependencies: [
                .product(name: "ResgenRuntime", package: "resgen"),
                .product(name: "ResgenTesting", package: "resgen"),
            ]
        ),
        // Sources/PressCheck/Generated: the Press client from the draft of Tests/Servers/jsonapi.
        .executableTarget(
            name: "PressCheck",
            dependencies: ["InferCheckSupport", .product(name: "ResgenRuntime", package: "resgen")]
        ),
        // Sources/ClinicCheck/Generated: the Clinic client from the draft of Tests/Servers/safrs.
        .executableTarget(
            name: "ClinicCheck",
            dependencies: ["InferCheckSupport", .product(name: "ResgenRuntime", package: "resgen")]
        ),
        // Sources/CatalogCheck/Generated: the Catalog client from the draft of Tests/Servers/jsonapi_polymorphic.
        .executableTarget(
            name: "CatalogCheck",
            dependencies: ["InferCheckSupport", .product(name: "ResgenRuntime", package: "resgen")]
        ),
        // Sources/LibraryOpenAPICheck/Generated: the Library client from the draft `resgen import-openapi` wrote
        // from the OpenAPI document of Tests/Servers/fastapi_jsonapi (`make openapi-servers`).
        .executableTarget(
            name: "LibraryOpenAPICheck",
            dependencies: ["InferCheckSupport", .product(name: "ResgenRuntime", package: "resgen")]
        ),
        // Sources/PressOpenAPICheck/Generated: the Press client from the draft `resgen import-openapi` wrote
        // from the OpenAPI document drf-spectacular-jsonapi publishes for Tests/Servers/jsonapi.
        .executableTarget(
            name: "PressOpenAPICheck",
            dependencies: ["InferCheckSupport", .product(name: "ResgenRuntime", package: "resgen")]
        ),
        // Sources/ContactsOpenAPICheck/Generated: the Contacts client from the draft `resgen import-openapi`
        // wrote from the OpenAPI document of Tests/Servers/hal.
        .executableTarget(
            name: "ContactsOpenAPICheck",
            dependencies: ["InferCheckSupport", .product(name: "ResgenRuntime", package: "resgen")]
        ),
        // Sources/AppStoreConnectCheck/Generated: the App Store Connect client from the draft `resgen
        // import-openapi` wrote from a part of Apple's document, against the stand-in server that answers from
        // the same document (`make asc-standin`, issue 47), over both transports.
        .executableTarget(
            name: "AppStoreConnectCheck",
            dependencies: [
                "InferCheckSupport", .product(name: "ResgenRuntime", package: "resgen"),
                .product(name: "ResgenAsyncHTTPClient", package: "resgen"),
            ]
        ),
        // Sources/AppStoreConnectAllCheck/Generated: the client of the whole App Store Connect draft, and its
        // main.swift written from the draft (`make asc-standin-all`; not part of make test).
        .executableTarget(
            name: "AppStoreConnectAllCheck",
            dependencies: ["InferCheckSupport", .product(name: "ResgenRuntime", package: "resgen")]
        ),
        // Sources/ContactsCheck/Generated: the Contacts client from the draft of Tests/Servers/hal.
        .executableTarget(
            name: "ContactsCheck",
            dependencies: ["InferCheckSupport", .product(name: "ResgenRuntime", package: "resgen")]
        ),
    ]
)
