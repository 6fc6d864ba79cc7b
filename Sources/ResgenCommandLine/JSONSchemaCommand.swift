import ArgumentParser
import ResgenCore

/// `resgen json-schema`: the schema language as a JSON Schema, for editor completion and checking.
package struct JSONSchemaCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "json-schema",
        abstract: "Print a JSON Schema (draft 2020-12) of the schema language, for editors.",
        discussion: """
            Save it (or use the copy in resgen's docs/resgen-schema.json) and point a schema file at it \
            with a first line such as

              # yaml-language-server: $schema=../docs/resgen-schema.json

            VS Code (with Red Hat's YAML extension) and other editors using yaml-language-server then \
            complete keys and choices, show each key's description on hover, and mark unknown keys, \
            unknown operations, formats, HTTP methods and date formats, lists or mappings where a \
            value belongs, quoted or YAML 1.1 booleans and malformed type spellings. A JSON schema file \
            names it with a top-level "$schema" key (resgen ignores that key).

            The JSON Schema checks each file on its own: whether names resolve, include paths, \
            clashes and defaults are for 'resgen validate', which also checks what the JSON Schema does.
            """
    )

    package func run() {
        TerminalText.printJSON(JSONSchema.text, terminator: "")
    }
}
