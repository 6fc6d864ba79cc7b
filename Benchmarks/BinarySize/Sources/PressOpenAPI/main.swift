import Foundation
import OpenAPIRuntime
import OpenAPIURLSession

// swift-openapi-generator's Press client over swift-openapi-urlsession. Usage: PressOpenAPI [base URL]
let serverURL = try CommandLine.arguments.dropFirst().first.flatMap { URL(string: $0) } ?? Servers.Server1.url()
try await runPressApp(Client(serverURL: serverURL, transport: URLSessionTransport()))
