/// The frame's clock in pixels: how large its letters are for a window, and how the time and the date line stand in
/// its box. Pure, so a test sees every size at every window; the view measures the words and asks here.
public enum ClockLayout {
    /// The digits' height per em of the interface's bold face (the cap height: Inter's 0.727, DejaVu Sans's 0.729):
    /// what a share of the window's height is turned into a font size by.
    public static let digitsPerEm = 0.729
    /// The date line's letters against the time's.
    public static let dateShare = 0.36
    /// The soft shade's reach out of the words' box, in ems of the time; its feather begins `shadeCore` inside the
    /// box, so it is a soft glow of dark round the words rather than a box with blurred edges.
    public static let shadeReach = 0.6, shadeCore = 0.15

    /// The digits' height as a share of the window's height (nil: the small clock, in the header's lettering).
    public static func digitShare(_ size: ClockStyle.Size) -> Double? {
        switch size {
        case .small: return nil
        case .large: return 0.08
        case .huge: return 0.2
        }
    }

    /// Off the window's edges: the small clock's 32 px as before; larger clocks keep their shade inside the window.
    public static func inset(_ size: ClockStyle.Size) -> Int {
        switch size {
        case .small: return 32
        case .large: return 48
        case .huge: return 64
        }
    }

    /// The time's font size in pixels (its em) for `window`, before fitting: nil for the small clock.
    public static func timePixels(_ size: ClockStyle.Size, window: PixelSize) -> Int? {
        digitShare(size).map { max(8, Int((Double(window.height) * $0 / digitsPerEm).rounded())) }
    }

    /// The letters' sizes (ems in pixels) that fit `window`: the time at `timePixels` unless its words, `timeEms`
    /// wide (measured width / font size), would not fit between the insets with their shade; then smaller. The date
    /// line is `dateShare` of the time, smaller again if its `dateEms` would not fit.
    public static func lettering(_ size: ClockStyle.Size, window: PixelSize, timeEms: Double,
                                 dateEms: Double?) -> (time: Int, date: Int)? {
        guard let nominal = timePixels(size, window: window) else { return nil }
        let room = Double(window.width - 2 * inset(size))
        let time = min(Double(nominal), room / (max(0.1, timeEms) + 2 * shadeReach))
        let date = min(time * dateShare, dateEms.map { (room - 2 * shadeReach * time) / max(0.1, $0) } ?? .infinity)
        return (max(8, Int(time.rounded(.down))), max(6, Int(date.rounded(.down))))
    }

    /// Where the lines stand in the clock's box (box pixels) and the box's size: the time above the date, both
    /// flush with the box's side at a corner's side (left at the left corners, right at the right) and centred in a
    /// band or the centre.
    public static func arrange(time: PixelSize, date: PixelSize?, spot: OverlayPlacement.Spot)
        -> (size: PixelSize, time: Rect, date: Rect?) {
        let width = max(time.width, date?.width ?? 0)
        let size = PixelSize(width: width, height: time.height + (date?.height ?? 0))
        func x(_ line: Int) -> Int {
            switch spot {
            case .topLeft, .bottomLeft: return 0
            case .topRight, .bottomRight: return width - line
            default: return (width - line) / 2
            }
        }
        return (size, Rect(x: x(time.width), y: 0, width: time.width, height: time.height),
                date.map { Rect(x: x($0.width), y: time.height, width: $0.width, height: $0.height) })
    }
}
