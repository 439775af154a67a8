import Foundation
import Glibc

/// This process's children as the kernel counts them: every `/proc/PID/stat` whose parent is this process (the
/// media workers), their processor time (utime + stime) and resident memory, and the processor time of children
/// already reaped (`getrusage(RUSAGE_CHILDREN)`), so a worker that ended between two samples still counts.
struct ChildProcesses {
    /// Processor seconds of the children alive now, and of those already reaped.
    var cpuSeconds: Double
    /// Resident memory of the children alive now, summed, and each one's.
    var rssMB: Double
    var count: Int

    static func read() -> ChildProcesses {
        let me = getpid()
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        let page = Double(sysconf(Int32(_SC_PAGESIZE)))
        var ticks = 0.0, pages = 0.0, count = 0
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries where entry.first?.isNumber == true {
            guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let fields = parse(stat), fields.ppid == me else { continue }
            ticks += fields.utime + fields.stime
            pages += fields.rssPages
            count += 1
        }
        return ChildProcesses(cpuSeconds: ticks / max(1, hz) + reapedCPUSeconds(), rssMB: pages * page / 1_048_576,
                              count: count)
    }

    /// ppid, utime, stime (clock ticks) and rss (pages) from one `/proc/PID/stat` line (fields 4, 14, 15 and 24; the
    /// command name in parentheses may hold spaces, so fields are counted after its closing parenthesis).
    static func parse(_ stat: String) -> (ppid: Int32, utime: Double, stime: Double, rssPages: Double)? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let rest = stat[stat.index(after: close)...].split(separator: " ")
        guard rest.count > 21, let ppid = Int32(rest[1]), let utime = Double(rest[11]), let stime = Double(rest[12]),
              let rss = Double(rest[21]) else { return nil }
        return (ppid, utime, stime, rss)
    }

    /// Processor seconds, user and system, of the children this process has waited for (`getrusage`).
    static func reapedCPUSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_CHILDREN.rawValue, &usage) == 0 else { return 0 }
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
