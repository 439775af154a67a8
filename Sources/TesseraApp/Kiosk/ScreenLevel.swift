import GalleryCore

/// The brightness a kiosk's week wants, kept: the display's own (`BrightnessSwitch`) where something sets it, else
/// drawn darker (the "dim" overlay's black layer at `Kiosk.drawnDarkness`). Asked each turn; acts only when the level
/// changes (an edge, the start), or when told to send it again (the display came back on: it may have forgotten).
final class ScreenLevel {
    /// What sets the brightness (nil: not chosen yet, or nothing to choose with).
    private(set) var brightness: BrightnessSwitch?
    /// Chooses it the first time a level below full is wanted, for a week that did not dim at the start (a dim
    /// saved from the remote's form): choosing may run `ddcutil detect`, so a frame that never dims never asks.
    private var choose: (() -> BrightnessSwitch)?
    /// The level last applied, in percent (nil: none yet).
    private(set) var applied: Int?
    /// Whether the last level went to the display, or was drawn.
    private(set) var drawn = false

    init(brightness: BrightnessSwitch?, choose: (() -> BrightnessSwitch)? = nil) {
        self.brightness = brightness
        self.choose = brightness == nil ? choose : nil
    }

    /// Applies `state`'s level to `kiosk`'s display (nothing for a display off); `again`: even if unchanged.
    func apply(_ state: ScreenState, to kiosk: Kiosk, again: Bool = false) {
        // The switch's `canSet` may change under it (its way became known, or a send failed): apply again then.
        let switched = brightness.map { drawn == $0.canSet } ?? false
        guard let level = state.level, level != applied || again || switched else { return }
        applied = level
        if brightness == nil, level < 100, let choose {
            brightness = choose()
            self.choose = nil
        }
        if let brightness, brightness.canSet {
            if let why = brightness.set(percent: level, again: again) {
                Log.warn("brightness \(level) % not set (\(why)): drawn darker instead")
            } else {
                kiosk.drawnDarkness = 0
                drawn = false
                return
            }
        }
        drawn = true
        kiosk.drawnDarkness = Double(100 - level) / 100
    }
}
