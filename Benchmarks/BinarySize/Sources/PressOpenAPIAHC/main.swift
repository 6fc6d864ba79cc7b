import Foundation
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime

// swift-openapi-generator's Press client over swift-openapi-async-http-client. Usage: PressOpenAPIAHC [base URL]
let serverURL = try CommandLine.arguments.dropFirst().first.flatMap { URL(string: $0) } ?? Servers.Server1.url()
try await runPressApp(Client(serverURL: serverURL, transport: AsyncHTTPClientTransport()))
