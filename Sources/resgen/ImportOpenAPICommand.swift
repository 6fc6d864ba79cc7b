import ArgumentParser
import ResgenCommandLine
import ResgenDrafting
import Foundation
import ResgenCore
import ResgenRuntime

/// `resgen import-openapi`: drafts a schema from an OpenAPI document, a file or a URL. Reading is here;
/// everything it decides is ``OpenAPIImport``, which never touches the network or the file system.
struct ImportOpenAPICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-openapi",
        abstract: "Draft a schema from an OpenAPI 3.0 or 3.1 document (a file or a URL).",
        discussion: """
            Reads the document (JSON or YAML, through OpenAPIKit; 3.0 is converted to 3.1) and writes a \
            draft schema that validates, with a comment on every guess and what does not fit left \
            commented out with the reason.

            The format: JSON:API when a media type is application/vnd.api+json or a response's schema \
            is a document of resource objects (type with attributes or relationships); HAL for \
            application/hal+json or schemas with _links/_embedded; else plain JSON, whose operations \
            all become requests.

            Mapped: resources from the resource-object schemas (the type from its enum, const or \
            default; attributes with their types, formats date, date-time, uri and uuid, enums, \
            nullable and required, readOnly, writeOnly, nested objects, arrays, defaults, descriptions \
            as doc comments; relationships with their cardinality and target, several targets as a \
            union, a target the linkage does not name guessed from the key, the target of a \
            relationship object with only links from its related resources' path or its relationship \
            endpoint's linkage; HAL: _embedded members \
            and the _links relations that name a resource as relationships, other relations as \
            links; the id type from the instance path's parameter); collection and instance paths, \
            nesting under a parent at any depth, further paths of a collection (paths:), a union for a root collection of several types, the operations declared; the query parameters include (an include \
            set per enum value, and all), fields[type] (sparseFieldsets), filter[…], sort and page[…] (comments: they are \
            query(filter:sort:page:) arguments); every other operation as a request with its \
            parameters, body and response.

            Where OpenAPI and resgen disagree (a $ref cycle, a oneOf without a discriminator, a \
            response that matches no resource, an unsupported parameter style) the draft says so in \
            a comment and a warning on standard error names the JSON pointer in the document. A \
            document OpenAPIKit refuses is an error naming the pointer where it stopped; so is one \
            nested deeper than 256 levels of objects and arrays (YAML aliases counted expanded), \
            refused before it is decoded.

            For a URL, header fields given with --header go only to its origin (also across \
            redirects) and the response is limited to --max-response-bytes.

            Examples:
              resgen import-openapi openapi.json --name Library --output Schema/library.yml
              resgen import-openapi http://localhost:8000/openapi.json --name Library --output library.yml
            """
    )

    @Argument(help: "The OpenAPI document: a file path, or an absolute http(s) URL.")
    var document: String

    @Option(help: "The API's name: the namespace enum and file prefix of the generated code (a Swift type name).")
    var name: String

    @Option(help: "The file to write the draft schema to (.yml).")
    var output: String

    @Option(
        name: .customLong("header"),
        help:
            "A header field for the request to the URL's origin, as 'Name: value' (e.g. 'Authorization: Bearer …'); repeatable."
    )
    var headers: [String] = []

    @Option(help: "The longest response body accepted from a URL, in bytes.")
    var maxResponseBytes: Int = 8 * 1024 * 1024

    func validate() throws {
        guard maxResponseBytes > 0 else { throw ValidationError("--max-response-bytes must be positive") }
        for header in headers where InferCommand.headerField(header) == nil {
            throw ValidationError("'\(header)' is not a header field; write it as 'Name: value'")
        }
        if !headers.isEmpty, InferCommand.startURL(document) == nil {
            throw ValidationError("--header applies to a URL only; '\(document)' is a file")
        }
        do {
            try SchemaInference.checkAPIName(name)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        let bytes: [UInt8]
        if let url = InferCommand.startURL(document) {
            bytes = try await fetch(url)
        } else {
            bytes = try readFile()
        }
        try reportingErrors {
            let result: OpenAPIImport.Result
            do {
                result = try OpenAPIImport.draft(name: name, document: bytes, source: URLRedaction.text(document))
            } catch let error as OpenAPIImportError {
                InferCommand.report("error: \(error.description)")
                throw ExitCode.failure
            }
            for warning in result.warnings { DiagnosticPrinter.printToStandardError("warning: \(warning)") }
            _ = try FileWriter.write(Array(result.text.utf8), to: output)
            for repair in result.repairs {
                DiagnosticPrinter.printToStandardError("note: commented out at \(output):\(repair)")
            }
            DiagnosticPrinter.printToStandardError(
                "wrote \(output) (\(result.summary)); its comments say what was guessed: check them, then run 'resgen validate \(output)'"
            )
        }
    }

    private func readFile() throws -> [UInt8] {
        do {
            return try FileReader.contents(of: document)
        } catch {
            DiagnosticPrinter.printError(error.description)
            throw ExitCode.failure
        }
    }

    /// The document at `url`, through the runtime's `Client` (its security rules: header fields to the
    /// URL's origin only, the response size limit enforced while it arrives).
    private func fetch(_ url: URL) async throws -> [UInt8] {
        let origins = Set([Origin(of: url)].compactMap { $0 })
        let configuration = Client.Configuration(
            defaultHeaders: headers.compactMap(InferCommand.headerField), timeout: .seconds(60),
            trustedOrigins: origins,
            maximumResponseBytes: maxResponseBytes)
        let client = Client(baseURL: url, configuration: configuration)
        do {
            let raw = try await client.request(
                .get, url,
                accept: "application/json, application/yaml;q=0.9, application/vnd.oai.openapi;q=0.9, */*;q=0.1")
            InferCommand.report("fetched \(url.absoluteString) (\(raw.body.count) bytes)")
            return Array(raw.body)
        } catch {
            InferCommand.report("error: \(url.absoluteString): \(DocumentCrawler.describe(error))")
            throw ExitCode.failure
        }
    }
}
