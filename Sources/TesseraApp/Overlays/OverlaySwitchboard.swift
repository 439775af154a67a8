import Foundation
import GalleryCore

/// The owner's switches of the frame's overlays (`Command.setOverlay`, from Home Assistant, the remote page or the
/// HTTP API): tells the overlay layer, and keeps the choice in `overlays.json` beside the configuration file (with the
/// remote's token and the frame's id), written whole or not at all (`AtomicFile`), read back at the next start.
final class OverlaySwitchboard {
    private let layer: OverlayLayer
    /// The kept file (nil: nowhere to keep it).
    private let path: String?

    static let fileName = "overlays.json"

    init(layer: OverlayLayer, options: AppOptions) {
        self.layer = layer
        let folder = ((options.configPath ?? NSHomeDirectory() + "/.config/tessera/config") as NSString)
            .deletingLastPathComponent
        // Automation and benchmarks keep nothing of the user's, unless a test names a configuration of its own.
        path = options.usesLibrary || options.configPath != nil ? folder + "/" + OverlaySwitchboard.fileName : nil
        guard let path else { return }
        do {
            layer.switches = OverlaySwitches(data: try AtomicFile.read(path))
            if !layer.switches.off.isEmpty { Log.info("overlays switched off: \(layer.switches.off.sorted().joined(separator: ", "))") }
        } catch {
            Log.warn("overlays: \(error); every overlay is on")
        }
    }

    /// Switches `name` on or off and keeps it; why not, when there is no such overlay or it cannot be kept.
    func set(_ name: String, on: Bool) -> CommandRefusal? {
        let names = layer.switchable
        guard names.contains(name) else {
            let known = names.isEmpty ? "none" : names.joined(separator: ", ")
            return CommandRefusal("no overlay called \(ExternalText.clean(name, maxCharacters: 40)) on this frame (\(known))")
        }
        guard layer.switches.set(name, on: on), let path else { return nil }
        do {
            try AtomicFile.write(layer.switches.data(), to: path)
        } catch {
            Log.warn("overlays: cannot keep the switches in \(path): \(error)")
            return CommandRefusal("switched, but not kept for the next start: \(error)", kind: .notStored)
        }
        return nil
    }
}
