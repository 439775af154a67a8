/// Whether the video driver SDL settled on can show anything to anyone. SDL falls through to its offscreen driver
/// when no display answers (a unit started before X, `DISPLAY` not imported): the app would then run invisibly and
/// tell systemd it is healthy. That driver is for tests and tools, taken only when asked for by name.
public enum DisplayRequirement {
    /// Drivers that draw into memory only.
    public static let invisible: Set<String> = ["offscreen", "dummy", "evdev"]

    /// Why the app must not go on with `driver`, in one line for a person; nil when it shows on a display or the
    /// invisible driver was asked for (`SDL_VIDEODRIVER`). `environment` names where a display was looked for.
    public static func problem(driver: String?, environment: [String: String]) -> String? {
        let requested = (environment["SDL_VIDEODRIVER"] ?? "").lowercased()
        guard let driver = driver?.lowercased() else { return "no video driver could start: \(placesLooked(environment))" }
        guard invisible.contains(driver), !requested.split(separator: ",").contains(Substring(driver)) else { return nil }
        return "no display to show photos on (\(placesLooked(environment))); start Tessera once the display is up, or name "
            + "one: DISPLAY for X11, WAYLAND_DISPLAY for Wayland, SDL_VIDEODRIVER=kmsdrm on a bare console"
    }

    private static func placesLooked(_ environment: [String: String]) -> String {
        let x = environment["DISPLAY"].map { "DISPLAY=\($0) cannot be opened" } ?? "DISPLAY is not set"
        let wayland = environment["WAYLAND_DISPLAY"].map { "WAYLAND_DISPLAY=\($0) cannot be reached" }
            ?? "WAYLAND_DISPLAY is not set"
        return "\(x), \(wayland)"
    }
}
