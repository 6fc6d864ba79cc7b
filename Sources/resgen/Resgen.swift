import ArgumentParser
import ResgenCommandLine
import ResgenDrafting

/// The `resgen` command: turns a resource schema into a typed Swift client.
@main
struct Resgen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resgen",
        abstract: "Generate a typed Swift client from a YAML or JSON description of a REST API's resources.",
        discussion: """
            A schema is one .yml, .yaml or .json file, or a directory: every schema file below it \
            (recursively, hidden files skipped) is part of the same API.

            Problems in a schema are printed to standard error the way the Swift compiler prints them \
            (path:line:column: error: message), so editors and CI logs can link to them.

            Exit status: 0 on success (warnings allowed), 1 when a schema has errors, a file cannot be \
            read or written, or 'check' finds stale sources, and 64 for a wrong command line.

            Typical use:
              resgen validate Schemas/blog
              resgen generate Schemas/blog --output Sources/Blog/Generated
              resgen check Schemas/blog --output Sources/Blog/Generated   # in CI
            """,
        subcommands: [
            GenerateCommand.self,
            ValidateCommand.self,
            CheckCommand.self,
            DumpContextCommand.self,
            TemplatesCommand.self,
            JSONSchemaCommand.self,
            InferCommand.self,
            ImportOpenAPICommand.self,
        ]
    )
}
