import Foundation

/// What a benchmark process measures of itself (Linux): CPU time, resident memory from `/proc/self/status`, and
/// a reset of the peak so that a workload's peak is its own, not its set-up's. HostileBench and DownloadBench
/// run one workload per process with these.
public enum ProcessMeasurement {
    /// User + system CPU time of the process, in seconds.
    public static func cpuTime() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// A `kB` field of `/proc/self/status` (`VmRSS`, `VmHWM`), in KiB; 0 when unreadable.
    public static func status(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    /// Resets VmHWM to the current resident set (Linux 4.0+: `5` to `/proc/self/clear_refs`); false when the
    /// kernel does not allow it.
    public static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }
}
