import Foundation

/// The frame's clock (`--clock`): the time in minutes, in 12 or 24 hours, with an optional date line (weekday, day
/// and month in the locale's words), small in a corner as of old or large enough to read across a room, in a corner,
/// a band at the top or the foot, or the centre (`ClockStyle`). Asked once a minute, on the minute (each frame when
/// it shows milliseconds), it changes, and so redraws, once a minute; nothing between.
///
/// It does not fade with the header: a frame's clock is read from across the room while nobody touches the frame,
/// which is exactly when a slideshow's header fades away; on a kiosk it stays for the same reason. It stands over a
/// photo only, and moves with the kiosk's burn-in shift as the picture does.
public final class FrameClockOverlay: OverlayModel {
    public let traits: OverlayTraits
    public let style: ClockStyle
    public let showsMilliseconds: Bool
    private let reader: ClockWords
    /// What it shows now ("07:05", "7:05 PM"; "07:05:09.120" with milliseconds).
    public private(set) var text = ""
    /// The date line under the time ("Tuesday, December 1"), nil when the style has none.
    public private(set) var dateLine: String?

    /// Off the window's edges for the small clock: twice the window's margin.
    public static let inset = 32

    /// `locale`: the words and, when the style does not say, the hours (`ClockLocale`); `scenes`: where it shows
    /// (the slideshow; `.asleep` too for the night clock).
    public init(style: ClockStyle, locale: Locale = ClockLocale.locale(), showsMilliseconds: Bool = false,
                scenes: OverlayScenes = .slideshow) {
        self.style = style
        self.showsMilliseconds = showsMilliseconds
        reader = ClockWords(hours: style.hours ?? ClockLocale.hours(of: locale), locale: locale)
        traits = OverlayTraits(placement: OverlayPlacement(style.spot, inset: ClockLayout.inset(style.size)),
                               scenes: scenes, refresh: showsMilliseconds ? .everyFrame : .every(seconds: 60))
    }

    /// The small clock in `corner`, in 24 hours as it always read.
    public convenience init(corner: ClockCorner, showsMilliseconds: Bool = false) {
        var style = ClockStyle(corner: corner)
        style.hours = style.hours ?? .twentyFour
        self.init(style: style, showsMilliseconds: showsMilliseconds)
    }

    /// The clock `--clock` asks for, if any; with `--night-clock` it also shows outside a kiosk's hours (the
    /// night clock: the `.asleep` scene), where no `--clock` was given as a huge clock with its date in the centre.
    public convenience init?(config: GalleryConfig) {
        let night = config.nightClock != nil
        guard let style = config.slideClock ?? (night ? ClockStyle(size: .huge, showsDate: true) : nil) else { return nil }
        var scenes: OverlayScenes = config.slideClock != nil ? .slideshow : []
        if night { scenes.insert(.asleep) }
        self.init(style: style, scenes: scenes)
    }

    /// The hours it reads in (the style's, else the locale's).
    public var hours: ClockStyle.Hours { reader.hours }

    /// Over a photo only, as the slideshow drew it: not over "Waiting for photos…" or the empty feed's words.
    /// Outside a kiosk's hours it is the night clock, with no photo under it.
    public func shows(in gallery: GalleryModel) -> Bool {
        gallery.kiosk?.nightClockShows == true || ((gallery.screen as? FrameScreen)?.showsPhoto ?? true)
    }

    public func refresh(_ context: OverlayContext) -> Bool {
        let shown = showsMilliseconds ? ClockFormat.now(context.date, timeZone: context.timeZone)
            : reader.time(context.date, timeZone: context.timeZone)
        // The date is read again only when the time changed (a new day begins with a new minute).
        guard shown != text else { return false }
        text = shown
        dateLine = style.showsDate ? reader.dateLine(context.date, timeZone: context.timeZone) : nil
        return true
    }

    /// The time, and the date line under it on a line of its own.
    public var words: String? {
        guard !text.isEmpty else { return nil }
        return [text, dateLine].compactMap { $0 }.joined(separator: "\n")
    }
}
