import CPlatform
import Foundation
import SDLKit

/// Switches the display off and on outside a frame's hours, by the first way the display stack offers, named once
/// in the log: the user's own commands (`--display-off-command`, `--display-on-command`: `vcgencmd`, a smart plug),
/// X11 DPMS (libXext), a wlroots compositor's output-power-management protocol (labwc, sway, wayfire), the KMS
/// connectors' DPMS property on SDL's DRM descriptor (a Pi on the console), a TV's HDMI-CEC (`cec-ctl` from
/// v4l-utils, where a /dev/cec device is). Each is read back where its protocol allows. Where none works the
/// screen is painted black, as before, and the log and the header say why.
final class DisplaySwitch {
    enum Method: Equatable, CustomStringConvertible {
        case commands(off: String, on: String)
        case dpms
        case wayland
        case kms
        case cec(device: String)
        /// Nothing can switch it: painted black. `why` is said once.
        case black(why: String)

        /// Whether it switches anything (a black screen does not).
        var canSwitch: Bool {
            if case .black = self { return false }
            return true
        }

        var description: String {
            switch self {
            case .commands: return "the display commands given (--display-off-command, --display-on-command)"
            case .dpms: return "X11 DPMS"
            case .wayland: return "the Wayland compositor's output power (wlr-output-power-management)"
            case .kms: return "the KMS connectors' DPMS property"
            case .cec(let device): return "HDMI-CEC (cec-ctl, \(device))"
            case .black(let why): return "black, not off (\(why))"
            }
        }
    }

    let method: Method
    /// The compositor's connection, for `.wayland`.
    private let wayland: WaylandOutputPower?
    /// The window on SDL's KMSDRM driver, for `.kms`: its DRM descriptor is asked for at each switch.
    private let window: Window?
    /// Whether the display is off now, as far as the last switch could tell.
    private(set) var isOff = false

    init(method: Method, wayland: WaylandOutputPower? = nil, window: Window? = nil) {
        self.method = method
        self.wayland = wayland
        self.window = window
    }

    /// The way this display can be switched: the commands if given, else what the video driver has.
    convenience init(offCommand: String?, onCommand: String?, driver: String?, window: Window?,
                     environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let off = offCommand, !off.isEmpty { self.init(method: .commands(off: off, on: onCommand ?? "")); return }
        var why: [String] = []
        if driver == "x11" {
            if environment["DISPLAY"] != nil, tessera_x11_dpms_available() != 0 { self.init(method: .dpms); return }
            why.append("the X server has no DPMS extension")
        }
        // Natively on Wayland, or through XWayland (which has no DPMS): the compositor's own output power.
        if driver == "wayland" || (driver == "x11" && !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty) {
            do {
                self.init(method: .wayland, wayland: try WaylandOutputPower())
                return
            } catch {
                why.append("\(error)")
            }
        }
        if driver == "KMSDRM" {
            // Asked without switching anything: the connected connectors that have a DPMS property.
            if let fd = window?.drmDescriptor, tessera_kms_connectors(fd) > 0 { self.init(method: .kms, window: window); return }
            why.append("SDL's DRM device shows no connected display with a DPMS property")
        } else if !["x11", "wayland"].contains(driver ?? "") {
            why.append("the \(driver ?? "unknown") video driver offers no way to switch the display")
        }
        if let device = DisplaySwitch.cecDevice(), Executables.find("cec-ctl") != nil {
            self.init(method: .cec(device: device))
            return
        }
        why.append("there is no HDMI-CEC device")
        self.init(method: .black(why: why.joined(separator: ", ")))
    }

    /// Switches the display; returns the words for the log when it did not take.
    @discardableResult
    func set(on: Bool) -> String? {
        switch method {
        case let .commands(off, onCommand):
            isOff = !on
            runAside(["/bin/sh", "-c", on ? onCommand : off])
            return nil
        case .dpms:
            let state = tessera_x11_dpms(on ? 1 : 0)
            isOff = state == 0
            return state == (on ? 1 : 0) ? nil : "DPMS reads back \(state == 1 ? "on" : state == 0 ? "off" : "nothing")"
        case .wayland:
            let why = wayland?.set(on: on)
            isOff = !on && why == nil
            return why
        case .kms:
            let confirmed = window?.drmDescriptor.map { tessera_kms_dpms($0, on ? 1 : 0) } ?? -1
            isOff = !on && confirmed > 0
            return confirmed > 0 ? nil : confirmed < 0 ? "SDL's DRM device is gone"
                : "a connected display does not read back DPMS \(on ? "on" : "off")"
        case .cec(let device):
            isOff = !on
            runAside([Executables.find("cec-ctl") ?? "cec-ctl", "-d", device, "--to", "0",
                      on ? "--image-view-on" : "--standby"])
            return nil
        case .black:
            isOff = false
            return nil
        }
    }

    /// Helpers run one after another, off the main loop (a slow smart plug must not freeze the frame or its
    /// input); a failure is logged from there.
    private let helpers = DispatchQueue(label: "tessera.display-power")

    private func runAside(_ arguments: [String]) {
        helpers.async {
            let status = DisplaySwitch.run(arguments)
            if status != 0 { Log.warn("the display command \(arguments.joined(separator: " ")) exited with \(status)") }
        }
    }

    /// Runs a helper to its end (ten seconds at most) and returns its exit status.
    private static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return 127 }
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate(); return 124 }
        return process.terminationStatus
    }

    private static func cecDevice() -> String? {
        (0..<4).map { "/dev/cec\($0)" }.first { FileManager.default.fileExists(atPath: $0) }
    }

}
