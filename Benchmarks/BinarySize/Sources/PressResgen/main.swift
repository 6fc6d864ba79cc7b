import Foundation
import ResgenJSONAPI

// resgen's Press client over its default transport (URLSessionTransport). Usage: PressResgen [base URL]
let baseURL = CommandLine.arguments.dropFirst().first.flatMap { URL(string: $0) }
try await runPressApp(Client(api: Press.self, baseURL: baseURL))
