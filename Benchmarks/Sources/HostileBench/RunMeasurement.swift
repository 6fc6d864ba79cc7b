import Foundation

/// CPU and memory of one workload's run.
struct RunMeasurement {
    var workload: String
    var cpuSeconds: Double
    var peakMiBAboveBaseline: Double
    var baselineMiB: Double
    /// Whether the kernel reset the peak after the set-up (`/proc/self/clear_refs`); when not, the peak
    /// may be the set-up's.
    var peakReset: Bool
    var fields: [(String, Int)]

    /// Prepares `workload`, then runs it once, measured.
    static func run(_ workload: inout some Workload) async throws -> RunMeasurement {
        try await workload.prepare()
        let peakReset = resetPeak()
        let baseline = status("VmRSS")
        let start = cpuTime()
        let fields = try await workload.run()
        let cpu = cpuTime() - start
        let peak = status("VmHWM")
        return RunMeasurement(
            workload: workload.name, cpuSeconds: cpu, peakMiBAboveBaseline: Double(max(0, peak - baseline)) / 1024,
            baselineMiB: Double(baseline) / 1024, peakReset: peakReset, fields: fields)
    }

    /// The JSON line.
    var json: String {
        var parts = [
            #""workload":"\#(workload)""#, #""cpu_seconds":\#(String(format: "%.4f", cpuSeconds))"#,
            #""peak_mib_above_baseline":\#(String(format: "%.2f", peakMiBAboveBaseline))"#,
            #""baseline_mib":\#(String(format: "%.2f", baselineMiB))"#, #""peak_reset":\#(peakReset)"#,
        ]
        parts += fields.map { #""\#($0.0)":\#($0.1)"# }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// User + system CPU time of the process, in seconds.
    static func cpuTime() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// A `kB` field of `/proc/self/status` (`VmRSS`, `VmHWM`), in KiB; 0 when unreadable.
    static func status(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    /// Resets VmHWM to the current resident set (Linux 4.0+: `5` to `/proc/self/clear_refs`).
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }
}
