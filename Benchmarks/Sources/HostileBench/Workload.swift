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
