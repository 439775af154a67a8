import GalleryCore
import SDLKit

/// Everything the command line can set for the gallery window.
public struct AppOptions {
    /// Tessera's version, as `--version` and the remote say it.
    public static let version = "0.2.0"
    /// `--api`: the server to ask (nil: the source's own).
    public var api: String?
    public var demo = false
    /// Where photos come from (`--source`): a kind of `SourceRegistry.installed`.
    public var source = "picsum"
    /// The values of the sources' own options (the Unsplash access key), by option name; never logged or shown.
    public var sourceSettings: [String: String] = [:]
    public var demoPhotos = 1000
    /// The server at `api` sends originals whatever size is asked (the benchmark's large-source case).
    public var apiServesOriginals = false
    /// Local folders and files to show (`tessera PATH...`); empty: a network source.
    public var paths: [String] = []
    /// Whether the command line (or the configuration) said where photos come from (`--source`, `--api`, `--demo`,
    /// folders); if not, the folders chosen on the welcome screen show.
    public var sourceChosen = true
    /// How folder photos are ordered, and whether hidden files count.
    public var sort = FolderSort.date
    /// Which photos show by their date (`--from`, `--to`, `--memories`).
    public var dates = PhotoDateFilter()
    /// `--memories-first`: each pass opens with today's memories, then the rest.
    public var memoriesFirst = false
    public var hidden = false
    /// Follow links out of the folders named (`--follow-links`).
    public var followLinks = false
    /// The overlays drawn over every room, one registry line each (a test adds one of its own).
    @_spi(Overlays) public var overlays = InstalledOverlays.all
    /// Kiosk mode (`--kiosk`, with its speed, idle time, schedule and burn-in shift); nil: a desktop window.
    public var kiosk: Kiosk?
    /// Start with the slideshow (`--mode slideshow`): a photo frame.
    public var slideshow = false
    /// Commands that switch the display off and on outside a kiosk's hours, where the display stack offers no way
    /// of its own (`vcgencmd display_power 0`, a smart plug's).
    public var displayOffCommand: String?
    /// `--display-power`: the way the display is switched outside the hours (auto: the first the display stack
    /// offers, with HDMI-CEC beside a way that only cuts the signal).
    public var displayPower: DisplayPowerWay = .auto
    /// `--brightness`, `--brightness-command`: how a dim spell sets the brightness (`BrightnessSwitch`).
    public var brightness: BrightnessWay = .auto
    public var brightnessCommand: String?
    /// A panel mounted turned (`--rotate 90`): the picture is turned clockwise onto it.
    public var rotation = 0
    /// `--video-driver` (nil: chosen from the environment, `VideoDriverChoice`).
    public var videoDriver: String?
    public var displayOnCommand: String?
    /// `--remote ADDRESS:PORT`: the remote's HTTP server listens there (nil: nothing listens).
    public var remote: String?
    /// `--remote-token-file`: the remote's token (nil: the one made at first start in the config folder).
    public var remoteTokenFile: String?
    /// `--mqtt mqtt[s]://user@broker:port` (nil: no MQTT), with its password's file (else
    /// `TESSERA_MQTT_PASSWORD`) and a CA file for TLS.
    public var mqtt: String?
    public var mqttPasswordFile: String?
    /// The password itself, read (and the variable unset) by the executable before any thread starts.
    public var mqttPassword: String?
    public var mqttCAFile: String?
    /// The configuration file the remote's settings form writes (nil: no form).
    public var configPath: String?
    /// Checks one `name = value` of the configuration file with the command line's own parser: nil when good, else
    /// why not (the settings form's check; set by the executable, which owns the parser).
    public var checkSetting: (@Sendable (String, String) -> String?)?
    /// Whether something steers the frame from afar (then its display's power is the frame's to switch).
    public var remoteControlled: Bool { remote != nil || mqtt != nil }
    /// Seconds added to the clock the kiosk's schedule reads (tests put an edge of the hours seconds away).
    public var clockShift = 0.0
    /// The week's options as given (`schedule`, `dim`, `schedule-except`, `location`, `night-clock`), for the
    /// settings form's values.
    public var weekTexts: [String: String] = [:]
    /// `--wrap` / `--no-wrap`; nil: the source's default (network feeds wrap, folders end).
    public var wrap: Bool?
    public var config = GalleryConfig()
    /// The offline cache's folder (nil: `$XDG_CACHE_HOME/tessera`) and byte budget; `useCache` false runs without.
    public var cacheDirectory: String?
    public var cacheBytes = 512 << 20
    public var useCache = true
    public var fullscreen = false
    /// The interface's scale (`--scale`); nil: what the display says (`InterfaceScale`).
    public var scale: Double?
    public var fontPath: String?
    /// nil lets SDL choose (accelerated where it can).
    public var renderer: Renderer.Kind?
    public var vsync = true
    /// The display's ICC profile file (`--display-profile`); nil: what the desktop publishes, else sRGB.
    public var displayProfilePath: String?
    /// False with `--no-colour-management`: files' colour values are drawn as they are.
    public var managesColour = true

    /// Automation, for tests and screenshots: once the screen has settled (every visible image drawn), run these
    /// commands one by one, each after the screen settles again, then save the frame as PNG and quit.
    public var screenshotPath: String?
    public var script: [ScriptStep] = []
    /// Give up (exit code 3) if the automation has not finished by then.
    public var exitAfter: Double?

    /// A name for this run (`--name`): no welcome screen, nothing stored.
    public var userName: String?
    /// The user's library (name, bookmarks); nil: `$XDG_DATA_HOME/tessera`.
    public var libraryDirectory: String?

    /// Automation and benchmarks never show the welcome screen and never touch the user's library, unless a test
    /// names one (`--library-dir`). A name given for the run keeps the library shut on a desktop; a kiosk opens it
    /// all the same, for the show's place (a frame's configuration names it, and must still resume after a restart).
    public var usesLibrary: Bool {
        libraryDirectory != nil
            || (screenshotPath == nil && script.isEmpty && !benchmark && (userName == nil || kiosk != nil))
    }
    /// Set by `tessera bench`.
    public var benchmark = false

    public init() {}
}
