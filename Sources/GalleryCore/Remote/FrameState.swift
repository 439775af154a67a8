import Foundation

/// The frame as the remote sees it (`GET /api/v1/state`, the answer to every command, MQTT's retained state): what
/// shows, how, and from where. Made on the main thread from the model and what only the app knows (`Facts`);
/// encoded as JSON with the names below, which the README documents and Home Assistant's templates read.
public struct FrameState: Codable, Equatable, Sendable {
    public struct PhotoShown: Codable, Equatable, Sendable {
        public var id: String
        /// Who took it, as the source says; empty where the source has no author (a folder's file).
        public var author: String
        /// A folder's file: its name (a file has a name, not an author); nil for a source's photo.
        public var title: String?
        /// The caption as the frame writes it (date, place), if it has one.
        public var caption: String?
        public var width: Int
        public var height: Int
        /// photo, clip, animation, live-photo or motion-photo.
        public var kind: String
        /// Its place in the feed (0 first).
        public var index: Int?
        /// When it was taken, as its clock said (`2024-06-01T14:03:22`), and where, if it says (Home Assistant's
        /// attributes of what shows).
        public var date: String?
        public var place: String?
        /// Whether it is among the user's bookmarks (nil: this frame keeps none), so `bookmark`'s answer says what
        /// it did.
        public var bookmarked: Bool?
        public init(id: String, author: String, title: String? = nil, caption: String?, width: Int, height: Int,
                    kind: String, index: Int?) {
            self.id = id; self.author = author; self.title = title; self.caption = caption; self.width = width
            self.height = height; self.kind = kind; self.index = index
        }

        /// A photo as the remote tells it: a file (a folder's, its image reference a path, `Photo.reference`; or
        /// any photo of a source whose `authorIsFileName`, Immich's) by its name, with no author (the photo's
        /// `author` holds the name for the wall's search and the pane's credit).
        public init(_ photo: Photo, caption: String?, index: Int?, authorIsFileName: Bool = false) {
            let isFile = authorIsFileName || photo.imageReference?.hasPrefix("/") == true
            self.init(id: photo.id, author: isFile ? "" : photo.author, title: isFile ? photo.author : nil,
                      caption: caption, width: photo.width, height: photo.height,
                      kind: photo.motion?.kind.rawValue ?? "photo", index: index)
        }
    }

    public struct SourceShown: Codable, Equatable, Sendable {
        /// The registry's name (`folder`, `immich`, `picsum`…), which `{"command": "source"}` takes.
        public var name: String
        public var title: String
        public var album: String?
        public init(name: String, title: String, album: String? = nil) {
            self.name = name; self.title = title; self.album = album
        }
    }

    public var version: String
    /// The frame's name (`--name`, else the user's), as Home Assistant names the device.
    public var name: String?
    /// The room innermost now: wall, slideshow, pane, bookmarks, search, help…
    public var screen: String
    /// wall or slideshow.
    public var mode: String
    public var paused: Bool
    public var photo: PhotoShown?
    /// Different photos in the feed so far.
    public var photos: Int
    /// The hours the display is on (HH:MM-HH:MM), if there are some.
    public var schedule: String?
    /// on or off (on while the night clock shows: the display is lit).
    public var display: String
    /// True while the night clock shows (outside the hours, the display kept lit and dim, a clock alone on black);
    /// nil otherwise.
    public var nightClock: Bool?
    /// The brightness a kiosk's week wants now, in percent (`--dim`, the night clock): set on the display where
    /// something can (`--brightness`), else drawn darker. Nil off a kiosk whose week never dims.
    public var brightness: Int?
    public var source: SourceShown
    public var online: Bool
    /// The slideshow's seconds per photo.
    public var interval: Double
    /// What the frame's owner should know about its remotes: another frame that uses its MQTT id.
    public var notice: String?
    /// A kiosk wall's scrolling speed, pixels a second (nil off a kiosk).
    public var speed: Double?
    /// The frame's overlays by their registry's name (`clock`, `values`…): switched on or off, drawn now or not,
    /// and what they show in words (`OverlayModel.words`), so a remote reads what the screen shows.
    public var overlays: [String: OverlayShown]?
    /// When the photo on screen last changed, ISO 8601 in UTC ("2026-12-02T07:31:22Z"); nil before the first photo.
    public var lastAdvanced: String?
    /// Whether the photo has not changed for two intervals and more while it should (`StallWatch`).
    public var stalled: Bool
    /// How the frame is doing (`FrameHealth`); nil where the app tells none (a test's model alone).
    public var health: FrameHealth?

    enum CodingKeys: String, CodingKey {
        case version, name, screen, mode, paused, photo, photos, schedule, display, nightClock, brightness, source
        case online, interval, notice, speed, overlays, lastAdvanced = "last_advanced", stalled, health
    }

    public struct OverlayShown: Codable, Equatable, Sendable {
        /// Switched on (`Command.setOverlay`).
        public var on: Bool
        /// Drawn on the screen now (on, in a scene it shows in, with something to show).
        public var shown: Bool
        public var words: String?
        public init(on: Bool, shown: Bool, words: String?) { self.on = on; self.shown = shown; self.words = words }
    }

    /// What the model cannot say: only the app knows these.
    public struct Facts: Equatable, Sendable {
        public var version: String
        public var name: String?
        public var displayOn: Bool
        public var source: SourceShown
        public var online: Bool
        public var notice: String?
        /// Whether the source's photos carry a file's name where an author would be (`SourceKind.authorIsFileName`).
        public var authorIsFileName: Bool
        /// The overlay layer's word on its overlays (nil: none that can be switched).
        public var overlays: [String: OverlayShown]?
        /// The brightness the week wants now, in percent (`ScreenLevel`), if it dims.
        public var brightness: Int?
        /// When the photo on screen last changed, whether that has stopped while it should not, and the rest of
        /// the frame's health (`HealthWatch` in the app).
        public var lastAdvanced: String?
        public var stalled = false
        public var health: FrameHealth?
        public init(version: String, name: String?, displayOn: Bool, source: SourceShown, online: Bool,
                    notice: String? = nil, authorIsFileName: Bool = false, overlays: [String: OverlayShown]? = nil,
                    brightness: Int? = nil) {
            self.version = version; self.name = name; self.displayOn = displayOn; self.source = source
            self.online = online; self.notice = notice; self.authorIsFileName = authorIsFileName
            self.overlays = overlays; self.brightness = brightness
        }
    }

    public init(model: GalleryModel, facts: Facts) {
        version = facts.version
        name = facts.name ?? model.user.name
        screen = model.innermost.remoteName
        mode = model.mode.rawValue
        paused = false
        photo = FrameState.photoShown(in: model).map { item in
            PhotoShown(item.photo,
                       caption: Caption.text(for: item.photo, fields: model.config.slideshowCaptions.union(.date)),
                       index: item.index, authorIsFileName: facts.authorIsFileName)
        }
        if let facts = FrameState.photoShown(in: model)?.photo.facts {
            photo?.date = facts.taken.map(FrameState.isoDate)
            photo?.place = facts.place
        }
        if let id = photo?.id, model.kiosk == nil, let shelf = model.user.shelf { photo?.bookmarked = shelf.contains(id) }
        photos = model.catalog.photoCount
        schedule = model.kiosk?.week?.hoursDescription ?? model.kiosk?.schedule?.description
        // Asleep with the night clock, the screen shows the clock: lit, not off.
        nightClock = !facts.displayOn && model.kiosk?.nightClockShows == true ? true : nil
        display = facts.displayOn || nightClock == true ? "on" : "off"
        brightness = facts.brightness
        source = facts.source
        online = facts.online
        notice = facts.notice
        overlays = facts.overlays
        interval = model.config.slideInterval
        speed = model.kiosk?.autoScroll.speed
        lastAdvanced = facts.lastAdvanced
        stalled = facts.stalled
        health = facts.health
        // The rooms say their own part (the slideshow its pause and interval).
        for room in model.screens as [Room] + model.overlays { room.describe(&self, in: model) }
    }

    /// The photo the frame shows: the pane's, else the slideshow's, else the wall's focused one or the one at its
    /// top edge.
    /// (Each room says which is its own, `Room.photoShown`: the top overlay's first, then the screen's.)
    public static func photoShown(in model: GalleryModel) -> (photo: Photo, index: Int?)? {
        model.overlays.last?.photoShown(in: model) ?? model.screen.photoShown(in: model)
    }

    /// A photo's clock time as ISO 8601 without a zone: "2024-06-01T14:03:22" (the time is the camera's, read back
    /// as if UTC).
    static func isoDate(_ seconds: Int64) -> String {
        ExifInfo.exifDate(seconds: seconds).replacingOccurrences(of: ":", with: "-", options: [], range: nil)
            .split(separator: " ").enumerated()
            .map { $0.offset == 0 ? String($0.element) : $0.element.replacingOccurrences(of: "-", with: ":") }
            .joined(separator: "T")
    }

    /// Decodes a state, one from a frame before health was told too (no `stalled`: not stalled).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decode(String.self, forKey: .version)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        screen = try c.decode(String.self, forKey: .screen)
        mode = try c.decode(String.self, forKey: .mode)
        paused = try c.decode(Bool.self, forKey: .paused)
        photo = try c.decodeIfPresent(PhotoShown.self, forKey: .photo)
        photos = try c.decode(Int.self, forKey: .photos)
        schedule = try c.decodeIfPresent(String.self, forKey: .schedule)
        display = try c.decode(String.self, forKey: .display)
        nightClock = try c.decodeIfPresent(Bool.self, forKey: .nightClock)
        brightness = try c.decodeIfPresent(Int.self, forKey: .brightness)
        source = try c.decode(SourceShown.self, forKey: .source)
        online = try c.decode(Bool.self, forKey: .online)
        interval = try c.decode(Double.self, forKey: .interval)
        notice = try c.decodeIfPresent(String.self, forKey: .notice)
        speed = try c.decodeIfPresent(Double.self, forKey: .speed)
        overlays = try c.decodeIfPresent([String: OverlayShown].self, forKey: .overlays)
        lastAdvanced = try c.decodeIfPresent(String.self, forKey: .lastAdvanced)
        stalled = try c.decodeIfPresent(Bool.self, forKey: .stalled) ?? false
        health = try c.decodeIfPresent(FrameHealth.self, forKey: .health)
    }

    /// The JSON the remote answers with: keys sorted, so two equal states read the same.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
