import Foundation
import InferCheckSupport
import ResgenRuntime

// The client of the whole App Store Connect draft against the stand-in server (`make asc-standin-all`, issue 47):
// Generated/Checks.swift, written from the draft by Tests/Servers/asc_check_source.py, reads every list and show of
// every resource the draft places; the report counts them and lists each failure with its reason.
guard CommandLine.arguments.count == 2, let base = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: AppStoreConnectAllCheck <server URL>\n".utf8))
    exit(64)
}
let checker = StandinChecker(client: Client(api: AppStoreConnect.self, baseURL: base))
await readEveryOperation(with: checker)
checker.finish("AppStoreConnectAllCheck", strict: false)
