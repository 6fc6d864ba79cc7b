// The runtime as one import: the format-neutral core, both wire formats, the HTTP cache, downloads and
// `LoggingMiddleware`. An app that speaks one format may depend on the `ResgenJSONAPI` or `ResgenHAL`
// product alone, and link no code of the other (its generated files import only their format's module)
// nor of the cache, downloads and logging (the core reaches the cache only through `Client.Cache`); it
// adds the `ResgenCaching`, `ResgenDownloads` or `ResgenLogging` product where it uses one. On Linux an
// executable links each module it depends on whole, so what this umbrella brings in is in the binary
// whether it is called or not.
@_exported import ResgenCaching
@_exported import ResgenDownloads
@_exported import ResgenLogging
@_exported @_spi(Generated) import ResgenHAL
@_exported @_spi(Generated) import ResgenJSONAPI
@_exported @_spi(Generated) import ResgenRuntimeCore
