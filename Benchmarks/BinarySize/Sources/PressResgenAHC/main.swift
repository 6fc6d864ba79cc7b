import Foundation
import ResgenAsyncHTTPClient
import ResgenJSONAPI

// resgen's Press client over AsyncHTTPClientTransport. Usage: PressResgenAHC [base URL]
let baseURL = CommandLine.arguments.dropFirst().first.flatMap { URL(string: $0) }
try await runPressApp(Client(api: Press.self, baseURL: baseURL, transport: AsyncHTTPClientTransport()))
