import Foundation
import ProcessMeasurement

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
        let peakReset = ProcessMeasurement.resetPeak()
        let baseline = ProcessMeasurement.status("VmRSS")
        let start = ProcessMeasurement.cpuTime()
        let fields = try await workload.run()
        let cpu = ProcessMeasurement.cpuTime() - start
        let peak = ProcessMeasurement.status("VmHWM")
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
}
