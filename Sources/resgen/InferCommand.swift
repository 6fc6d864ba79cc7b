import ArgumentParser
import ResgenCommandLine
import ResgenDrafting
import Foundation
import HTTPTypes
import ResgenCore
import ResgenRuntime

/// `resgen infer`: drafts a schema from a live HAL or JSON:API server. Fetching is here
/// (``DocumentCrawler``); everything it decides is ``SchemaInference``, which never touches the network.
struct InferCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infer",
        abstract: "Draft a schema from a live HAL or JSON:API server.",
        discussion: """
            Fetches the URLs given (a collection, a resource), follows what they lead to — JSON:API \
            related links and the resources of an include= in the URL, HAL links and embedded \
            resources — up to --max-requests, and writes a draft schema that validates. The format \
            comes from the content type (application/hal+json, application/vnd.api+json), else from \
            the documents' shape.

            Inferred: resource types; attribute types across all samples (String, Int, Double, Bool, \
            Date when every sample is ISO 8601, URL, nested objects, arrays; optional when a sample \
            is null or absent), wire keys kept with 'key:'; relationships with their cardinality; \
            unions for relationships and collections that hold several types (for HAL only with a \
            discriminator the samples show); \
            paths from self links, nested under a parent where a collection lies below an instance; \
            'list' and 'show' where they were fetched. An entry point (GET /, a document of links) \
            is named in a comment with its links, which are followed. HAL is read by the runtime's \
            rules; a form the runtime refuses is an error naming its JSON path. Comments in the \
            draft say what was guessed, and the other operations are left for you to confirm.

            Header fields given with --header go only to the origins of the URLs given, links to \
            other origins are not followed, and each response is limited to --max-response-bytes. \
            Progress goes to standard error.

            Example:
              resgen infer https://api.example.com/articles?include=author --name Press --output Schema/press.yml
            """
    )

    @Argument(help: "Absolute http(s) URLs to start from: collections or single resources of one API.")
    var urls: [String]

    @Option(help: "The API's name: the namespace enum and file prefix of the generated code (a Swift type name).")
    var name: String

    @Option(help: "The file to write the draft schema to (.yml).")
    var output: String

    @Option(help: "The most requests to make, the URLs given included.")
    var maxRequests: Int = 20

    @Option(
        name: .customLong("header"),
        help: "A header field for every request to the URLs' origins, as 'Name: value' (e.g. 'Authorization: Bearer …'); repeatable.")
    var headers: [String] = []

    @Option(help: "The longest response body accepted, in bytes.")
    var maxResponseBytes: Int = 8 * 1024 * 1024

    @Option(help: .hidden)
    var recordResponses: String?

    func validate() throws {
        guard !urls.isEmpty else { throw ValidationError("Missing expected argument '<urls> ...'") }
        for url in urls where Self.startURL(url) == nil {
            throw ValidationError("'\(url)' is not an absolute http or https URL")
        }
        guard maxRequests >= urls.count else { throw ValidationError("--max-requests must be at least the number of URLs given (\(urls.count))") }
        guard maxResponseBytes > 0 else { throw ValidationError("--max-response-bytes must be positive") }
        for header in headers where Self.headerField(header) == nil {
            throw ValidationError("'\(header)' is not a header field; write it as 'Name: value'")
        }
        do {
            try SchemaInference.checkAPIName(name)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let start = urls.compactMap(Self.startURL)
        let origins = Set(start.compactMap { Origin(of: $0) })
        let configuration = Client.Configuration(
            defaultHeaders: headers.compactMap(Self.headerField), timeout: .seconds(60), trustedOrigins: origins,
            maximumResponseBytes: maxResponseBytes)
        let client = Client(baseURL: start[0], configuration: configuration)
        let crawler = DocumentCrawler(client: client, origins: origins, maximumRequests: maxRequests) { line in
            Self.report(line)
        }
        let outcome: DocumentCrawler.Outcome
        do {
            outcome = try await crawler.crawl(from: start)
        } catch let error as DocumentCrawler.FetchError {
            Self.report("error: \(error.description)")
            throw ExitCode.failure
        }
        try reportingErrors {
            if let recordResponses {
                _ = try FileWriter.write(Array(FetchedDocument.recording(outcome.documents).utf8), to: recordResponses)
            }
            let result: SchemaInference.Result
            do {
                result = try SchemaInference.draft(name: name, documents: outcome.documents)
            } catch let error as InferenceError {
                Self.report("error: \(error.description)")
                throw ExitCode.failure
            }
            _ = try FileWriter.write(Array(result.text.utf8), to: output)
            for repair in result.repairs { DiagnosticPrinter.printToStandardError("note: commented out at \(output):\(repair)") }
            let count = outcome.documents.count
            DiagnosticPrinter.printToStandardError(
                "wrote \(output) from \(count) response\(count == 1 ? "" : "s"); its comments say what was guessed: check them, then run 'resgen validate \(output)'")
        }
    }

    /// Prints a line about the crawl to standard error with every URL in it redacted as the runtime's
    /// errors redact theirs (no userinfo, fragment or `api_key`-like value: a URL given or found may be
    /// signed, and progress ends up in CI logs) and control characters escaped (a server wrote it).
    static func report(_ line: String) {
        DiagnosticPrinter.printToStandardError(URLRedaction.text(line))
    }

    /// An absolute http(s) URL with a host, or nil.
    static func startURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// `Name: value` as a header field, or nil.
    static func headerField(_ text: String) -> HeaderField? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, HTTPField.Name(name) != nil else { return nil }
        return HeaderField(name: name, value: value)
    }
}
