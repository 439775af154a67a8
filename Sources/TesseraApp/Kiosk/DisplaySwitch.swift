import CPlatform
import Foundation
import SDLKit

/// Switches the display off and on outside a frame's hours, by the first way the display stack offers, named once
/// in the log: the user's own commands (`--display-off-command`, `--display-on-command`: `vcgencmd`, a smart plug),
/// X11 DPMS (libXext; the state read back), a TV's HDMI-CEC (`cec-ctl` from v4l-utils, where a /dev/cec device is).
/// Where none works the screen is painted black, as before, and the log says why.
///
/// Not here yet: KMS (the connector's DPMS property through SDL's DRM descriptor, for a Pi on the console) and
/// wlroots compositors (labwc, sway: the output-power-management protocol); both are named in the log line as what
/// such a frame would use.
final class DisplaySwitch {
    enum Method: Equatable, CustomStringConvertible {
        case commands(off: String, on: String)
        case dpms
        case cec(device: String)
        /// Nothing can switch it: painted black. `why` is said once.
        case black(why: String)

        var description: String {
            switch self {
            case .commands: return "the display commands given (--display-off-command, --display-on-command)"
            case .dpms: return "X11 DPMS"
            case .cec(let device): return "HDMI-CEC (cec-ctl, \(device))"
            case .black(let why): return "black, not off (\(why))"
            }
        }
    }

    let method: Method
    /// Whether the display is off now, as far as the last switch could tell.
    private(set) var isOff = false

    init(method: Method) { self.method = method }

    /// The way this display can be switched: the commands if given, else what the video driver has.
    static func choose(offCommand: String?, onCommand: String?, driver: String?,
                       environment: [String: String] = ProcessInfo.processInfo.environment) -> Method {
        if let off = offCommand, !off.isEmpty { return .commands(off: off, on: onCommand ?? "") }
        if driver == "x11", environment["DISPLAY"] != nil, tessera_x11_dpms_available() != 0 { return .dpms }
        if let device = cecDevice(), Executables.find("cec-ctl") != nil { return .cec(device: device) }
        switch driver {
        case "x11": return .black(why: "the X server has no DPMS extension, and there is no HDMI-CEC device")
        case "wayland": return .black(why: "the compositor's output power protocol is not used yet; "
                                      + "--display-off-command \"wlr-randr --output NAME --off\" switches a wlroots one")
        case "KMSDRM": return .black(why: "the KMS connector's DPMS property is not used yet; "
                                     + "--display-off-command \"vcgencmd display_power 0\" switches a Raspberry Pi's")
        default: return .black(why: "the \(driver ?? "unknown") video driver offers no way to switch the display")
        }
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
