import Foundation

/// Why the display is on or off now, as the health says it (English values of the state's `display_reason`).
public enum DisplayReason: String, Sendable {
    /// The hours say so (or the week's dim hours).
    case schedule
    /// Switched on or off by hand (the remote, Home Assistant's switch), over the hours.
    case override
    /// Outside the hours, lit by a touch (`--wake-on-touch`).
    case wake
    /// Outside the hours, a clock alone on a dim display (`--night-clock`).
    case nightClock = "night-clock"
    /// No hours and no switch: always on.
    case always

    /// The reason for a frame with `kiosk` (nil: not a kiosk, always on); `lit`: the display is on now;
    /// `scheduledShowsPhotos`: whether the hours alone would show photos now.
    public static func of(_ kiosk: Kiosk?, lit: Bool, scheduledShowsPhotos: Bool) -> DisplayReason {
        guard let kiosk, kiosk.keepsDisplayPower else { return .always }
        if kiosk.displayOverride != nil { return .override }
        if kiosk.nightClockShows { return .nightClock }
        if lit, !scheduledShowsPhotos, kiosk.wakeOnTouch { return .wake }
        return .schedule
    }
}
