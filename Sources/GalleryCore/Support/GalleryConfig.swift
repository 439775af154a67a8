/// Every number the gallery's look and behaviour depend on, in one place.
public struct GalleryConfig: Equatable {
    public var windowSize = PixelSize(width: 1280, height: 800)
    public var headerHeight = 48
    /// Columns of the wall: a number, or 0 for as many as the window's width holds (`--columns auto`).
    public var columns = 2
    /// `--columns` was given: the wall opens at it, not at the zoom kept in the library (`takeKeptColumns`).
    public var columnsGiven = false
    public var gap = 12
    /// A section's heading across the wall (a memories wall's year).
    public var sectionHeadingHeight = 44
    public var cornerRadius = 10
    public var pageSize = 30
    public var wraps = true
    /// Seconds between page requests at the least: a good API client, whatever the user does.
    public var pageInterval = 1.0
    /// Pixels moved by one arrow key press / one wheel notch.
    public var lineStep = 90.0
    public var wheelStep = 120.0
    /// Redraws per second while nothing but the clock changes.
    public var clockHz = 60
    /// Texture uploads per frame: a burst of decoded images spreads over frames instead of costing one.
    public var uploadsPerFrame = 3
    public var uploadBytesPerFrame = 4 << 20
    public var maxConcurrentDownloads = 8
    /// Seconds a connection may take, and a whole request (the HTTP client's defaults).
    public var connectTimeout = 5.0
    public var requestTimeout = 30.0
    /// A failed image is tried again after this many seconds (doubling each time, up to `imageRetryCap`), this many
    /// times.
    public var imageRetryDelay = 1.0
    public var imageRetryCap = 20.0
    public var imageRetries = 3
    public var detailMargin = 40
    /// What each cell's caption says (none on the desktop unless asked; date and place on a kiosk).
    public var captions: CaptionFields = []
    /// What the slideshow's caption says: date and place unless `--caption` says otherwise (`none`: nothing).
    public var slideshowCaptions: CaptionFields = .kiosk
    /// The window opens on the slideshow (`--mode slideshow`): after the welcome screen too, on a first run.
    public var opensSlideshow = false
    /// Seconds each photo of the slideshow shows (`--interval`).
    public var slideInterval = 10.0
    /// `--pairs`: two photos of the other shape than the window side by side (or one above the other).
    public var slidePairs = false
    /// `--fill`: what fills the window around a photo of another shape in the slideshow.
    public var slideFill = SlideFill.blur
    /// `--transition`: how one photo gives way to the next.
    public var slideTransition = SlideTransition.crossfade
    /// `--motion`: each photo of the slideshow slowly zooms and pans (`KenBurns`).
    public var slideMotion = false
    /// `--clock`: the slideshow's clock of its own, its size and place (`ClockStyle`; nil: none).
    public var slideClock: ClockStyle?
    /// `--weather`: the weather overlay's place, units, server and corner (nil: none).
    public var weather: WeatherSettings?
    /// `--calendar`: the calendar overlay's sources, lines and corner (nil: none).
    public var calendar: CalendarSettings?
    /// `--show-value`: the house's values the MQTT client leaves for the value overlay (nil: none asked for).
    public var houseValues: HouseValueBoard?
    /// `--value-corner`: where the house's values stand.
    public var houseValueCorner = ClockCorner.topLeft
    /// Clips and animations playing on the wall at once (the rest show their posters); 0 plays none.
    public var wallClips = 2
    /// A kiosk's week dims (`--dim`, `--night-clock`): the "dim" overlay is installed to draw it darker where the
    /// display's brightness cannot be set.
    public var dimsByWeek = false
    /// `--night-clock`: outside a kiosk's hours the clock alone, at this percent (nil: the display off). The clock's
    /// overlay shows in the `.asleep` scene when it is set.
    public var nightClock: Int?
    /// `--max-clip`: seconds of a clip the slideshow plays before it moves on.
    public var maxClipSeconds = 30.0
    /// `--sound`: clips play their sound in the pane and the slideshow (never on the wall).
    public var sound = false
    /// `--hwdec`: the clips' decoder: "none" (software, the default), "vaapi" or "v4l2m2m" (a Pi), which fall back
    /// to software where the machine has no such device.
    public var hardwareDecoding = "none"
    public var theme = Theme()

    public init() {}

    /// The wall's metrics in a window `width` pixels wide (the column count of `--columns auto` depends on it).
    public func layoutMetrics(width: Int) -> MasonryLayout.Metrics { .init(columns: columns(forWidth: width), gap: gap) }

    /// `--columns auto`: a column for every `autoColumnWidth` pixels, two at the least (the wall's look), eight at
    /// the most (cells stay large enough to see on a 4K screen).
    public func columns(forWidth width: Int) -> Int {
        columns > 0 ? columns : min(8, max(2, (width + gap) / (GalleryConfig.autoColumnWidth + gap)))
    }
    public static let autoColumnWidth = 380

    /// The smallest window `--size` takes: the header (48) and a row of two columns below it, the help and the welcome
    /// screen wrapped, the slideshow's caption; a 320x240 panel is the smallest a frame is built on, and a portrait
    /// 480x800 one is well above it. Smaller, the header's words overlap and the cells are a few pixels wide.
    public static let smallestWindow = PixelSize(width: 320, height: 240)

    /// Photos per page for a window: the feed may ask for one page a second, and a fast scroll (five screens a
    /// second) in a narrow window passes more photos than a page of 30. Such windows ask for pages of 100 (picsum's
    /// largest); the others keep 30. Two sizes only, so the offline cache (keyed by page size) stays findable.
    public static func pageSize(forWindow window: PixelSize, columns: Int = 2, gap: Int = 12, headerHeight: Int = 48) -> Int {
        let cellWidth = Double(max(1, (window.width - gap * (columns + 1)) / max(1, columns)))
        let rowHeight = cellWidth / 1.5 + Double(gap)  // a typical 3:2 photo
        let perScreen = Double(columns) * Double(max(1, window.height - headerHeight)) / rowHeight
        return perScreen * 5 > 30 ? 100 : 30
    }

    /// The page sizes a cache may hold pages under, this one first.
    public var restorablePageSizes: [Int] { [pageSize] + [30, 100].filter { $0 != pageSize } }
}

public struct RGBA: Equatable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }
}

public struct Theme: Equatable {
    public var background = RGBA(24, 24, 27)
    public var placeholder = RGBA(52, 52, 58)
    public var failedPlaceholder = RGBA(70, 44, 48)
    public var header = RGBA(12, 12, 14)
    public var headerRule = RGBA(60, 60, 66)
    public var text = RGBA(235, 235, 240)
    public var dimText = RGBA(150, 150, 160)
    /// A control that cannot be used now (a dimmed header button).
    public var disabledText = RGBA(78, 78, 86)
    public var errorText = RGBA(255, 120, 110)
    public var accent = RGBA(90, 160, 255)
    public var focus = RGBA(240, 240, 250)
    public var scrim = RGBA(0, 0, 0, 200)
    public var panel = RGBA(32, 32, 36)
    /// Behind selected text (a field's text after Ctrl+A).
    public var selection = RGBA(40, 80, 140)
    public static let star = RGBA(255, 200, 60)
    public init() {}
}

/// What fills the window around a photo of another shape than the window, in the slideshow (`--fill`).
public enum SlideFill: String, CaseIterable, Sendable {
    /// The photo itself, blurred and darkened, covering the window.
    case blur
    /// A plain matte of the photo's own colour, darkened.
    case matte
    /// Black bars.
    case black
}

/// A corner of the window, for the slideshow's clock (`--clock`).
public enum ClockCorner: String, CaseIterable, Sendable {
    case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"
}

/// How the slideshow goes from one photo to the next (`--transition`).
public enum SlideTransition: String, CaseIterable, Sendable {
    /// The next photo fades in over the last.
    case crossfade
    /// The last photo fades to black, the next fades up from it.
    case dip
    /// The next photo slides in from the side, pushing the last one out (the way a finger moves them).
    case slide
    /// At once.
    case none

    /// Seconds it takes.
    public var duration: Double {
        switch self {
        case .crossfade: return 0.45
        case .dip: return 0.8
        case .slide: return 0.6
        case .none: return 0
        }
    }
}
