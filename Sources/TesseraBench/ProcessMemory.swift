@_spi(Bench) import TesseraApp
import Foundation

/// This process's memory as the kernel counts it (`/proc/self/status`): VmRSS is everything resident, RssAnon the
/// part the process itself allocated (heap, stacks), which is what a leak or an unbounded cache grows. Mesa's
/// mapped libraries make up much of VmRSS, so growth of RssAnon is the figure to judge.
struct ProcessMemory: Equatable {
    var rssMB: Double
    var anonMB: Double

    static func read() -> ProcessMemory {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return ProcessMemory(rssMB: 0, anonMB: 0)
        }
        return parse(text)
    }

    static func parse(_ status: String) -> ProcessMemory {
        var rss = 0.0, anon = 0.0
        for line in status.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kB = Double(fields[1]) else { continue }
            if fields[0] == "VmRSS:" { rss = kB / 1024 }
            if fields[0] == "RssAnon:" { anon = kB / 1024 }
        }
        return ProcessMemory(rssMB: rss, anonMB: anon)
    }

    /// Processor seconds this process has used, all threads, user and system (`CLOCK_PROCESS_CPUTIME_ID`).
    static func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Seconds since this process started, from `/proc/self/stat` (start time in clock ticks since boot) and
    /// `/proc/uptime`; resolution one tick (10 ms).
    static func processAge() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let uptimeText = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
              let uptime = Double(uptimeText.split(separator: " ").first ?? ""),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name; starttime is field 22 overall, the 20th after ")".
        let rest = stat[stat.index(after: close)...].split(separator: " ")
        guard rest.count > 19, let ticks = Double(rest[19]) else { return nil }
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        return uptime - ticks / max(1, hz)
    }
}

/// Start, after-first-screen, peak and end of one memory figure.
struct MemoryTrack {
    var start = 0.0, afterFirstScreen = 0.0, peak = 0.0, end = 0.0

    mutating func sample(_ value: Double) { peak = max(peak, value); end = value }

    var json: [String: Double] {
        ["start": start, "after_first_screen": afterFirstScreen, "peak": peak, "end": end].mapValues(BenchReport.round)
    }
}
