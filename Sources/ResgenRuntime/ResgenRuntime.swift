// The runtime as one import: the format-neutral core and both wire formats. An app that speaks one
// format may depend on `ResgenRuntimeCore` and `ResgenHAL` or `ResgenJSONAPI` alone, and link no code
// of the other (its generated files import only their format's module).
@_exported @_spi(Generated) import ResgenHAL
@_exported @_spi(Generated) import ResgenJSONAPI
@_exported @_spi(Generated) import ResgenRuntimeCore
