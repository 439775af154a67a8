import Foundation

/// The calendar's lines over the slideshow (`--calendar`): today's and the next events, at most `limit` lines, in
/// a corner, with a line saying their age under them when they come from an old kept copy (`CalendarAge`). What the sources said comes from a `CalendarFeed` (the app's fetcher, off the main thread); the lines
/// are worked out again only when that changed or the minute turned.
public final class CalendarOverlay: OverlayModel {
    public let feed: any CalendarFeed
    public let limit: Int
    public let days: Int

    /// The clock's words for `config`: its hours as the frame's clock reads them (`--clock-hours`, a `12h`/`24h`
    /// word, else the locale's), in the locale's words for AM and PM.
    public static func clockWords(config: GalleryConfig, locale: Locale = ClockLocale.locale()) -> ClockWords {
        ClockWords(hours: config.slideClock?.hours ?? ClockLocale.hours(of: locale), locale: locale)
    }
    private let placement: OverlayPlacement
    /// How the frame's clock writes a time: the events' times read the same (12 or 24 hours).
    private let clock: ClockWords?
    /// What it shows now, one string a line.
    public private(set) var lines: [String] = []
    private var seenGeneration = -1
    private var seenMinute = Int.min

    /// Off the window's edges (twice the window's margin, as the frame's clock).
    public static let inset = 32
    /// Until the sources' first answer, the feed is looked at each second (a lock and a comparison), so the lines
    /// come as soon as a fetch does; then once a minute, on the minute, for the day words and what is on now.
    public static let waitingCheck = 1.0
    public static let minuteCheck = 60.0

    public init(feed: any CalendarFeed, lines: Int = CalendarSettings.defaultLines,
                spot: OverlayPlacement.Spot = .bottomLeft, days: Int = CalendarLimits().daysAhead,
                clock: ClockWords? = nil) {
        self.feed = feed; limit = max(1, lines); self.days = days; self.clock = clock
        placement = OverlayPlacement(spot, inset: CalendarOverlay.inset)
    }

    public var traits: OverlayTraits {
        OverlayTraits(placement: placement, scenes: .slideshow,
                      refresh: .every(seconds: seenGeneration > 0 ? CalendarOverlay.minuteCheck : CalendarOverlay.waitingCheck))
    }

    /// Over a photo only, as the frame's clock.
    public func shows(in gallery: GalleryModel) -> Bool {
        !lines.isEmpty && ((gallery.screen as? FrameScreen)?.showsPhoto ?? true)
    }

    /// Room kept at the foot for the photos' captions (the slideshow's band: its line and padding), so a calendar
    /// at the bottom stands above a caption rather than on it.
    public static let captionRoom = 48

    /// The window, less the captions' foot when the calendar stands at the bottom of a slideshow with captions. Kept
    /// whether or not a caption shows this moment (they go while a photo gives way): the calendar never jumps.
    public func area(in gallery: GalleryModel) -> Rect {
        let size = gallery.viewport.size
        let bottom: Set<OverlayPlacement.Spot> = [.bottomLeft, .bottomRight, .bottomBand]
        let foot = bottom.contains(placement.spot) && !gallery.config.slideshowCaptions.isEmpty ? CalendarOverlay.captionRoom : 0
        return Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - foot))
    }

    public func refresh(_ context: OverlayContext) -> Bool {
        let snapshot = feed.latest()
        let minute = Int((context.date.timeIntervalSince1970 / 60).rounded(.down))
        guard snapshot.generation != seenGeneration || minute != seenMinute else { return false }
        seenGeneration = snapshot.generation; seenMinute = minute
        var now = CalendarAgenda.lines(snapshot.occurrences, now: context.date, timeZone: context.timeZone,
                                       limit: limit, days: days, clock: clock)
        if !now.isEmpty, let age = CalendarAge.words(asOf: snapshot.asOf, now: context.date.timeIntervalSince1970) {
            now.append(age)
        }
        defer { lines = now }
        return now != lines
    }

    public var words: String? { lines.isEmpty ? nil : lines.joined(separator: "\n") }
}
