/// A TV switched through HDMI-CEC with `cec-ctl` (v4l-utils): the frame's adapter made a playback device with the
/// frame's name when it has no logical address (a fresh adapter sends nothing, and cec-ctl says so with status
/// 0), the TV put in standby, or woken with IMAGE_VIEW_ON and then told the frame is the active source (a TV on
/// another input goes to the frame's), and its power status read back to see that it took.
///
/// Blocking: each step runs cec-ctl to its end through `run`, and the read-back waits between questions through
/// `pause`; the app calls it off its main loop. Both are given, so a test substitutes them.
public final class HDMICEC {
    /// What a helper printed (standard output and error together) and its exit status.
    public struct Output: Equatable, Sendable {
        public var status: Int32
        public var text: String
        public init(status: Int32, text: String) { self.status = status; self.text = text }
    }

    /// A line for the log.
    public enum Said: Equatable, Sendable {
        case info(String), warning(String)
    }

    public let device: String
    public let osdName: String
    private let tool: String
    private let run: ([String]) -> Output
    private let pause: (Double) -> Void
    /// Questions of the TV's power status after a switch (a TV passes through to-standby and to-on), and seconds
    /// between them.
    public var readBackAttempts = 20
    public var readBackPause = 1.0

    public init(device: String, name: String?, tool: String = "cec-ctl", run: @escaping ([String]) -> Output,
                pause: @escaping (Double) -> Void) {
        self.device = device; self.osdName = CECReport.osdName(name); self.tool = tool; self.run = run; self.pause = pause
    }

    /// Makes the adapter a playback device named `osdName` if it holds no logical address; returns it as it then
    /// is, or why it cannot send.
    public func prepare() -> Result<CECReport.Adapter, CECProblem> {
        let report = run([tool, "-d", device])
        guard report.status == 0 else { return .failure(CECProblem(why: words(report))) }
        let adapter = CECReport.adapter(report.text)
        if adapter.configured { return .success(adapter) }
        let configured = run([tool, "-d", device, "--playback", "--osd-name", osdName])
        guard configured.status == 0 else { return .failure(CECProblem(why: "configuring it as a playback device: \(words(configured))")) }
        let now = CECReport.adapter(configured.text)
        if now.configured { return .success(now) }
        return .failure(CECProblem(why: now.connected || adapter.connected
            ? "it took no logical address as a playback device"
            : "it has no physical address (physical address \(now.physicalAddress ?? adapter.physicalAddress ?? "none"): is a TV connected and on its HDMI?), so it cannot claim a logical address"))
    }

    /// Says at start how the adapter stands: configured here, already so, or why it cannot send.
    public func start() -> Said {
        switch prepare() {
        case .success(let adapter):
            return .info("HDMI-CEC: \(device) is a playback device, logical address "
                         + "\(adapter.logicalAddresses.map(String.init).joined(separator: ", ")), physical address "
                         + "\(adapter.physicalAddress ?? "none"), OSD name '\(adapter.osdName ?? osdName)'")
        case .failure(let problem):
            return .warning("HDMI-CEC: \(device) cannot send: \(problem.why)")
        }
    }

    /// STANDBY to the TV, then its power status read back until it says standby.
    public func standby() -> [Said] {
        switch prepare() {
        case .failure(let problem): return [.warning("HDMI-CEC: the TV was not put in standby: \(problem.why)")]
        case .success:
            let sent = run([tool, "-d", device, "-s", "--to", "0", "--standby"])
            if let problem = CECReport.transmitProblem(sent.text, status: sent.status) {
                return [.warning("HDMI-CEC: STANDBY to the TV: \(problem)")]
            }
            return [readBack(.standby)]
        }
    }

    /// IMAGE_VIEW_ON to the TV, then ACTIVE_SOURCE with the adapter's physical address to all (the TV switches to
    /// the frame's input), then its power status read back until it says on.
    public func wake() -> [Said] {
        let adapter: CECReport.Adapter
        switch prepare() {
        case .failure(let problem): return [.warning("HDMI-CEC: the TV was not woken: \(problem.why)")]
        case .success(let prepared): adapter = prepared
        }
        var said: [Said] = []
        let woken = run([tool, "-d", device, "-s", "--to", "0", "--image-view-on"])
        if let problem = CECReport.transmitProblem(woken.text, status: woken.status) {
            said.append(.warning("HDMI-CEC: IMAGE_VIEW_ON to the TV: \(problem)"))
        }
        if adapter.connected, let address = adapter.physicalAddress {
            let active = run([tool, "-d", device, "-s", "--to", "15", "--active-source", "phys-addr=\(address)"])
            if let problem = CECReport.transmitProblem(active.text, status: active.status) {
                said.append(.warning("HDMI-CEC: ACTIVE_SOURCE \(address): \(problem)"))
            } else {
                said.append(.info("HDMI-CEC: the frame is the active source (\(address))"))
            }
        } else {
            said.append(.warning("HDMI-CEC: ACTIVE_SOURCE not sent: the adapter has no physical address"))
        }
        said.append(readBack(.on))
        return said
    }

    /// The TV's power status now.
    public func powerStatus() -> CECReport.PowerAnswer {
        let asked = run([tool, "-d", device, "-s", "--to", "0", "--give-device-power-status"])
        return CECReport.powerAnswer(asked.text, status: asked.status)
    }

    /// Asks the TV's power status until it is `wanted` (a TV on its way there says to-on or to-standby first);
    /// a refusal or another state at the end is a warning.
    private func readBack(_ wanted: CECReport.PowerState) -> Said {
        var answer = powerStatus()
        for _ in 1..<max(1, readBackAttempts) {
            if answer == .state(wanted) { break }
            // A TV that refuses or does not answer at all will not start to: asking again would only delay.
            if case .refused = answer { break }
            pause(readBackPause)
            answer = powerStatus()
        }
        if answer == .state(wanted) { return .info("HDMI-CEC: the TV reports \(wanted.rawValue)") }
        return .warning("HDMI-CEC: the TV did not confirm \(wanted.rawValue): its power status is \(answer)")
    }

    private func words(_ output: Output) -> String {
        let first = output.text.split(whereSeparator: \.isNewline).first.map { ExternalWords.clip(String($0)) }
        return "cec-ctl exited with \(output.status)\(first.map { ": \($0)" } ?? "")"
    }
}

/// Why the frame's HDMI-CEC adapter cannot send.
public struct CECProblem: Error, Equatable, Sendable {
    public var why: String
    public init(why: String) { self.why = why }
}
