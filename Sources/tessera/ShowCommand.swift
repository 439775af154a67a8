import ArgumentParser
import Foundation
import GalleryCore
import SDLKit
import TesseraApp
import TesseraOptions

/// `tessera [show]`: the gallery window.
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Open the gallery window (the default).",
        usage: "tessera [<options>] [<path> ...]",
        discussion: "The sources' own options:\n" + SourceArguments.help(.installed))

    /// The sources' own options, taken from the command line before it is parsed (`SourceArguments`).
    nonisolated(unsafe) static var sourceArguments: [String: String] = [:]

    @Argument(help: ArgumentHelp("Folders or image files to show (JPEG, PNG, WebP, HEIC, AVIF; folders are searched to any depth and watched for changes).", valueName: "path"))
    var paths: [String] = []

    @Option(help: "Order of photos: date (a folder's, newest first, by EXIF date taken, else file time), name, or random (a fair shuffle kept across restarts: folders, Immich and Lorem Picsum; Unsplash's random photos without the ones shown lately).")
    var sort: String = "date"

    @Flag(help: "Include hidden files and folders (names starting with a dot).")
    var hidden = false

    @Flag(help: "Follow symbolic links that lead out of the folders named, and onto other file systems (by default the scan stays inside them).")
    var followLinks = false

    @Flag(help: "Kiosk mode: fullscreen, the wall scrolls by itself, the pointer hides, no key but Ctrl+Alt+Q quits, the feed always wraps.")
    var kiosk = false

    // Numbers are taken whatever they look like: `--speed -5` is a speed to refuse, not a missing value.
    @Option(parsing: .unconditional, help: "Kiosk: scrolling speed in pixels a second.")
    var speed: Double = 40

    @Option(parsing: .unconditional, help: "Kiosk: seconds without input before scrolling resumes (and an open pane closes).")
    var idle: Double = 30

    @Flag(help: "Kiosk: outside the schedule's hours a touch (or a key, a click) lights the display for --idle seconds.")
    var wakeOnTouch = false

    @Option(help: "Kiosk: a shell command that switches the display off outside the hours (vcgencmd display_power 0, wlr-randr --output HDMI-A-1 --off, a smart plug's).")
    var displayOffCommand: String?

    @Option(help: "Kiosk: the command that switches it on again.")
    var displayOnCommand: String?

    @Option(help: "Kiosk: how the display is switched off outside the hours: auto (the commands above if given, else what the display stack offers: X11 DPMS, a wlroots compositor's output power or the KMS connector's DPMS, each with HDMI-CEC beside it where a /dev/cec* is, since many TVs stay lit on \"no signal\"; else HDMI-CEC alone), dpms (X11), kms (the console), wlr (a wlroots compositor), cec (a TV's HDMI-CEC through cec-ctl, alone) or command (--display-off-command and --display-on-command).")
    var displayPower: String = "auto"

    @Option(help: "The display system: auto (native Wayland where a compositor runs, else X11), wayland, x11 or kmsdrm (the console, without a desktop).")
    var videoDriver: String = "auto"

    @Option(help: "Turn the picture clockwise by 0, 90, 180 or 270 degrees, for a panel mounted on its side or upside down (nothing else turns it on the console).")
    var rotate: Int = 0

    @Option(help: "What the window shows: wall (the scrolling grid) or slideshow (one photo at a time; s switches).")
    var mode: String = "wall"

    @Option(parsing: .unconditional, help: "Slideshow: seconds each photo shows (crossfading to the next).")
    var interval: Double = 10

    @Option(help: "Slideshow: what fills the window around a photo of another shape: blur (the photo itself, blurred and darkened), matte (its own colour) or black.")
    var fill: String = "blur"

    @Option(help: "Only photos from this day on, YYYY-MM-DD (their date taken, else their file's time; folders and Immich).")
    var from: String?

    @Option(help: "Only photos up to this day, YYYY-MM-DD.")
    var to: String?

    @Flag(help: "Memories: only photos taken on this day in earlier years, newest first (folders and Immich; by their date taken).")
    var memories = false

    @Flag(help: "Memories first: each pass opens with the photos taken on this day in earlier years, under a heading per year, then goes on with the rest (a frame's morning).")
    var memoriesFirst = false

    @Option(help: "Slideshow: how a photo gives way to the next: crossfade, dip (through black), slide or none.")
    var transition: String = "crossfade"

    @Flag(help: "Slideshow: each photo slowly zooms and pans (the Ken Burns effect), the same way each time it shows; a portrait's top third always stays in view.")
    var motion = false

    @Flag(help: "Clips play their sound in the detail pane and the slideshow (never on the wall, and in kiosk mode only when given).")
    var sound = false

    @Option(help: "Slideshow: seconds of a clip played before the show moves on (1 to 3600).")
    var maxClip: Double = 30

    @Option(help: "How clips are decoded: none (in software, the default), vaapi (Intel and AMD graphics) or v4l2m2m (a Raspberry Pi); without such a device they play in software.")
    var hwdec: String = "none"

    @Option(help: "Clips and animations playing at once on the wall, muted (0 to 8; 0 shows their posters only).")
    var wallClips: Int = 2

    @Flag(help: "Slideshow: two portrait photos side by side on a landscape window (two landscape ones one above the other on a portrait window).")
    var pairs = false

    @Option(help: "What each photo's caption shows, bottom left: any of date, place, camera, author, comma-separated, or none (default: none; in kiosk mode date,place when the photo has them).")
    var caption: String?

    @Flag(inversion: .prefixedNo, help: "Kiosk: move still things by a few pixels every few minutes against burn-in.")
    var pixelShift = true

    @Option(help: "Columns of the wall: 1 to 12, or auto (one per 380 pixels of width, 2 to 8). Default: 2, or the columns the wall was last zoomed to.")
    var columns: String?

    @Option(help: ArgumentHelp("Where photos come from: " + SourceRegistry.installed.kinds.map { "\($0.name) (\($0.summary))" }
        .joined(separator: ", ") + ". Unsplash needs UNSPLASH_ACCESS_KEY, Immich --api and IMMICH_API_KEY; with --demo, the built-in stand-in. Default: the folders chosen on the welcome screen, else picsum."))
    var source: String?

    @Option(help: "Greet with this name and skip the welcome screen (kiosks); it is not stored.")
    var name: String?

    @Option(help: "The server's base URL (default: the source's own; a Picsum-compatible one for --source picsum). If it cannot be reached before anything is shown, the demo catalogue shows until it answers.")
    var api: String?

    @OptionGroup var window: WindowOptions

    @OptionGroup(title: "Steering from afar") var remote: RemoteOptions

    // The household screen: each family of options in a group of its own.
    @OptionGroup(title: "The frame's clock") var clockOptions: ClockOptions
    @OptionGroup(title: "Weather") var weatherOptions: WeatherOptions
    @OptionGroup(title: "Calendar") var calendarOptions: CalendarOptions
    @OptionGroup(title: "Values from the house") var houseValueOptions: HouseValueOptions
    @OptionGroup(title: "A week of hours") var weekScheduleOptions: WeekScheduleOptions
    @OptionGroup(title: "Brightness") var brightnessOptions: BrightnessOptions
    @OptionGroup(title: "Language") var languageOptions: LanguageOptions

    @Option(help: "Interface scale, 1 to 4 (default: the desktop's, from GDK_SCALE or Xft.dpi; in kiosk mode the display's height over 1080).")
    var scale: Double?

    @Flag(help: "Start fullscreen (toggle with f or F11).")
    var fullscreen = false

    @Option(help: "At most one page request per this many seconds.")
    var pageInterval: Double = 1

    @Flag(help: "Show built-in photos drawn by Tessera; needs no network.")
    var demo = false

    @Option(help: "Photos in the demo catalogue (1 to 1000000).")
    var demoPhotos: Int = 1000

    @Flag(inversion: .prefixedNo,
          help: "At the end start over (--wrap) or show an end marker (--no-wrap). Default: network feeds wrap, folders end.")
    var wrap: Bool?

    @Option(help: "Offline cache folder (default: $XDG_CACHE_HOME/tessera, else ~/.cache/tessera).")
    var cacheDir: String?

    // Unconditional: `--cache-size -1` is a size to refuse with its reason, not a missing value.
    @Option(parsing: .unconditional,
            help: "Offline cache budget: MB, or with a unit (512M, 2G); least recently used images are evicted past it.")
    var cacheSize: String = "512"

    @Flag(help: "Run without the offline cache.")
    var noCache = false

    @Option(help: "TrueType font file (default: DejaVu Sans, found at run time; or TESSERA_FONT).")
    var font: String?

    @Option(help: "Renderer: software or accelerated (default: accelerated, unless the machine has no GPU device or its OpenGL draws on the processor, as llvmpipe does: then software, which costs less there).")
    var renderer: String?

    @Flag(help: "Do not wait for the display's vertical sync.")
    var noVsync = false

    @Option(help: "The display's ICC profile (default: the one an X11 desktop publishes, else sRGB; Wayland publishes none).")
    var displayProfile: String?

    @Flag(help: "Draw colours as the files hold them: no conversion of embedded profiles to the display's.")
    var noColourManagement = false

    @Option(help: "Redraws per second for the clock when nothing else changes.")
    var clockHz: Int = 60

    @Option(help: .hidden)
    var screenshot: String?

    @Option(help: .hidden)
    var script: String?

    @Option(help: .hidden)
    var exitAfter: Double?

    // Unconditional: a shift back in time is a negative number, which would otherwise read as an option's name.
    @Option(parsing: .unconditional, help: .hidden)
    var clockShift: Double = 0

    /// A library folder for a test that drives the app by script (automation otherwise never touches one).
    @Option(help: .hidden)
    var libraryDir: String?

    func validate() throws {
        guard SourceRegistry.installed.kind(named: source ?? "picsum") != nil else {
            // Translators: {values} lists the values the option takes, as typed (English).
            throw ValidationError(tr("--source must be one of: {values}",
                                     ["values": SourceRegistry.installed.names.joined(separator: ", ")]))
        }
        guard FolderSort(rawValue: sort) != nil else { throw ValidationError(tr("--sort must be date, name or random")) }
        guard MediaWorkerLaunch.hardwareNames.contains(hwdec) else {
            // Translators: {values} lists the values the option takes, as typed (English).
            throw ValidationError(tr("--hwdec must be one of: {values}",
                                     ["values": MediaWorkerLaunch.hardwareNames.sorted().joined(separator: ", ")]))
        }
        guard maxClip.isFinite, maxClip >= 1, maxClip <= 3600 else { throw ValidationError(tr("--max-clip must be 1 to 3600 (seconds)")) }
        guard (0...8).contains(wallClips) else { throw ValidationError(tr("--wall-clips must be 0 to 8")) }
        guard speed >= 0, speed <= 100_000 else { throw ValidationError(tr("--speed must be 0 to 100000 (pixels a second)")) }
        if let scale, !(InterfaceScale.range.contains(scale)) { throw ValidationError(tr("--scale must be 1 to 4")) }
        guard ["wall", "slideshow"].contains(mode) else { throw ValidationError(tr("--mode must be wall or slideshow")) }
        if let from, PhotoDateFilter.parseDay(from) == nil { throw ValidationError(tr("--from must be a day, YYYY-MM-DD")) }
        if let to, PhotoDateFilter.parseDay(to) == nil { throw ValidationError(tr("--to must be a day, YYYY-MM-DD")) }
        if let from, let to, let a = PhotoDateFilter.parseDay(from), let b = PhotoDateFilter.parseDay(to),
           PhotoDateFilter.seconds(of: a) > PhotoDateFilter.seconds(of: b) {
            throw ValidationError(tr("--from must not come after --to"))
        }
        guard SlideTransition(rawValue: transition) != nil else {
            throw ValidationError(tr("--transition must be crossfade, dip, slide or none"))
        }
        guard SlideFill(rawValue: fill) != nil else { throw ValidationError(tr("--fill must be blur, matte or black")) }
        guard interval >= 1, interval <= 86_400 else { throw ValidationError(tr("--interval must be 1 to 86400 (seconds)")) }
        guard idle >= 0, idle <= 86_400 else { throw ValidationError(tr("--idle must be 0 to 86400 (seconds)")) }
        if let caption, CaptionFields(parsing: caption) == nil {
            throw ValidationError(tr("--caption takes date, place, camera, author (comma-separated) or none"))
        }
        guard pageInterval >= 0, pageInterval <= 3600 else { throw ValidationError(tr("--page-interval must be 0 to 3600")) }
        guard (1...1_000_000).contains(demoPhotos) else {
            throw ValidationError(tr("--demo-photos must be 1 to 1000000"))
        }
        if case .failure(let refusal) = CacheSizeText.bytes(cacheSize) { throw ValidationError(refusal.message) }
        // A font named by hand that is not there is a slip to say now, not a window without any text.
        if let font, let problem = FontFileCheck.problem(font) { throw ValidationError("--font: \(problem)") }
        if let displayProfile, !FileManager.default.isReadableFile(atPath: displayProfile) {
            throw ValidationError(tr("--display-profile: {file} cannot be read", ["file": displayProfile]))
        }
        // The header's milliseconds must be seen to run: below 10 redraws a second they would stand still.
        guard (10...1000).contains(clockHz) else { throw ValidationError(tr("--clock-hz must be 10 to 1000")) }
        guard Show.columnCount(columns ?? "2") != nil else { throw ValidationError(tr("--columns must be 1 to 12, or auto")) }
        guard VideoDriverChoice.names.contains(videoDriver) else {
            // Translators: {values} lists the values the option takes, as typed (English).
            throw ValidationError(tr("--video-driver must be {values}", ["values": VideoDriverChoice.names.joined(separator: ", ")]))
        }
        guard PanelRotation(degrees: rotate) != nil else { throw ValidationError(tr("--rotate must be 0, 90, 180 or 270")) }
        guard (displayOffCommand == nil) == (displayOnCommand == nil) else {
            throw ValidationError(tr("--display-off-command and --display-on-command go together (one switches the display off, the other on again)"))
        }
        guard let way = DisplayPowerWay(rawValue: displayPower) else {
            // Translators: {values} lists the values the option takes, as typed (English).
            throw ValidationError(tr("--display-power must be one of: {values}", ["values": DisplayPowerWay.names]))
        }
        if way == .command, displayOffCommand == nil {
            throw ValidationError(tr("--display-power command needs --display-off-command and --display-on-command"))
        }
        if displayOffCommand != nil, ![.auto, .command].contains(way) {
            throw ValidationError(tr("--display-off-command is used with --display-power auto or command, not {value}",
                                     ["value": displayPower]))
        }
        if displayOffCommand != nil || wakeOnTouch, !(kiosk && weekScheduleOptions.schedule != nil) {
            let words = tr("--display-off-command, --display-on-command and --wake-on-touch act only with --kiosk and --schedule")
            FileHandle.standardError.write(Data("tessera: warning: \(words)\n".utf8))
        }
        if let renderer, Renderer.Kind(rawValue: renderer) == nil {
            throw ValidationError(tr("--renderer must be software or accelerated"))
        }
        if let api, URL(string: api)?.scheme.map({ ["http", "https"].contains($0) }) != true {
            throw ValidationError(tr("--api must be an http or https URL"))
        }
        for name in scriptNames where ScriptStep(name: name) == nil {
            // Translators: {name} is a command's name in a --script file.
            throw ValidationError(tr("unknown script command '{name}'", ["name": name]))
        }
    }

    private var scriptNames: [String] {
        (script ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func run() throws {
        var options = AppOptions()
        options.api = api
        options.demo = demo
        options.demoPhotos = max(1, demoPhotos)
        options.config.windowSize = window.windowSize
        options.config.pageSize = window.pagePhotos
        options.config.pageInterval = pageInterval
        options.wrap = wrap
        if kiosk {
            options.kiosk = Kiosk(speed: speed, idle: idle, pixelShift: pixelShift, slideshow: mode == "slideshow", interval: interval)
            options.kiosk?.wakeOnTouch = wakeOnTouch
        }
        options.displayOffCommand = displayOffCommand
        options.displayOnCommand = displayOnCommand
        options.displayPower = DisplayPowerWay(rawValue: displayPower) ?? .auto
        options.rotation = rotate
        options.videoDriver = videoDriver == "auto" ? nil : videoDriver
        options.slideshow = mode == "slideshow"
        options.config.opensSlideshow = options.slideshow
        options.config.slideInterval = interval
        options.config.slideFill = SlideFill(rawValue: fill) ?? .blur
        options.config.slidePairs = pairs
        options.config.slideMotion = motion
        options.config.sound = sound
        options.config.maxClipSeconds = maxClip
        options.config.wallClips = wallClips
        options.config.hardwareDecoding = hwdec
        options.dates.from = from.flatMap(PhotoDateFilter.parseDay).map(PhotoDateFilter.seconds(of:))
        options.dates.to = to.flatMap(PhotoDateFilter.parseDay).map { PhotoDateFilter.seconds(of: $0) + 86_399 }
        options.dates.fileTimeOffset = Int64(TimeZone.current.secondsFromGMT())
        options.dates.memories = memories
        if memories { options.dates.onThisDay = LocalDay.today() }
        options.memoriesFirst = memoriesFirst && !memories
        options.config.slideTransition = SlideTransition(rawValue: transition) ?? .crossfade
        let captions = caption.flatMap(CaptionFields.init(parsing:))
        options.config.captions = captions ?? (kiosk ? .kiosk : [])
        options.config.slideshowCaptions = captions ?? .kiosk
        options.paths = paths
        // Memories come by year, newest first.
        options.sort = memories ? .date : (FolderSort(rawValue: sort) ?? .date)
        options.hidden = hidden
        options.followLinks = followLinks
        options.config.clockHz = clockHz
        options.config.columns = Show.columnCount(columns ?? "2") ?? 2
        options.config.columnsGiven = columns != nil
        options.fullscreen = fullscreen
        options.scale = scale
        options.cacheDirectory = cacheDir
        options.cacheBytes = (try? CacheSizeText.bytes(cacheSize).get()) ?? 512 << 20
        options.useCache = !noCache
        options.fontPath = font
        options.renderer = renderer.flatMap(Renderer.Kind.init(rawValue:))
        options.vsync = !noVsync
        options.displayProfilePath = displayProfile
        options.managesColour = !noColourManagement
        try remote.apply(to: &options)
        try clockOptions.apply(to: &options)
        try weatherOptions.apply(to: &options)
        try calendarOptions.apply(to: &options)
        try houseValueOptions.apply(to: &options)
        try weekScheduleOptions.apply(to: &options)
        try brightnessOptions.apply(to: &options)
        options.screenshotPath = screenshot
        options.script = scriptNames.compactMap(ScriptStep.init(name:))
        options.exitAfter = exitAfter
        options.clockShift = clockShift
        options.libraryDirectory = libraryDir
        options.source = source ?? "picsum"
        // Told nothing of where photos come from: the folders chosen on the welcome screen, or the welcome offers some.
        options.sourceChosen = source != nil || api != nil || demo || !paths.isEmpty
        options.sourceSettings = ConfigFile.sourceSettings().merging(Show.sourceArguments) { _, given in given }
        options.userName = name.map { ExternalText.clean($0, maxCharacters: UserData.maxNameCharacters) }
            .flatMap { $0.isEmpty ? nil : $0 }
        do {
            let code = try GalleryApp.run(options: options)
            if code != 0 { throw ExitCode(code) }
        } catch let error as SourceSetupError {
            FileHandle.standardError.write(Data("tessera: \(error)\n".utf8))
            throw ExitCode(64)
        } catch let error as SDLError {
            FileHandle.standardError.write(Data("tessera: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}

extension Show {
    /// `--columns`: 1 to 12, or auto (0).
    static func columnCount(_ text: String) -> Int? {
        if text.lowercased() == "auto" { return 0 }
        return Int(text).flatMap { (1...12).contains($0) ? $0 : nil }
    }
}
