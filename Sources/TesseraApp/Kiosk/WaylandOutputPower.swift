import CPlatform

/// The wlroots output-power-management protocol (labwc, sway, wayfire: what a Pi OS desktop and most Wayland
/// frames run) on a connection of its own to the compositor; owns it.
final class WaylandOutputPower {
    private let handle: OpaquePointer

    /// Why there is none: no compositor reached, or one without the protocol.
    enum Unavailable: Error, CustomStringConvertible {
        case noCompositor, noProtocol

        var description: String {
            switch self {
            case .noCompositor: return "the Wayland compositor could not be reached for its output power"
            case .noProtocol: return "the Wayland compositor has no output power protocol (labwc, sway and wayfire do; "
                + "--display-off-command can name the compositor's own tool)"
            }
        }
    }

    init() throws {
        guard let handle = tessera_wl_power_open() else { throw Unavailable.noCompositor }
        guard tessera_wl_power_has_manager(handle) != 0 else {
            tessera_wl_power_close(handle)
            throw Unavailable.noProtocol
        }
        self.handle = handle
    }

    deinit { tessera_wl_power_close(handle) }

    var outputs: Int { Int(tessera_wl_power_outputs(handle)) }

    /// Switches every output and waits for the compositor's answer: nil when all of them report the mode asked
    /// for, else the words for the log.
    func set(on: Bool) -> String? {
        var failed: Int32 = 0
        let confirmed = tessera_wl_power_set(handle, on ? 1 : 0, &failed)
        if confirmed < 0 { return "the connection to the compositor broke" }
        if failed > 0 { return "the compositor refused to switch \(failed) of its outputs" }
        let outputs = self.outputs
        if outputs == 0 { return "the compositor has no output" }
        return Int(confirmed) == outputs ? nil : "\(outputs - Int(confirmed)) of \(outputs) outputs did not report the change"
    }
}
