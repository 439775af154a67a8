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
    /// on or off.
    public var display: String
    public var source: SourceShown
    public var online: Bool
    /// The slideshow's seconds per photo.
    public var interval: Double
    /// What the frame's owner should know about its remotes: another frame that uses its MQTT id.
    public var notice: String?
    /// A kiosk wall's scrolling speed, pixels a second (nil off a kiosk).
    public var speed: Double?

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
        public init(version: String, name: String?, displayOn: Bool, source: SourceShown, online: Bool,
                    notice: String? = nil, authorIsFileName: Bool = false) {
            self.version = version; self.name = name; self.displayOn = displayOn; self.source = source
            self.online = online; self.notice = notice; self.authorIsFileName = authorIsFileName
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
        schedule = model.kiosk?.schedule?.description
        display = facts.displayOn ? "on" : "off"
        source = facts.source
        online = facts.online
        notice = facts.notice
        interval = model.config.slideInterval
        speed = model.kiosk?.autoScroll.speed
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

    /// The JSON the remote answers with: keys sorted, so two equal states read the same.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
