import ArgumentParser
import ResgenCommandLine

/// `resgen-generator`: the commands of `resgen` that need only the generator, for the build and command
/// plugins. It links no drafting code (`infer`, `import-openapi`), no OpenAPIKit and no runtime, so a
/// package that uses the plugins compiles only what they run. The arguments are `resgen`'s.
@main
struct ResgenGenerator: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resgen-generator",
        abstract: "Generate Swift sources from a resgen schema: the commands of `resgen` the plugins run.",
        subcommands: [GenerateCommand.self, CheckCommand.self, ValidateCommand.self]
    )
}
