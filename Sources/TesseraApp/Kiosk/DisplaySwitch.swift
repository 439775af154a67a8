import CPlatform
import Foundation
import GalleryCore
import SDLKit

/// Switches the display off and on outside a frame's hours by the way `--display-power` names (`auto`: the first
/// the display stack offers, `DisplayPowerPlan`), named once in the log: the user's own commands
/// (`--display-off-command`, `--display-on-command`: `vcgencmd`, a smart plug), X11 DPMS (libXext), a wlroots
/// compositor's output-power-management protocol (labwc, sway, wayfire), the KMS connectors' DPMS property on SDL's
/// DRM descriptor (a Pi on the console), a TV's HDMI-CEC (`cec-ctl` from v4l-utils, where a /dev/cec device is;
/// beside a way that only cuts the signal, which leaves many TVs lit on "no signal"). Each is read back where its
/// protocol allows. Where none works the screen is painted black, as before, and the log and the header say why.
final class DisplaySwitch {
    let plan: DisplayPowerPlan
    /// The compositor's connection, for `.wlr`.
    private let wayland: WaylandOutputPower?
    /// The window on SDL's KMSDRM driver, for `.kms`: its DRM descriptor is asked for at each switch.
    private let window: Window?
    /// The TV's HDMI-CEC, for `.cec`: run on the helpers' queue (each step waits for cec-ctl and the TV).
    private let cec: HDMICEC?
    /// Whether the display is off now, as far as the last switch could tell.
    private(set) var isOff = false

    /// The shell commands for `.commands` (`--display-off-command`, `--display-on-command`).
    private let commandOff: String, commandOn: String

    init(plan: DisplayPowerPlan, commands: (off: String, on: String) = ("", ""), wayland: WaylandOutputPower? = nil,
         window: Window? = nil, cec: HDMICEC? = nil) {
        self.plan = plan
        (commandOff, commandOn) = commands
        self.wayland = wayland
        self.window = window
        self.cec = cec
        // A fresh adapter sends nothing until it is made a playback device: done at start, so the TV lists the
        // frame by name and the first night's standby is not the first thing it tries.
        if let cec { helpers.async { DisplaySwitch.log([cec.start()]) } }
    }

    /// The way this display is switched: `way` as asked, with what the video driver and the machine offer.
    /// `name`: the frame's, for the TV's list of inputs.
    convenience init(way: DisplayPowerWay, offCommand: String?, onCommand: String?, driver: String?, window: Window?,
                     name: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        var wayland: WaylandOutputPower?
        let tool = Executables.find("cec-ctl", environment: environment)
        let facts = DisplayPowerFacts(
            commandsGiven: !(offCommand ?? "").isEmpty, driver: driver,
            underWayland: !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty,
            x11DPMS: { environment["DISPLAY"] != nil && tessera_x11_dpms_available() != 0 ? nil : "the X server has no DPMS extension" },
            wlr: {
                do { wayland = try WaylandOutputPower(); return nil } catch { return "\(error)" }
            },
            kms: {
                // Asked without switching anything: the connected connectors that have a DPMS property.
                guard let fd = window?.drmDescriptor, tessera_kms_connectors(fd) > 0 else {
                    return "SDL's DRM device shows no connected display with a DPMS property"
                }
                return nil
            },
            cecDevice: DisplaySwitch.cecDevice(), cecTool: tool != nil)
        let plan = DisplayPowerPlan.choose(way, facts)
        let cec = plan.cecDevice.map {
            HDMICEC(device: $0, name: name, tool: tool ?? "cec-ctl", run: DisplaySwitch.capture,
                    pause: { usleep(useconds_t($0 * 1_000_000)) })
        }
        self.init(plan: plan, commands: (offCommand ?? "", onCommand ?? ""), wayland: plan.means.contains(.wlr) ? wayland : nil,
                  window: plan.means.contains(.kms) ? window : nil, cec: cec)
    }

    /// Switches the display by each means of the plan (on in the plan's order, off in the reverse: the TV is
    /// asked to sleep while it still has a picture, and has its signal back before it is woken); returns the words
    /// for the log when one did not take. HDMI-CEC answers later, in the log.
    @discardableResult
    func set(on: Bool) -> String? {
        var problems: [String] = []
        var off = false
        for means in on ? plan.means : plan.means.reversed() {
            switch means {
            case .commands:
                off = !on
                runAside(["/bin/sh", "-c", on ? commandOn : commandOff])
            case .x11DPMS:
                let state = tessera_x11_dpms(on ? 1 : 0)
                off = off || state == 0
                if state != (on ? 1 : 0) { problems.append("DPMS reads back \(state == 1 ? "on" : state == 0 ? "off" : "nothing")") }
            case .wlr:
                let why = wayland?.set(on: on)
                off = off || (!on && why == nil)
                if let why { problems.append(why) }
            case .kms:
                let confirmed = window?.drmDescriptor.map { tessera_kms_dpms($0, on ? 1 : 0) } ?? -1
                off = off || (!on && confirmed > 0)
                if confirmed <= 0 {
                    problems.append(confirmed < 0 ? "SDL's DRM device is gone"
                                    : "a connected display does not read back DPMS \(on ? "on" : "off")")
                }
            case .cec:
                off = off || !on
                if let cec { helpers.async { DisplaySwitch.log(on ? cec.wake() : cec.standby()) } }
            }
        }
        isOff = off
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// X switches a display forced off on again at any input (a jittering touch): DPMS off again, alone (the TV is
    /// not sent another standby).
    func holdOff() {
        guard plan.means.contains(.x11DPMS) else { return }
        _ = tessera_x11_dpms(0)
    }

    /// Helpers run one after another, off the main loop (a slow smart plug or TV must not freeze the frame or its
    /// input); what they say is logged from there.
    private let helpers = DispatchQueue(label: "tessera.display-power")

    private func runAside(_ arguments: [String]) {
        helpers.async {
            let status = DisplaySwitch.run(arguments)
            if status != 0 { Log.warn("the display command \(arguments.joined(separator: " ")) exited with \(status)") }
        }
    }

    private static func log(_ said: [HDMICEC.Said]) {
        for line in said {
            switch line {
            case .info(let words): Log.info(words)
            case .warning(let words): Log.warn(words)
            }
        }
    }

    /// Runs a helper to its end (ten seconds at most) and returns its exit status.
    private static func run(_ arguments: [String]) -> Int32 {
        capture(arguments, keep: false).status
    }

    /// Runs a helper to its end (ten seconds at most): its exit status and what it printed (standard output and
    /// error together, through a file: a pipe could fill and stall it).
    static func capture(_ arguments: [String]) -> HDMICEC.Output { capture(arguments, keep: true) }

    private static func capture(_ arguments: [String], keep: Bool) -> HDMICEC.Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        var file: FileHandle?
        let path = NSTemporaryDirectory() + "tessera-helper-\(getpid())-\(UUID().uuidString)"
        if keep, FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forUpdatingAtPath: path) {
            file = handle
            unlink(path)  // nothing is left behind; the handle still reads it
        }
        process.standardOutput = file ?? FileHandle.nullDevice
        process.standardError = file ?? FileHandle.nullDevice
        defer { try? file?.close() }
        do { try process.run() } catch { return HDMICEC.Output(status: 127, text: "\(arguments[0]): \(error)") }
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate(); return HDMICEC.Output(status: 124, text: "gave up after 10 s") }
        var text = ""
        if let file {
            try? file.seek(toOffset: 0)
            let data: Data? = try? file.read(upToCount: 1 << 20)
            text = String(decoding: data ?? Data(), as: UTF8.self)
        }
        return HDMICEC.Output(status: process.terminationStatus, text: text)
    }

    private static func cecDevice() -> String? {
        (0..<4).map { "/dev/cec\($0)" }.first { FileManager.default.fileExists(atPath: $0) }
    }
}
