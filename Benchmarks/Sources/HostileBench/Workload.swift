/// One thing HostileBench measures, in a process of its own.
protocol Workload {
    /// The name on the command line and in the JSON line.
    var name: String { get }

    /// Builds the input (documents, client): not measured.
    mutating func prepare() async throws

    /// The work measured. Returns fields to add to the JSON line (counts that show what was done, so a
    /// run that did nothing cannot pass for a fast one).
    func run() async throws -> [(String, Int)]
}

/// `make(0)`, `make(1)`, … for as long as they fit in `room` bytes joined by commas: how a workload fills its
/// document to its size with many small items.
func itemsFilling(_ room: Int, _ make: (Int) -> String) -> [String] {
    var items: [String] = []
    var size = 0
    while size < room {
        let item = make(items.count)
        items.append(item)
        size += item.utf8.count + 1
    }
    return items
}
