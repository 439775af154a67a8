import Foundation

/// How large the interface is drawn: 2 on a HiDPI screen, where text and photos are drawn at device pixels (crisp)
/// and cells ask for photos at device size. Wayland tells SDL (the drawable is larger than the window); X11 does
/// not, and desktops publish their choice as `GDK_SCALE` (whole numbers) and `Xft.dpi` (96 is 1). A kiosk on a
/// large screen is read across a room: unless told, its interface grows with the display's height (a 2160-line
/// screen draws what a 1080-line one does, twice as large).
public enum InterfaceScale {
    public static let range: ClosedRange<Double> = 1...4

    /// `forced`: `--scale`; `drawableRatio`: drawable over window size (Wayland's own scale, then nothing is added).
    public static func resolve(forced: Double?, kiosk: Bool, displayHeight: Int?, gdkScale: String?, xftDPI: Double?,
                               drawableRatio: Double = 1) -> Double {
        if let forced, forced.isFinite { return min(max(forced, range.lowerBound), range.upperBound) }
        guard drawableRatio < 1.01 else { return 1 }
        if kiosk, let height = displayHeight, height > 0 {
            // Quarter steps: 1440 lines give 1.25, 2160 give 2.
            return min(max((Double(height) / 1080 * 4).rounded(.down) / 4, 1), range.upperBound)
        }
        if let text = gdkScale, let gdk = Int(text.trimmingCharacters(in: .whitespaces)), gdk >= 1 {
            return min(Double(gdk), range.upperBound)
        }
        if let dpi = xftDPI, dpi > 0 {
            return min(max((dpi / 96 * 4).rounded() / 4, 1), range.upperBound)
        }
        return 1
    }
}

/// A window never larger than the display it opens on: a size asked for (`--size` times `--scale`) that does not
/// fit the display's usable area is brought down to it, keeping the shape where it can, so the header (and its
/// buttons) are always on screen.
public enum WindowFit {
    /// `usable`: the display's usable area (nil: unknown, the size stands).
    public static func fit(_ asked: PixelSize, usable: PixelSize?) -> PixelSize {
        guard let usable, usable.width > 0, usable.height > 0 else { return asked }
        return PixelSize(width: max(1, min(asked.width, usable.width)), height: max(1, min(asked.height, usable.height)))
    }
}
