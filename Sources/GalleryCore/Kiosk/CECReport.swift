import Foundation

/// What `cec-ctl` (v4l-utils 1.22) prints, read: its adapter report, a transmission's fate and a TV's power status.
/// The words come from another program (and through it from a TV): anything unexpected reads as "no answer",
/// never as a success.
public enum CECReport {
    /// The adapter as `cec-ctl -d DEVICE` reports it.
    public struct Adapter: Equatable, Sendable {
        /// "1.0.0.0"; "f.f.f.f" (or nil) when the adapter has none (no TV on its HDMI, or its EDID not read).
        public var physicalAddress: String?
        /// The logical addresses it holds (4: playback device 1); none while unconfigured.
        public var logicalAddresses: [Int] = []
        public var osdName: String?

        public var configured: Bool { !logicalAddresses.isEmpty }
        /// Whether it has a physical address (without one it can claim no logical address).
        public var connected: Bool {
            guard let address = physicalAddress else { return false }
            return address.lowercased() != "f.f.f.f"
        }
    }

    /// Reads the adapter's report: "Physical Address : 1.0.0.0", "OSD Name : 'Frame'", and a
    /// "Logical Address : 4 (Playback Device 1)" line per address held.
    public static func adapter(_ text: String) -> Adapter {
        var adapter = Adapter()
        for line in text.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "Physical Address":
                adapter.physicalAddress = value.split(separator: " ").first.map(String.init)
            case "Logical Address":
                if let first = value.split(separator: " ").first, let address = Int(first), (0...15).contains(address) {
                    adapter.logicalAddresses.append(address)
                }
            case "OSD Name":
                adapter.osdName = value.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            default: continue
            }
        }
        return adapter
    }

    /// Why a transmission (`--standby`, `--image-view-on`, `--active-source`) did not reach its destination, or
    /// nil when it did. cec-ctl exits 0 even when it sent nothing ("Adapter is unconfigured"), so its words
    /// decide, with its status.
    public static func transmitProblem(_ text: String, status: Int32) -> String? {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        if lines.contains(where: { $0.hasPrefix("Adapter is unconfigured") }) {
            return "the adapter is unconfigured (it has no logical address)"
        }
        // "Tx, Not Acknowledged (1), Max Retries": nobody at that address took it.
        if let status = lines.first(where: { $0.hasPrefix("Transmit Status:") || $0.hasPrefix("Tx,") || $0.contains("Tx, ") }),
           status.contains("Not Acknowledged") || status.contains("Nack") || status.contains("Error")
            || status.contains("Arbitration Lost") || status.contains("Timeout") || status.contains("Aborted") {
            return "not acknowledged by the TV (\(status))"
        }
        guard status == 0 else { return firstWords(lines, status: status) }
        return nil
    }

    /// The power state of a device, as REPORT_POWER_STATUS says it.
    public enum PowerState: String, Equatable, Sendable {
        case on, standby, toOn = "to-on", toStandby = "to-standby"
    }

    /// A TV's answer to GIVE_DEVICE_POWER_STATUS.
    public enum PowerAnswer: Equatable, Sendable, CustomStringConvertible {
        case state(PowerState)
        /// It answered FEATURE_ABORT (with its reason), or the adapter could not ask.
        case refused(String)
        /// Nothing came back in time, or nothing readable.
        case silent(String)

        public var description: String {
            switch self {
            case .state(let state): return state.rawValue
            case .refused(let why): return "refused (\(why))"
            case .silent(let why): return "no answer (\(why))"
            }
        }
    }

    /// Reads `cec-ctl --to 0 --give-device-power-status`: "pwr-state: standby (0x01)" in the reply, a
    /// FEATURE_ABORT with its "reason:", or why nothing came.
    public static func powerAnswer(_ text: String, status: Int32) -> PowerAnswer {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        if let line = lines.first(where: { $0.hasPrefix("pwr-state:") }) {
            let word = line.dropFirst("pwr-state:".count).trimmingCharacters(in: .whitespaces)
                .split(separator: " ").first.map(String.init) ?? ""
            if let state = PowerState(rawValue: word) { return .state(state) }
            return .silent("an unknown power state '\(ExternalWords.clip(word))'")
        }
        if lines.contains(where: { $0.contains("FEATURE_ABORT") }) {
            let reason = lines.first { $0.hasPrefix("reason:") }.map { $0.dropFirst("reason:".count).trimmingCharacters(in: .whitespaces) }
            return .refused("Feature Abort\(reason.map { ": \(ExternalWords.clip($0))" } ?? "")")
        }
        if let problem = transmitProblem(text, status: status) { return .refused(problem) }
        if let timeout = lines.first(where: { $0.contains("Timeout") }) { return .silent(ExternalWords.clip(timeout)) }
        return .silent("no REPORT_POWER_STATUS in cec-ctl's reply")
    }

    /// An OSD name a TV can show: printable ASCII, at most 14 characters (CEC's limit), else "Tessera".
    public static func osdName(_ name: String?) -> String {
        let kept = String(String.UnicodeScalarView((name ?? "").unicodeScalars.filter { (0x20...0x7E).contains($0.value) && $0 != "'" }))
            .trimmingCharacters(in: .whitespaces)
        return kept.isEmpty ? "Tessera" : String(kept.prefix(14)).trimmingCharacters(in: .whitespaces)
    }

    private static func firstWords(_ lines: [String], status: Int32) -> String {
        let first = lines.first { !$0.isEmpty }.map { ExternalWords.clip($0) }
        return "cec-ctl exited with \(status)\(first.map { ": \($0)" } ?? "")"
    }
}

/// Words from another program, kept short for the log.
enum ExternalWords {
    static func clip(_ text: String, at limit: Int = 160) -> String {
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        return clean.count > limit ? String(clean.prefix(limit)) + "…" : clean
    }
}
