import Foundation
import Testing

/// The DocC catalog's shape, checked on every `swift test`.
///
/// `make docs` builds the catalogs with warnings as errors, which catches broken symbol links, but it
/// is not part of `swift test` (too slow for every run; see the Makefile). These checks are cheap and
/// catch what matters most without it: an article the issue promised went missing, or the landing
/// page stopped listing one, a library lost its landing page, or the README links to an article that
/// is not there.
@Suite struct DocumentationCatalogTests {
    /// The articles users are told about (README "Documentation"), by file name without `.md`.
    static let articles = ["CachingAndLargeBodies", "GettingStarted", "HAL", "JSONAPI", "Security", "Testing", "Transports"]

    /// `Sources/ResgenRuntime/ResgenRuntime.docc`, found from this file's path.
    static func catalog(file: String = #filePath) -> URL {
        packageRoot(file: file).appendingPathComponent("Sources/ResgenRuntime/ResgenRuntime.docc")
    }

    static func packageRoot(file: String = #filePath) -> URL {
        URL(fileURLWithPath: file)
            .deletingLastPathComponent()  // ResgenRuntimeTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
    }

    static func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    @Test(arguments: articles)
    func articleExistsWithATitleAndAnAbstract(_ name: String) throws {
        let text = try Self.read(Self.catalog().appendingPathComponent("\(name).md"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.first?.hasPrefix("# ") == true, "\(name).md must start with its title")
        #expect(lines.count > 1 && !lines[1].hasPrefix("#"), "\(name).md needs a one-paragraph abstract under its title")
    }

    @Test(arguments: articles)
    func landingPageListsArticle(_ name: String) throws {
        let landing = try Self.read(Self.catalog().appendingPathComponent("ResgenRuntime.md"))
        #expect(landing.hasPrefix("# ``ResgenRuntime``"), "the landing page must be the module's page")
        #expect(landing.contains("- <doc:\(name)>"), "ResgenRuntime.md's topics must list <doc:\(name)>")
    }

    /// The other libraries `make docs` documents, each with a landing page of its own.
    @Test(arguments: ["ResgenAsyncHTTPClient", "ResgenTesting", "ResgenStore"])
    func libraryHasALandingPage(_ module: String) throws {
        let page = Self.packageRoot().appendingPathComponent("Sources/\(module)/\(module).docc/\(module).md")
        let text = try Self.read(page)
        #expect(text.hasPrefix("# ``\(module)``"), "\(module).md must be the module's page")
        #expect(text.contains("## Overview") && text.contains("## Topics"), "\(module).md needs an overview and topics")
    }

    /// The store's catalog has the Store article, listed on its landing page.
    @Test func storeCatalogHasTheStoreArticle() throws {
        let catalog = Self.packageRoot().appendingPathComponent("Sources/ResgenStore/ResgenStore.docc")
        let article = try Self.read(catalog.appendingPathComponent("Store.md"))
        #expect(article.hasPrefix("# Store\n"))
        for section in ["### Identity", "### Watching", "### Writes", "### Offline writes", "### Persistence", "### Expiry and eviction"] {
            #expect(article.contains(section), "Store.md lost \(section)")
        }
        #expect(try Self.read(catalog.appendingPathComponent("ResgenStore.md")).contains("- <doc:Store>"))
    }

    @Test func readmeLinksOnlyToArticlesThatExist() throws {
        let readme = try Self.read(Self.packageRoot().appendingPathComponent("README.md"))
        let prefix = "](Sources/ResgenRuntime/ResgenRuntime.docc/"
        let linked = readme.components(separatedBy: prefix).dropFirst().map { rest in
            String(rest.prefix { $0 != ")" && $0 != "#" })
        }
        #expect(Set(linked).isSuperset(of: Self.articles.map { "\($0).md" }), "README must link every article")
        for file in linked {
            let exists = FileManager.default.fileExists(atPath: Self.catalog().appendingPathComponent(file).path)
            #expect(exists, "README links to \(file), which is not in the catalog")
        }
    }
}
