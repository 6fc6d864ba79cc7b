import Foundation
import ResgenRuntime
import ResgenStore

// The store's terminal demo (issue 51), for Linux and macOS alike: watches the people of a Press
// JSON:API server through a ResourceStore and prints each change, while another process edits the
// server (`make store-demo` starts djangorestframework-jsonapi and edits it with curl).
//
//   StoreWatch <base URL> [--file store.sqlite] [--changes N]
//
// The watch never requests anything itself; the loop below re-reads the list every half second, and
// the watch yields only when what it shows really changed. With --file, the store keeps what it read
// across runs: a second run prints the stored list at once, before any request. With --changes N it
// exits after the N-th change (the demo script's bound).

let arguments = CommandLine.arguments
guard arguments.count > 1, let server = URL(string: arguments[1]) else {
    print("usage: StoreWatch <base URL> [--file store.sqlite] [--changes N]")
    exit(64)
}
let file = arguments.firstIndex(of: "--file").map { URL(fileURLWithPath: arguments[$0 + 1]) }
let limit = arguments.firstIndex(of: "--changes").flatMap { Int(arguments[$0 + 1]) }

let client = Client(api: Press.self, baseURL: server)
let store = try ResourceStore(client: client, file: file)
if let problem = await store.fileProblem { print("note: \(problem)") }

let reader = Task {
    while !Task.isCancelled {
        do {
            _ = try await store.fetch(Person.list())
        } catch {
            print("(read failed: \(error); showing what the store holds)")
        }
        try? await Task.sleep(for: .milliseconds(500))
    }
}

var previous: [Int: String] = [:]
var changes = -1  // the first value is the list as it stands
for await people in await store.watch(Person.list()) {
    let now = Dictionary(uniqueKeysWithValues: people.map { ($0.id, $0.name) })
    if changes < 0 {
        print("people: " + people.map { "\($0.id) \($0.name)" }.joined(separator: ", "))
    } else {
        for (id, name) in now.sorted(by: { $0.key < $1.key }) where previous[id] != name {
            print(previous[id] == nil ? "+ \(id) \(name)" : "~ \(id) \(previous[id]!) → \(name)")
        }
        for id in previous.keys.sorted() where now[id] == nil { print("- \(id) \(previous[id]!)") }
    }
    previous = now
    changes += 1
    if let limit, changes >= limit { break }
}
reader.cancel()
