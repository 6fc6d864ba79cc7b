// `import ResgenJSONAPI` is the format and the core it plugs into: one import for an app of this format alone.
@_exported import ResgenRuntimeCore
