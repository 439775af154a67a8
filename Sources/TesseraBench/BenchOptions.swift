@_spi(Bench) import TesseraApp
import Foundation
import GalleryCore

/// What `tessera bench` measures and how.
public struct BenchOptions {
    /// Stop once this many items have passed the top of the viewport (or, with `jump`, after that many presses'
    /// worth of items).
    public var items = 600
    /// Scroll speed in content pixels per second.
    public var speed = 4000.0
    public var size = PixelSize(width: 1280, height: 800)
    /// The picsum-compatible server to load from (the fixture server, started by the `bench` command, which adds
    /// latency; the app itself never listens on a port).
    public var api = ""
    /// Latency that server adds to every response (reported with the figures).
    public var latencyMs = 20
    /// What that server has served so far (pages, images), for the report.
    public var serverCounters: () -> (pages: Int, images: Int) = { (0, 0) }
    /// `--outages`: during a soak the server stops answering for `outageSeconds` every `outagePeriod` seconds
    /// (the first one after one period); `serverDown` takes it down and brings it back.
    public var outages = false
    public var outagePeriod = 300.0
    public var outageSeconds = 60.0
    public var serverDown: (Bool) -> Void = { _ in }
    /// Photos per page request. The app asks for at most one page a second, so a very fast long run needs big pages.
    public var pageSize = 30
    /// software, accelerated, or auto (the app's own default choice).
    public var renderer: String = "software"
    /// Press Page Down repeatedly instead of scrolling, and report fill times.
    public var jump = false
    /// The server sends every image at this size instead of the cell's (large originals to decode).
    public var sourceSize: PixelSize?
    /// Scroll the one-column list instead of the grid.
    public var list = false
    /// `--view slideshow`: step through `items` photos of the slideshow, each with its crossfade, and time the frames
    /// of the crossfades (`crossfade_ms`). `--view zoom`: open the pane, zoom in 2.5 times and pan across the photo
    /// for `items` frames (`zoom_ms`).
    public var slideshow = false
    /// The slideshow's fill, pairing, transition and motion (`--fill`, `--pairs`, `--transition`, `--motion`).
    public var slideFill = SlideFill.blur
    public var slidePairs = false
    public var slideMotion = false
    /// With `slideMotion`: seconds each photo is held before the next, so frames of the motion alone are timed.
    public static let motionHold = 1.0
    public var slideTransition = SlideTransition.crossfade
    public var zoom = false
    /// While scrolling, open and close the detail pane every 0.35 s (its grow and shrink animations included).
    public var transitions = false
    /// A folder to load instead of the server (`bench --dir`): first screen and a prefetch pass over every photo,
    /// with the normal cache (`cacheDirectory`, nil: `$XDG_CACHE_HOME/tessera`), so a second run is warm.
    public var dir: String?
    public var cacheDirectory: String?
    /// With `dir`: stop once the scan has finished and the first screen is drawn (no prefetch of every cell).
    public var scanOnly = false
    /// `bench --soak`: run the kiosk's own auto-scroll (wrapping, at `speed`) for this many minutes and report
    /// memory each minute, the drift of RssAnon after the first pass, and stalls.
    public var soakMinutes: Double?
    /// `bench --idle`: once the first screen is drawn, leave the wall alone this many seconds (only the clock
    /// moves) and report the process's processor time and how many frames were drawn whole or header only.
    public var idleSeconds: Double?
    /// `bench --view slideshow --idle --interval S`: the slideshow steps every S seconds (a frame on a wall) instead
    /// of holding one photo, so the processor time and memory measured include its transitions and loads.
    public var slideInterval: Double?
    /// The running slideshow's bounds (`--check` with `--interval`, 1920x1080, SDL's software renderer, offscreen):
    /// processor time (6.3-6.7 % of a core at a 5 s interval here, BENCHMARKS.md "A frame on a wall: a running
    /// slideshow's cost", times 1.5 for CI's noisier runs) and resident memory (165-170 MB with the fixture server
    /// in the process), and anonymous memory at its peak (106.4-108.8 MB in eight runs of 60 and 120 s, whatever the run's length:
    /// the photo, the next, their backdrops, the kept texture and pixel blocks; its growth after the first screen,
    /// one photo, is 39-50 MB, so the wall's bound of 48 on that growth does not apply).
    public static let runningSlideshowCPUBound = 10.0
    public static let runningSlideshowRSSBoundMB = 190.0
    public static let runningSlideshowAnonBoundMB = 128.0
    /// The household screen's overlays on while measuring (`--clock`, `--weather-fixture`, `--calendar-fixture`),
    /// set on the app's configuration. With `slideshow` and `idleSeconds`: a still slideshow (one photo held, the
    /// header faded) is left alone instead of the wall.
    public var overlays: (inout GalleryConfig) -> Void = { _ in }
    /// `bench --clips`: a folder of clips to play (`generate`: the test clip `ClipPeer` makes with ffmpeg), in the
    /// slideshow (`clipView` "slideshow") or on the wall ("wall", two clips); frames, drops, processor time and memory
    /// are measured for `playSeconds` from the first frame, then `ffmpeg -threads 2 -i CLIP -f null -` decodes the
    /// folder's first clip for the peer's figures.
    public var clips: String?
    public var clipView = "slideshow"
    public var playSeconds = 15.0
    /// Seconds the clips have to show their first frames after the first screen.
    public static let clipStartLimit = 60.0
    /// Photos in the fixture catalogue (a soak uses few, so a pass ends within its first minute).
    public static let soakPhotos = 240
    /// `bench --remote N`: the app's remote on (a port of its own on 127.0.0.1, a token, a configuration file), the
    /// wall scrolling at `speed`, while `RemoteRun` is quiet, then sends hostile requests (and MQTT payloads when
    /// `broker` is a mosquitto it may use), then N commands; frames are timed apart by stage.
    public var remoteCommands: Int?
    /// A broker for the MQTT half of the hostile stage, "127.0.0.1:PORT" (nil: HTTP alone).
    public var broker: String?
    /// Set by the run: the token the remote was given, the configuration file its settings form would write, and how
    /// to publish on the frame's MQTT command topic.
    var remoteToken: String?
    var remoteConfig: String?
    public var publish: ((Data) -> Void)?
    /// Give up after this long.
    public var timeLimit = 600.0

    public init() {}
}
